import {
  DEVICE_MAP_MAX,
  DEVICE_ONLINE_STATUSES,
  type DevicePageRequest,
  type DeviceUseState,
  type ExpiredDeviceQuery,
} from '@coldchain/shared';
import {
  type Expression,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type {
  DeviceCommandTable,
  DeviceProbeSettingTable,
  DeviceTable,
  DeviceTypeParamTable,
} from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DeviceScope } from './device-policy.ts';

export type DeviceRecord = Selectable<DeviceTable>;
export type ProbeSettingRow = Selectable<DeviceProbeSettingTable>;
export type CommandRow = Selectable<DeviceCommandTable>;
export type TypeParamRow = Selectable<DeviceTypeParamTable>;

/** A device with what its list, map, board and detail show from its type, model and owner. */
export type DeviceView = DeviceRecord & {
  typeName: string;
  typeCode: string;
  deviceImg: string | null;
  typeScenes: string;
  manualUrl: string | null;
  convertStatus: number;
  addType: number;
  ownerName: string;
  modelName: string | null;
};

/**
 * The scope of policy.visibleDevices as a condition on the device table. Granted devices are found
 * by subqueries on the caller's account (indexes device_share_account_state and
 * organization_member_account), so the condition stays the same size however much is shared.
 */
export function scopeCondition(scope: DeviceScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.kind === 'platform') return sql<SqlBool>`${sql.ref('device.platformId')} = ${scope.platformId}`;
  const platform = sql<SqlBool>`${sql.ref('device.platformId')} = ${scope.platformId}`;
  if (scope.kind === 'organization')
    return sql<SqlBool>`${platform} and ${sql.ref('device.organizationId')} = ${scope.organizationId}`;
  const own = sql<SqlBool>`${sql.ref('device.accountId')} = ${scope.accountId}`;
  if (scope.kind === 'owner') return sql<SqlBool>`${own} and ${platform}`;
  const shared = sql<SqlBool>`${sql.ref('device.id')} in (select ${sql.ref('deviceShare.deviceId')} from ${sql.table('deviceShare')} where ${sql.ref('deviceShare.accountId')} = ${scope.accountId} and ${sql.ref('deviceShare.state')} = 'accepted' and (${sql.ref('deviceShare.expiresAt')} is null or ${sql.ref('deviceShare.expiresAt')} > ${scope.at}))`;
  const organization = sql<SqlBool>`${sql.ref('device.organizationId')} in (select ${sql.ref('organizationMember.organizationId')} from ${sql.table('organizationMember')} where ${sql.ref('organizationMember.accountId')} = ${scope.accountId})`;
  return sql<SqlBool>`${platform} and (${own} or ${shared} or ${organization})`;
}

/** Devices whose type lists a scene among its comma-separated typeScenes. */
function sceneCondition(scene: number): Expression<SqlBool> {
  return sql<SqlBool>`(',' || ${sql.ref('deviceType.typeScenes')} || ',') like ${`%,${scene},%`}`;
}

const ONLINE = sql.join(DEVICE_ONLINE_STATUSES.map((s) => sql.lit(s)));

export interface DeviceCountsRow {
  total: number;
  online: number;
  offline: number;
  alarm: number;
  disabled: number;
  scrapped: number;
  expired: number;
  notEnabled: number;
}

export class DevicesRepo {
  constructor(private readonly db: Db) {}

  private views() {
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .innerJoin('account', 'account.id', 'device.accountId')
      .leftJoin('deviceModel', 'deviceModel.id', 'device.deviceModelId')
      .selectAll('device')
      .select([
        'deviceType.typeName',
        'deviceType.typeCode',
        'deviceType.deviceImg',
        'deviceType.typeScenes',
        'deviceType.manualUrl',
        'deviceType.convertStatus',
        'deviceType.addType',
        'account.userName as ownerName',
        'deviceModel.modelName',
      ]);
  }

  /** A live (not deleted) device with its type, model and owner. */
  view(id: number): Promise<DeviceView | undefined> {
    return this.views().where('device.id', '=', id).where('device.deletedFlag', '=', 0).executeTakeFirst();
  }

  byGuid(guid: string): Promise<DeviceRecord | undefined> {
    return this.db.selectFrom('device').selectAll().where('deviceGuid', '=', guid).executeTakeFirst();
  }

