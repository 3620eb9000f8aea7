import type { OrderRow, PageResponse, UserBill } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType } from '../devices/test-support.ts';
import { seedDemoOrders } from './demo-orders.ts';

describe('demo orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives demo_user bills and orders in every state once, shown by the order calls', async () => {
    const operator = await login(t.app, 'demo_operator');
    const user = await login(t.app, 'demo_user');
    const { type } = await publishedType(t.app, operator);
    await addDevice(t.app, user, type.id, { deviceName: 'Demo freezer' });
    await seedDemoOrders(t.app.ctx);
    await seedDemoOrders(t.app.ctx);
    const orders = await call<PageResponse<OrderRow>>(
      t.app,
      'POST',
      '/api/payment/PayOrder/selectMyOrderList',
      {
        token: user,
        body: { start: 1, pageSize: 10 },
      },
    );
    expect(orders.data.totalCount).toBe(4);
    expect(orders.data.data.map((o) => o.payStatus).sort()).toEqual([2, 2, 4, 5]);
    expect(orders.data.data.map((o) => o.invoiceStatus).sort()).toEqual([0, 0, 1, 2]);
    const bills = await call<UserBill[]>(t.app, 'POST', '/api/payment/PayUserBill/list', { token: user });
    expect(bills.data.map((b) => b.billDefaultStatus)).toEqual([true, false]);
    const admin = await call<PageResponse<OrderRow>>(t.app, 'POST', '/api/payment/PayOrder/selectOrderList', {
      token: operator,
      body: { start: 1, pageSize: 10, invoiceStatus: 1 },
    });
    expect(admin.data.totalCount).toBe(1);
  });
});
