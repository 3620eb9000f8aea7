import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('payments tables (migration 0018)', () => {
  it('a notice is stored once per provider and transaction id', async () => {
    const db = t.app.ctx.db;
    const now = new Date().toISOString();
    const platform = await db.selectFrom('platform').select('id').executeTakeFirstOrThrow();
    const account = await db.selectFrom('account').select('id').executeTakeFirstOrThrow();
    const order = await db
      .insertInto('payOrder')
      .values({
        orderCode: 'T1',
        platformId: platform.id,
        accountId: account.id,
        kind: 'service',
        payType: 1,
        payStatus: 1,
        orderFee: 100,
        payFee: 100,
        currency: 'CNY',
        levelId: null,
        levelName: null,
        levelYearId: null,
        servicePackageId: null,
        activityId: null,
        smsPackageId: null,
        voicePackageId: null,
        countryCode: null,
        simIccid: null,
        creditPayload: null,
        billId: null,
        orderDescription: 'x',
        provider: 'sandbox',
        payToken: 'tok',
        requestHash: null,
        transactionId: null,
        paymentPlatformId: null,
        createdAt: now,
        updatedAt: now,
        paidAt: null,
        refundedAt: null,
        closedAt: null,
        expiresAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = {
      provider: 'sandbox',
      transactionId: 'TX1',
      orderId: order.id,
      amount: 100,
      currency: 'CNY',
      source: 'notify',
      body: '{}',
      receivedAt: now,
    };
    await db.insertInto('paymentNotice').values(notice).execute();
    await expect(db.insertInto('paymentNotice').values(notice).execute()).rejects.toThrow();
    await db
      .insertInto('paymentNotice')
      .values({ ...notice, provider: 'wechat' })
      .execute();
  });
});