  /** Live devices by id, in no particular order. */
  byIds(ids: readonly number[]): Promise<DeviceRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device')
      .selectAll()
      .where('id', 'in', ids)
      .where('deletedFlag', '=', 0)
      .execute();
  }

  insert(row: Insertable<DeviceTable>): Promise<DeviceRecord> {
    return this.db.insertInto('device').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Binds a deleted device's row to a new owner: what belonged to the previous binding (settings,
   * maintenance records, commands) goes; readings stay keyed by device id and the new binding
   * starts at createdAt.
   */
  revive(id: number, row: Updateable<DeviceTable>): Promise<DeviceRecord> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceProbeSetting').where('deviceId', '=', id).execute();
      await trx.deleteFrom('deviceMaintainRecord').where('deviceId', '=', id).execute();
      await trx.deleteFrom('deviceCommand').where('deviceId', '=', id).execute();
      return trx
        .updateTable('device')
        .set((eb) => ({ ...row, credentialRotation: eb('credentialRotation', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  update(id: number, changes: Updateable<DeviceTable>): Promise<DeviceRecord | undefined> {
    return this.db
      .updateTable('device')
      .set(changes)
      .where('id', '=', id)
      .where('deletedFlag', '=', 0)
      .returningAll()
      .executeTakeFirst();
  }

  async setUseState(ids: readonly number[], useState: DeviceUseState, now: string): Promise<void> {
    await this.db
      .updateTable('device')
      .set({ useState, updatedAt: now })
      .where('id', 'in', ids)
      .where('deletedFlag', '=', 0)
      .execute();
  }

  async softDelete(ids: readonly number[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('deviceCommand')
        .set({ state: 'failed', result: 'deviceDeleted' })
        .where('deviceId', 'in', ids)
        .where('state', 'in', ['pending', 'sent'])
        .execute();
      await trx
        .updateTable('device')
        .set({ deletedFlag: 1, updatedAt: now })
        .where('id', 'in', ids)
        .where('deletedFlag', '=', 0)
        .execute();
    });
  }

  async incrementRotation(id: number, now: string): Promise<DeviceRecord> {
    return this.db
      .updateTable('device')
      .set((eb) => ({ credentialRotation: eb('credentialRotation', '+', 1), updatedAt: now }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async page(scope: DeviceScope, q: DevicePageRequest): Promise<{ rows: DeviceView[]; totalCount: number }> {
    let query = this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope));
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    if (q.deviceGuid) query = query.where(contains('device.deviceGuid', q.deviceGuid));
    if (q.status) query = query.where('device.status', '=', q.status);
    if (q.useState) query = query.where('device.useState', '=', q.useState);
    if (q.deviceTypeId) query = query.where('device.deviceTypeId', '=', q.deviceTypeId);
    if (q.accountId) query = query.where('device.accountId', '=', q.accountId);
    if (q.organizationId) query = query.where('device.organizationId', '=', q.organizationId);
    if (q.scene) query = query.where(sceneCondition(q.scene));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      deviceName: 'device.deviceName',
      deviceGuid: 'device.deviceGuid',
      status: 'device.status',
      useState: 'device.useState',
      lastSeenAt: 'device.lastSeenAt',
      serviceExpiredDate: 'device.serviceExpiredDate',
      battery: 'device.battery',
      typeName: 'deviceType.typeName',
      createdAt: 'device.id',
      id: 'device.id',
    } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'device.id';
    const direction = q.sortOrder === 'ascend' ? 'asc' : 'desc';
    const ids = await query
      .select('device.id')
      .orderBy(column, direction)
      .orderBy('device.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    const views = ids.length
      ? await this.views()
          .where(
            'device.id',
            'in',
            ids.map((r) => r.id),
          )
          .execute()
      : [];
    const byId = new Map(views.map((v) => [v.id, v]));
    const rows = ids.map((r) => byId.get(r.id)).filter((v): v is DeviceView => v !== undefined);
    return { rows, totalCount: Number(total.n) };
  }

  /** Live devices by id with their views, in the order asked. */
  async viewsByIds(ids: readonly number[]): Promise<DeviceView[]> {
    if (ids.length === 0) return [];
    const views = await this.views()
      .where('device.id', 'in', ids)
      .where('device.deletedFlag', '=', 0)
      .execute();
    const byId = new Map(views.map((v) => [v.id, v]));
    return ids.map((id) => byId.get(id)).filter((v): v is DeviceView => v !== undefined);
  }

  /** Dashboard counts (see docs/decisions.md for what each counts). */
  async counts(scope: DeviceScope, now: string): Promise<DeviceCountsRow> {
    const enabled = sql<SqlBool>`${sql.ref('useState')} = 'enabled'`;
    const row = await this.db
      .selectFrom('device')
      .where('deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .select([
        countAll().as('total'),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('status')} in (${ONLINE}) then 1 else 0 end)`.as('online'),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('status')} not in (${ONLINE}) then 1 else 0 end)`.as(
          'offline',
        ),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('status')} = 'alarm' then 1 else 0 end)`.as('alarm'),
        sql<string | number>`sum(case when ${sql.ref('useState')} = 'stopped' then 1 else 0 end)`.as(
          'disabled',
        ),
        sql<string | number>`sum(case when ${sql.ref('useState')} = 'scrapped' then 1 else 0 end)`.as(
          'scrapped',
        ),
        sql<
          string | number
        >`sum(case when ${sql.ref('useState')} <> 'scrapped' and ${sql.ref('serviceExpiredDate')} < ${now} then 1 else 0 end)`.as(
          'expired',
        ),
        sql<string | number>`sum(case when ${sql.ref('useState')} = 'notEnabled' then 1 else 0 end)`.as(
          'notEnabled',
        ),
      ])
      .executeTakeFirstOrThrow();
    const n = (v: string | number | null) => Number(v ?? 0);
    return {
      total: n(row.total),
      online: n(row.online),
      offline: n(row.offline),
      alarm: n(row.alarm),
      disabled: n(row.disabled),
      scrapped: n(row.scrapped),
      expired: n(row.expired),
      notEnabled: n(row.notEnabled),
    };
  }

  positions(scope: DeviceScope) {
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .where('device.latitude', 'is not', null)
      .where('device.longitude', 'is not', null)
      .select([
        'device.id',
        'device.deviceName',
        'device.deviceGuid',
        'deviceType.typeName',
        'device.status',
        'device.useState',
        'device.latitude',
        'device.longitude',
        'device.address',
      ])
      .orderBy('device.id')
      .limit(DEVICE_MAP_MAX)
      .execute();
  }

  /** Devices whose service lapsed before `until` (and, with `from`, not before it); scrapped ones excluded. */
  async expiring(
    scope: DeviceScope,
    q: Pick<ExpiredDeviceQuery, 'start' | 'pageSize' | 'accountId'>,
    range: { from?: string; until: string },
  ) {
    let query = this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .where('device.deletedFlag', '=', 0)
      .where('device.useState', '<>', 'scrapped')
      .where(scopeCondition(scope))
      .where('device.serviceExpiredDate', '<', range.until);
    if (range.from) query = query.where('device.serviceExpiredDate', '>=', range.from);
    if (q.accountId) query = query.where('device.accountId', '=', q.accountId);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'device.id',
        'device.deviceName',
        'device.deviceGuid',
        'deviceType.typeName',
        'device.deviceTypeId',
        'device.serviceExpiredDate',
        'device.countryCode',
      ])
      .orderBy('device.serviceExpiredDate')
      .orderBy('device.id')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, total: Number(total.n) };
  }

  /** The earliest service expiry among the live, unscrapped devices of a scope. */
  async earliestExpiry(scope: DeviceScope): Promise<string | null> {
    const row = await this.db
      .selectFrom('device')
      .where('deletedFlag', '=', 0)
      .where('useState', '<>', 'scrapped')
      .where(scopeCondition(scope))
      .select((eb) => eb.fn.min('serviceExpiredDate').as('earliest'))
      .executeTakeFirst();
    return row?.earliest ?? null;
  }

  // ---- parameter settings and commands

  probeParams(deviceTypeId: number): Promise<TypeParamRow[]> {
    return this.db
      .selectFrom('deviceTypeParam')
      .selectAll()
      .where('deviceTypeId', '=', deviceTypeId)
      .where('probeId', 'is not', null)
      .orderBy('probeId')
      .orderBy('paramSortNo')
      .execute();
  }

  /** The probe parameters of several types at once, ordered like probeParams within each type. */
  probeParamsOfTypes(deviceTypeIds: readonly number[]): Promise<TypeParamRow[]> {
    if (deviceTypeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('deviceTypeParam')
      .selectAll()
      .where('deviceTypeId', 'in', deviceTypeIds)
      .where('probeId', 'is not', null)
      .orderBy('deviceTypeId')
      .orderBy('probeId')
      .orderBy('paramSortNo')
      .execute();
  }

  probeSettings(deviceId: number): Promise<ProbeSettingRow[]> {
    return this.db
      .selectFrom('deviceProbeSetting')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('probeId')
      .execute();
  }

  latestCommand(deviceId: number, commandType: string): Promise<CommandRow | undefined> {
    return this.db
      .selectFrom('deviceCommand')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('commandType', '=', commandType)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Stores new settings and queues the command that carries them to the device, in one transaction;
   * an older settings command the device has not taken yet is superseded.
   */
  async saveSettings(
    deviceId: number,
    changes: Updateable<DeviceTable>,
    probes: Insertable<DeviceProbeSettingTable>[],
    command: Insertable<DeviceCommandTable>,
  ): Promise<CommandRow> {
    return this.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length)
        await trx.updateTable('device').set(changes).where('id', '=', deviceId).execute();
      for (const probe of probes) {
        await trx
          .insertInto('deviceProbeSetting')
          .values(probe)
          .onConflict((oc) =>
            oc.columns(['deviceId', 'probeId']).doUpdateSet({
              probeName: probe.probeName,
              upperLimit: probe.upperLimit,
              lowerLimit: probe.lowerLimit,
              correctionValue: probe.correctionValue,
              updatedAt: probe.updatedAt,
            }),
          )
          .execute();
      }
      await trx
        .updateTable('deviceCommand')
        .set({ state: 'failed', result: 'superseded' })
        .where('deviceId', '=', deviceId)
        .where('commandType', '=', command.commandType)
        .where('state', '=', 'pending')
        .execute();
      return trx.insertInto('deviceCommand').values(command).returningAll().executeTakeFirstOrThrow();
    });
  }

  /** A live account that may own devices. */
  owner(accountId: number) {
    return this.db
      .selectFrom('account')
      .select(['id', 'platformId', 'userName'])
      .where('id', '=', accountId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }
}
