import type { Platform, UserBill } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { type Buyer, buyerWithDevices, orderRow, purchaseWorld } from '../payments/test-support.ts';
import {
  ORDER_PROBES,
  type OrderProbe,
  type OrderProbeContext,
  type OrderTarget,
} from './isolation-probes.ts';
import { paidServiceOrder } from './test-support.ts';

const BILL = '/api/payment/PayUserBill';
const personal = (name: string) => ({
  invoiceType: 1,
  personalName: name,
  billUserName: name,
  billMail: `${name.toLowerCase()}@example.com`,
  billPhone: '13800000000',
});

describe('orders, refunds, bills and invoices never reach another account’s or platform’s', () => {
  let t: TestApp;
  let owner: Buyer;
  let intruder: Buyer;
  let officeB: { token: string };
  const host = 'orders-b.example.com';
  const ids: Record<OrderTarget, number> = { order: 0, bill: 0 };
  const missing = 9_999_999;
  let context: OrderProbeContext;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await purchaseWorld(t.app);
    owner = await buyerWithDevices(t.app, world.typeId, 1);
    intruder = await buyerWithDevices(t.app, world.typeId, 1);
    ids.order = Number(await paidServiceOrder(t.app, owner.token, world, owner.devices[0]?.id ?? 0));
    ids.bill = (
      await call<UserBill>(t.app, 'POST', `${BILL}/insert`, { token: owner.token, body: personal('Owner') })
    ).data.billId;
    context = {
      ownOrder: await paidServiceOrder(t.app, intruder.token, world, intruder.devices[0]?.id ?? 0),
      ownBill: (
        await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
          token: intruder.token,
          body: personal('Intruder'),
        })
      ).data.billId,
    };
    const operator = await login(t.app, 'demo_operator');
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: host, title: 'Tenant B' },
    });
    officeB = await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host });
  });
  afterAll(async () => t?.close());

  const ask = async (probe: OrderProbe, id: number) => {
    const office = probe.intruder === 'office';
    const response = await t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: {
        authorization: `Bearer ${office ? officeB.token : intruder.token}`,
        'accept-language': 'en-US',
        ...(office ? { host } : {}),
      },
      ...(probe.body ? { payload: probe.body(id, context) as Record<string, unknown> } : {}),
      ...(probe.query ? { query: probe.query(id, context) } : {}),
    });
    const body = JSON.parse(response.body) as { code: number; msg: string };
    return { status: response.statusCode, code: body.code, msg: body.msg };
  };

  it.each(ORDER_PROBES.map((p) => [`${p.target} ${p.name}`, p] as const))(
    '%s: another’s id answers exactly like a missing one',
    async (_name, probe) => {
      const foreign = await ask(probe, ids[probe.target]);
      const absent = await ask(probe, missing);
      expect(foreign.code).not.toBe(0);
      expect(foreign).toEqual(absent);
    },
  );

  it('left the owner’s order, bill and invoice untouched', async () => {
    const order = await orderRow(t.app, ids.order);
    expect(order).toMatchObject({ payStatus: 2, refundedFee: 0, invoiceStatus: 0 });
    expect(order.orderDescription).not.toBe('taken');
    const bills = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token: owner.token });
    expect(bills.data.map((b) => [b.billId, b.billUserName])).toEqual([[ids.bill, 'Owner']]);
  });
});
