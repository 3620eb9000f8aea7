import { PAY_STATUS_CLOSED, PAY_STATUS_UNPAID } from '@coldchain/shared';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { PayOrderDeviceTable, PayOrderTable } from '../../db/tables/payments.ts';
import type { PayOrderRow } from './providers/provider.ts';

/** What order creation and the purchase drawer read of a device. */
export interface PurchaseDeviceRow {
  id: number;
  platformId: number;
  accountId: number;
  organizationId: number | null;
  deviceName: string;
  deviceGuid: string;
  deviceTypeId: number;
  typeName: string;
  nodeType: number;
  countryCode: string | null;
  iccId: string | null;
  serverLevel: number;
  serviceExpiredDate: string;
  dataExpiredDate: string;
  smsCount: number;
  voiceCount: number;
}

type Executor = Db | Transaction<Database>;

/** Every query of orders, their devices and agreements. */
export class PaymentsRepo {
  constructor(private readonly db: Db) {}

  async devices(ids: readonly number[]): Promise<PurchaseDeviceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .select([
        'device.id',
        'device.platformId',
        'device.accountId',
        'device.organizationId',
        'device.deviceName',
        'device.deviceGuid',
        'device.deviceTypeId',
        'deviceType.typeName',
        'deviceType.nodeType',
        'device.countryCode',
        'device.iccId',
        'device.serverLevel',
        'device.serviceExpiredDate',
        'device.dataExpiredDate',
        'device.smsCount',
        'device.voiceCount',
      ])
      .where('device.id', 'in', [...ids])
      .where('device.deletedFlag', '=', 0)
      .execute();
  }

  /** The caller's own devices of a country code (or without one), for the account-wide SMS order. */
  async ownDeviceIds(
    accountId: number,
    platformId: number,
    countryCode: string,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('device')
      .select('id')
      .where('accountId', '=', accountId)
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where((eb) => eb.or([eb('countryCode', '=', countryCode), eb('countryCode', 'is', null)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async levelNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('payServiceLevel')
      .select(['id', 'levelName'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.levelName]));
  }

  async agreements(deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('payDeviceAgreement')
      .selectAll()
      .where('deviceId', 'in', [...deviceIds])
      .execute();
  }

  async cancelAgreement(deviceId: number, at: string): Promise<void> {
    await this.db
      .updateTable('payDeviceAgreement')
      .set({ agreementStatus: 0, nextExecutionTime: null, updatedAt: at })
      .where('deviceId', '=', deviceId)
      .execute();
  }

  /** Whether a bill (invoice info) is the account's and not deleted. */
  async billOf(accountId: number, billId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('payUserBill')
      .select('id')
      .where('id', '=', billId)
      .where('accountId', '=', accountId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** An unpaid order of the account created from the same request since `since`. */
  async recentSameRequest(
    db: Executor,
    accountId: number,
    requestHash: string,
    since: string,
  ): Promise<PayOrderRow | undefined> {
    return db
      .selectFrom('payOrder')
      .selectAll()
      .where('accountId', '=', accountId)
      .where('requestHash', '=', requestHash)
      .where('createdAt', '>=', since)
      .where('payStatus', '=', PAY_STATUS_UNPAID)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insertOrder(
    db: Executor,
    order: Insertable<PayOrderTable>,
    lines: Omit<Insertable<PayOrderDeviceTable>, 'orderId'>[],
  ): Promise<PayOrderRow> {
    const row = await db.insertInto('payOrder').values(order).returningAll().executeTakeFirstOrThrow();
    for (let i = 0; i < lines.length; i += 100)
      await db
        .insertInto('payOrderDevice')
        .values(lines.slice(i, i + 100).map((line) => ({ ...line, orderId: row.id })))
        .execute();
    return row;
  }

  async order(id: number): Promise<PayOrderRow | undefined> {
    return this.db.selectFrom('payOrder').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The account's own order (another account's answers like a missing one). */
  async ownOrder(accountId: number, id: number): Promise<PayOrderRow | undefined> {
    return this.db
      .selectFrom('payOrder')
      .selectAll()
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .executeTakeFirst();
  }

  /** Moves an unpaid order to another pay type and provider. */
  async switchPayment(
    id: number,
    payType: number,
    provider: string,
    at: string,
  ): Promise<PayOrderRow | undefined> {
    return this.db
      .updateTable('payOrder')
      .set({ payType, provider, updatedAt: at })
      .where('id', '=', id)
      .where('payStatus', '=', PAY_STATUS_UNPAID)
      .returningAll()
      .executeTakeFirst();
  }

  async setPaymentPlatformId(id: number, value: string, at: string): Promise<void> {
    await this.db
      .updateTable('payOrder')
      .set({ paymentPlatformId: value.slice(0, 100), updatedAt: at })
      .where('id', '=', id)
      .execute();
  }

  /** Unpaid orders created before `before`, by id after `afterId`, a page for the reconciliation job. */
  async pendingBefore(before: string, afterId: number, limit: number): Promise<PayOrderRow[]> {
    return this.db
      .selectFrom('payOrder')
      .selectAll()
      .where('payStatus', '=', PAY_STATUS_UNPAID)
      .where('createdAt', '<', before)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Closes an unpaid order (expiry); false when it was paid meanwhile. */
  async close(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('payOrder')
      .set({ payStatus: PAY_STATUS_CLOSED, closedAt: at, updatedAt: at })
      .where('id', '=', id)
      .where('payStatus', '=', PAY_STATUS_UNPAID)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
