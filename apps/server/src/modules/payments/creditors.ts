import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PayOrderKind } from '../../db/tables/payments.ts';
import { creditDeviceCounts, creditDeviceService, creditPremium } from '../device-service/credit.ts';
import type { PayOrderRow } from './providers/provider.ts';

/** What a paid order gives, run inside the transaction that marks it paid. */
export type Creditor = (tx: Transaction<Database>, order: PayOrderRow, now: Date) => Promise<void>;

async function devicesOf(tx: Transaction<Database>, orderId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('payOrderDevice')
    .select('deviceId')
    .where('orderId', '=', orderId)
    .orderBy('deviceId')
    .execute();
  return rows.map((r) => r.deviceId);
}

/** The premium order's payload, written by the premium plans' order creation (device-service). */
export interface PremiumPayload {
  months: number;
  planId?: number;
}

/** The creditor of each order kind (device-service's credit functions). */
export const CREDITORS: Record<PayOrderKind, Creditor> = {
  async service(tx, order, now) {
    for (const deviceId of await devicesOf(tx, order.id))
      await creditDeviceService(
        tx,
        {
          deviceId,
          months: order.months,
          bonusMonths: order.presentationMonth,
          levelId: order.levelId ?? 0,
          dataOnly: order.dataOnly === 1,
        },
        now,
      );
  },
  async sms(tx, order) {
    for (const deviceId of await devicesOf(tx, order.id))
      await creditDeviceCounts(tx, { deviceId, smsCount: order.smsCount, voiceCount: order.voiceCount });
  },
  async premium(tx, order, now) {
    const payload = JSON.parse(order.creditPayload ?? '{}') as Partial<PremiumPayload>;
    await creditPremium(
      tx,
      { accountId: order.accountId, months: Number(payload.months ?? order.months) },
      now,
    );
  },
};
