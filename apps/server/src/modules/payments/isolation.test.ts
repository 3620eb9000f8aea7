import { PAY_STATUS_UNPAID } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedSmsPackage } from '../service-packages/test-support.ts';
import {
  PAYMENT_PROBES,
  type PaymentProbe,
  type PaymentTarget,
  type ProbeContext,
} from './isolation-probes.ts';
import { type Buyer, buyerWithDevices, createServiceOrder, orderRow, purchaseWorld } from './test-support.ts';

/** A bill (invoice info) of an account, written straight to the table. */
async function insertBill(t: TestApp, accountId: number, platformId: number): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.app.ctx.db
    .insertInto('payUserBill')
    .values({
      platformId,
      accountId,
      invoiceType: 1,
      billMode: 2,
      billDefaultStatus: 1,
      companyName: null,
      taxNumber: null,
      personalName: 'Owner',
      bankDeposit: null,
      billUserName: 'Owner',
      billMail: 'owner@example.com',
      billPhone: '13800000000',
      billAddress: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('purchase calls never reach another account’s devices, orders or bills', () => {
  let t: TestApp;
  let owner: Buyer;
  let intruder: Buyer;
  let context: ProbeContext;
  const ids: Record<PaymentTarget, number> = { device: 0, order: 0, bill: 0 };
  const missing = 9_999_999;

  beforeAll(async () => {
    t = await createTestApp();
    const world = await purchaseWorld(t.app);
    owner = await buyerWithDevices(t.app, world.typeId, 1);
    intruder = await buyerWithDevices(t.app, world.typeId, 1);
    const ownerDevice = owner.devices[0]?.id ?? 0;
    const intruderDevice = intruder.devices[0]?.id ?? 0;
    await t.app.ctx.db
      .updateTable('device')
      .set({ countryCode: '86' })
      .where('id', 'in', [ownerDevice, intruderDevice])
      .execute();
    const order = await createServiceOrder(t.app, owner.token, world, ownerDevice);
    const own = await createServiceOrder(t.app, intruder.token, world, intruderDevice);
    ids.device = ownerDevice;
    ids.order = Number(order.data.orderId);
    ids.bill = await insertBill(t, owner.id, world.platformId);
    await t.app.ctx.db
      .insertInto('payDeviceAgreement')
      .values({
        deviceId: ownerDevice,
        accountId: owner.id,
        agreementStatus: 1,
        levelId: world.levelId,
        levelYearId: world.yearId,
        nextExecutionTime: new Date(Date.now() + 86_400_000).toISOString(),
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    context = {
      levelId: world.levelId,
      levelYearId: world.yearId,
      servicePackageId: world.pkg.packageId,
      smsPackageId: await seedSmsPackage(t.app.ctx.db, world.platformId, {
        kind: 'sms',
        countryCode: '86',
        count: 100,
        packageFee: 1_000,
      }),
      ownDevice: intruderDevice,
      ownToken: (await orderRow(t.app, own.data.orderId)).payToken,
    };
  });
  afterAll(async () => t?.close());

  const ask = async (probe: PaymentProbe, id: number) => {
    const response = await t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: { authorization: `Bearer ${intruder.token}`, 'accept-language': 'en-US' },
      ...(probe.body ? { payload: probe.body(id, context) as Record<string, unknown> } : {}),
      ...(probe.query ? { query: probe.query(id, context) } : {}),
    });
    const body = JSON.parse(response.body) as { code: number; msg: string };
    return { status: response.statusCode, code: body.code, msg: body.msg };
  };
  it.each(PAYMENT_PROBES.map((p) => [`${p.target} ${p.name}`, p] as const))(
    '%s: another account’s id answers exactly like a missing one',
    async (_name, probe) => {
      const foreign = await ask(probe, ids[probe.target]);
      const absent = await ask(probe, missing);
      expect(foreign.code).not.toBe(0);
      expect(foreign).toEqual(absent);
    },
  );

  it('left the owner’s order unpaid, its device unbought and its agreement on', async () => {
    const order = await orderRow(t.app, ids.order);
    expect(order.payStatus).toBe(PAY_STATUS_UNPAID);
    expect(order.payType).toBe(1);
    const orders = await t.app.ctx.db
      .selectFrom('payOrderDevice')
      .select('orderId')
      .where('deviceId', '=', ids.device)
      .execute();
    expect(orders.map((o) => o.orderId)).toEqual([ids.order]);
    const agreement = await t.app.ctx.db
      .selectFrom('payDeviceAgreement')
      .select('agreementStatus')
      .where('deviceId', '=', ids.device)
      .executeTakeFirstOrThrow();
    expect(agreement.agreementStatus).toBe(1);
  });
});
