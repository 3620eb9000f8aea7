import type { DeviceSharePageRequest, RequestState } from '@coldchain/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DeviceShareLinkTable, DeviceShareTable } from '../../db/tables/people.ts';

export type ShareLinkRow = Selectable<DeviceShareLinkTable>;

/** A share with the names its lists show. */
export type ShareView = Selectable<DeviceShareTable> & {
  deviceName: string;
  deviceGuid: string;
  ownerName: string;
  accountName: string;
  permissionModelName: string | null;
};

/** A share that still counts: waiting for an answer, or accepted and not ended at `now`. */
export function isLive(share: Pick<DeviceShareTable, 'state' | 'expiresAt'>, now: string): boolean {
  if (share.state === 'pending') return true;
  return share.state === 'accepted' && (share.expiresAt === null || share.expiresAt > now);
}

/** Shares, share links and the accounts they name; every read is scoped by the account asking. */
export class SharingRepo {
  constructor(private readonly db: Db) {}

  private views() {
    return this.db
      .selectFrom('deviceShare')
      .innerJoin('device', 'device.id', 'deviceShare.deviceId')
      .innerJoin('account as owner', 'owner.id', 'deviceShare.ownerAccountId')
      .innerJoin('account as recipient', 'recipient.id', 'deviceShare.accountId')
      .leftJoin('permissionModel', 'permissionModel.id', 'deviceShare.permissionModelId')
      .selectAll('deviceShare')
      .select([
        'device.deviceName',
        'device.deviceGuid',
        'owner.userName as ownerName',
        'recipient.userName as accountName',
        'permissionModel.name as permissionModelName',
      ])
      .where('device.deletedFlag', '=', 0);
  }

  /** A share the account made or received; another account's id finds nothing. */
  involving(accountId: number, id: number): Promise<ShareView | undefined> {
    return this.views()
      .where('deviceShare.id', '=', id)
      .where((eb) =>
        eb.or([
          eb('deviceShare.ownerAccountId', '=', accountId),
          eb('deviceShare.accountId', '=', accountId),
        ]),
      )
      .executeTakeFirst();
  }

  async byIds(ids: readonly number[]): Promise<ShareView[]> {
    if (ids.length === 0) return [];
    return this.views().where('deviceShare.id', 'in', ids).orderBy('deviceShare.id').execute();
  }

  async page(
    accountId: number,
    q: DeviceSharePageRequest,
  ): Promise<{ rows: ShareView[]; totalCount: number }> {
    let query = this.views().where(
      q.side === 'sharer' ? 'deviceShare.ownerAccountId' : 'deviceShare.accountId',
      '=',
      accountId,
    );
    if (q.state) query = query.where('deviceShare.state', '=', q.state);
    if (q.accountName)
      query = query.where(
        contains(q.side === 'sharer' ? 'recipient.userName' : 'owner.userName', q.accountName),
      );
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    const total = await query.clearSelect().select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .orderBy('deviceShare.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Shares waiting for the account's answer, on devices their sharer still owns. */
  pendingFor(accountId: number): Promise<ShareView[]> {
    return this.views()
      .where('deviceShare.accountId', '=', accountId)
      .where('deviceShare.state', '=', 'pending')
      .whereRef('device.accountId', '=', 'deviceShare.ownerAccountId')
      .orderBy('deviceShare.id', 'desc')
      .execute();
  }

  /** Shares of these devices with this account that are pending or accepted (ended ones included). */
  existing(deviceIds: readonly number[], accountId: number) {
    return this.db
      .selectFrom('deviceShare')
      .select(['id', 'deviceId', 'state', 'expiresAt'])
      .where('deviceId', 'in', deviceIds)
      .where('accountId', '=', accountId)
      .where('state', 'in', ['pending', 'accepted'])
      .execute();
  }

  async insertAll(rows: Insertable<DeviceShareTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const row of rows) {
        const saved = await trx
          .insertInto('deviceShare')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(saved.id);
      }
      return ids;
    });
  }

  /**
   * Moves a share from one state to another; false when it was no longer in `from` (answered or
   * cancelled meanwhile), so two answers cannot both win.
   */
  async setState(id: number, from: readonly RequestState[], to: RequestState, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('deviceShare')
      .set({ state: to, respondedAt: now })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setModel(id: number, permissionModelId: number | null): Promise<void> {
    await this.db.updateTable('deviceShare').set({ permissionModelId }).where('id', '=', id).execute();
  }

  /** A live account of the platform by user name, phone or e-mail. */
  recipient(platformId: number, who: string) {
    return this.db
      .selectFrom('account')
      .select(['id', 'userName', 'platformId'])
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where((eb) => eb.or([eb('userName', '=', who), eb('phone', '=', who), eb('email', '=', who)]))
      .orderBy('id')
      .executeTakeFirst();
  }

  // ---- links

  async insertLink(row: Insertable<DeviceShareLinkTable>): Promise<ShareLinkRow> {
    return this.db.insertInto('deviceShareLink').values(row).returningAll().executeTakeFirstOrThrow();
  }

  linkByHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
    return this.db
      .selectFrom('deviceShareLink')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }

  accountName(id: number) {
    return this.db.selectFrom('account').select(['userName']).where('id', '=', id).executeTakeFirst();
  }

  modelName(id: number) {
    return this.db.selectFrom('permissionModel').select(['name']).where('id', '=', id).executeTakeFirst();
  }

  /** The live devices of a link that its owner still owns, with their type names. */
  linkDevices(ownerAccountId: number, deviceIds: readonly number[]) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .select(['device.id', 'device.deviceName', 'deviceType.typeName'])
      .where('device.id', 'in', deviceIds)
      .where('device.accountId', '=', ownerAccountId)
      .where('device.deletedFlag', '=', 0)
      .orderBy('device.id')
      .execute();
  }
}
