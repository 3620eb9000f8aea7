import type { DeviceTransferPageRequest, RequestState } from '@coldchain/shared';
import type { Insertable, Selectable } from 'kysely';
import type { AuditService } from '../../audit/audit.service.ts';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';
import type { DeviceTransferTable } from '../../db/tables/people.ts';
import { AppError } from '../../errors.ts';

export type TransferView = Selectable<DeviceTransferTable> & {
  deviceName: string;
  deviceGuid: string;
  fromName: string;
  toName: string;
};

/** Transfers, read only by their two parties. */
export class TransferRepo {
  constructor(private readonly db: Db) {}

  private views() {
    return this.db
      .selectFrom('deviceTransfer')
      .innerJoin('device', 'device.id', 'deviceTransfer.deviceId')
      .innerJoin('account as sender', 'sender.id', 'deviceTransfer.fromAccountId')
      .innerJoin('account as receiver', 'receiver.id', 'deviceTransfer.toAccountId')
      .selectAll('deviceTransfer')
      .select([
        'device.deviceName',
        'device.deviceGuid',
        'sender.userName as fromName',
        'receiver.userName as toName',
      ])
      .where('device.deletedFlag', '=', 0);
  }

  involving(accountId: number, id: number): Promise<TransferView | undefined> {
    return this.views()
      .where('deviceTransfer.id', '=', id)
      .where((eb) =>
        eb.or([
          eb('deviceTransfer.fromAccountId', '=', accountId),
          eb('deviceTransfer.toAccountId', '=', accountId),
        ]),
      )
      .executeTakeFirst();
  }

  async byIds(ids: readonly number[]): Promise<TransferView[]> {
    if (ids.length === 0) return [];
    return this.views().where('deviceTransfer.id', 'in', ids).orderBy('deviceTransfer.id').execute();
  }

  async page(
    accountId: number,
    q: DeviceTransferPageRequest,
  ): Promise<{ rows: TransferView[]; totalCount: number }> {
    let query = this.views().where(
      q.side === 'outgoing' ? 'deviceTransfer.fromAccountId' : 'deviceTransfer.toAccountId',
      '=',
      accountId,
    );
    if (q.state) query = query.where('deviceTransfer.state', '=', q.state);
    const total = await query.clearSelect().select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .orderBy('deviceTransfer.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Transfers waiting for the account's answer, of devices their sender still owns. */
  pendingFor(accountId: number): Promise<TransferView[]> {
    return this.views()
      .where('deviceTransfer.toAccountId', '=', accountId)
      .where('deviceTransfer.state', '=', 'pending')
      .whereRef('device.accountId', '=', 'deviceTransfer.fromAccountId')
      .orderBy('deviceTransfer.id', 'desc')
      .execute();
  }

  pendingOf(deviceIds: readonly number[]) {
    return this.db
      .selectFrom('deviceTransfer')
      .select(['id', 'deviceId'])
      .where('deviceId', 'in', deviceIds)
      .where('state', '=', 'pending')
      .execute();
  }

  async insertAll(rows: Insertable<DeviceTransferTable>[]): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const row of rows) {
        const saved = await trx
          .insertInto('deviceTransfer')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(saved.id);
      }
      return ids;
    });
  }

  async setState(id: number, from: readonly RequestState[], to: RequestState, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('deviceTransfer')
      .set({ state: to, respondedAt: now })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Moves the device to the recipient in one transaction: the transfer is accepted (only if still
   * pending and the sender still owns the device), the device changes owner and leaves the sender's
   * organization, the sender's shares of it end, and the device's operation log records the move.
   * Readings, settings and maintenance records stay with the device. False when it was answered already.
   */
  async complete(transfer: TransferView, now: string, audit: AuditService, actorIp: string | null) {
    return this.db.transaction().execute(async (trx) => {
      const accepted = await trx
        .updateTable('deviceTransfer')
        .set({ state: 'accepted', respondedAt: now })
        .where('id', '=', transfer.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(accepted.numUpdatedRows) !== 1) return false;
      const moved = await trx
        .updateTable('device')
        .set({ accountId: transfer.toAccountId, organizationId: null, updatedAt: now })
        .where('id', '=', transfer.deviceId)
        .where('accountId', '=', transfer.fromAccountId)
        .where('deletedFlag', '=', 0)
        .returning(['platformId'])
        .executeTakeFirst();
      // The device left its sender meanwhile: nothing of this transaction stays.
      if (!moved) throw new AppError('transferNotFound');
      await trx
        .updateTable('deviceShare')
        .set({ state: 'cancelled', respondedAt: now })
        .where('deviceId', '=', transfer.deviceId)
        .where('state', 'in', ['pending', 'accepted'])
        .execute();
      await trx
        .updateTable('deviceTransfer')
        .set({ state: 'cancelled', respondedAt: now })
        .where('deviceId', '=', transfer.deviceId)
        .where('state', '=', 'pending')
        .execute();
      await audit.append(
        {
          platformId: moved.platformId,
          accountId: transfer.toAccountId,
          accountName: transfer.toName,
          action: 'device.transfer',
          entityType: 'device',
          entityId: transfer.deviceId,
          oldValue: { accountId: transfer.fromAccountId, owner: transfer.fromName },
          newValue: { accountId: transfer.toAccountId, owner: transfer.toName },
          sourceIp: actorIp,
        },
        trx,
      );
      return true;
    });
  }
}
