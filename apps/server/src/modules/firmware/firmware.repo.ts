import type {
  SoftwareVersionPageRequest,
  UpgradeCandidatePageRequest,
  UpgradeRecordPageRequest,
} from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { DeviceSoftwareVersionTable, DeviceUpgradeRecordTable } from '../../db/tables/firmware.ts';

export type VersionRow = Selectable<DeviceSoftwareVersionTable> & { typeName: string; typeCode: string };
export type RecordRow = Selectable<DeviceUpgradeRecordTable>;
export type RecordView = RecordRow & {
  versionValue: string;
  versionLabel: string;
  deviceGuid: string;
  deviceName: string;
  typeName: string;
};

/** Which platforms' devices and records a caller sees: every one (default platform) or one. */
export type PlatformScope = { kind: 'all' } | { kind: 'platform'; platformId: number };

/** States in which an upgrade still waits for its device. */
export const OPEN_STATES = ['pending', 'sent', 'downloading', 'installing'] as const;

/** Every query of firmware versions and upgrade records. */
export class FirmwareRepo {
  constructor(private readonly db: Db) {}

  private versions() {
    return this.db
      .selectFrom('deviceSoftwareVersion as v')
      .innerJoin('deviceType as t', 't.id', 'v.deviceTypeId')
      .selectAll('v')
      .select(['t.typeName', 't.typeCode']);
  }

  versionById(id: number): Promise<VersionRow | undefined> {
    return this.versions().where('v.id', '=', id).executeTakeFirst();
  }

  versionByValue(deviceTypeId: number, value: string): Promise<VersionRow | undefined> {
    return this.versions()
      .where('v.deviceTypeId', '=', deviceTypeId)
      .where('v.value', '=', value)
      .executeTakeFirst();
  }

  async versionPage(q: SoftwareVersionPageRequest): Promise<{ rows: VersionRow[]; totalCount: number }> {
    let query = this.db.selectFrom('deviceSoftwareVersion as v');
    if (q.deviceTypeId) query = query.where('v.deviceTypeId', '=', q.deviceTypeId);
    if (q.value) query = query.where(contains('v.value', q.value));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { value: 'v.value', label: 'v.label', createdAt: 'v.id', id: 'v.id' } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'v.id';
    const rows = await query
      .innerJoin('deviceType as t', 't.id', 'v.deviceTypeId')
      .selectAll('v')
      .select(['t.typeName', 't.typeCode'])
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  async insertVersion(row: Insertable<DeviceSoftwareVersionTable>): Promise<VersionRow> {
    const { id } = await this.db
      .insertInto('deviceSoftwareVersion')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.versionById(id)) as VersionRow;
  }

  async updateVersion(id: number, changes: Updateable<DeviceSoftwareVersionTable>): Promise<VersionRow> {
    await this.db.updateTable('deviceSoftwareVersion').set(changes).where('id', '=', id).execute();
    return (await this.versionById(id)) as VersionRow;
  }

  async deleteVersion(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceUpgradeRecord').where('versionId', '=', id).execute();
      await trx.deleteFrom('deviceSoftwareVersion').where('id', '=', id).execute();
    });
  }

  async openUpgradesOfVersion(versionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('deviceUpgradeRecord')
      .select(countAll().as('n'))
      .where('versionId', '=', versionId)
      .where('state', 'in', [...OPEN_STATES])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Devices by id within the scope, with their type and version; deleted devices are left out. */
  devicesById(ids: number[], scope: PlatformScope) {
    let query = this.db
      .selectFrom('device as d')
      .innerJoin('deviceType as t', 't.id', 'd.deviceTypeId')
      .select([
        'd.id',
        'd.deviceGuid',
        'd.platformId',
        'd.deviceTypeId',
        'd.version',
        'd.useState',
        't.onlineUpgradeStatus',
      ])
      .where('d.id', 'in', ids)
      .where('d.deletedFlag', '=', 0);
    if (scope.kind === 'platform') query = query.where('d.platformId', '=', scope.platformId);
    return query.execute();
  }

  /** Which of these devices have an upgrade still open. */
  async busyDevices(ids: number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('deviceUpgradeRecord')
      .select('deviceId')
      .where('deviceId', 'in', ids)
      .where('state', 'in', [...OPEN_STATES])
      .execute();
    return rows.map((r) => r.deviceId);
  }

  /** The records and their commands of one batch, written in one transaction. */
  async insertBatch(
    records: { record: Insertable<DeviceUpgradeRecordTable>; command: (recordId: number) => string }[],
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { record, command } of records) {
        const { id } = await trx
          .insertInto('deviceUpgradeRecord')
          .values(record)
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = await trx
          .insertInto('deviceCommand')
          .values({
            deviceId: record.deviceId,
            commandType: 'upgrade',
            payload: command(id),
            state: 'pending',
            createdAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('deviceUpgradeRecord')
          .set({ commandId: created.id })
          .where('id', '=', id)
          .execute();
      }
    });
  }

  private recordViews() {
    return this.db
      .selectFrom('deviceUpgradeRecord as r')
      .innerJoin('deviceSoftwareVersion as v', 'v.id', 'r.versionId')
      .innerJoin('device as d', 'd.id', 'r.deviceId')
      .innerJoin('deviceType as t', 't.id', 'd.deviceTypeId');
  }

  async recordPage(
    q: UpgradeRecordPageRequest,
    scope: PlatformScope,
  ): Promise<{ rows: RecordView[]; totalCount: number }> {
    let query = this.recordViews();
    if (scope.kind === 'platform') query = query.where('r.platformId', '=', scope.platformId);
    if (q.versionId) query = query.where('r.versionId', '=', q.versionId);
    if (q.batchId) query = query.where('r.batchId', '=', q.batchId);
    if (q.state) query = query.where('r.state', '=', q.state);
    if (q.deviceGuid) query = query.where(contains('d.deviceGuid', q.deviceGuid));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('r')
      .select([
        'v.value as versionValue',
        'v.label as versionLabel',
        'd.deviceGuid',
        'd.deviceName',
        't.typeName',
      ])
      .orderBy('r.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  recordById(id: number): Promise<RecordRow | undefined> {
    return this.db.selectFrom('deviceUpgradeRecord').selectAll().where('id', '=', id).executeTakeFirst();
  }

  recordView(id: number, scope: PlatformScope): Promise<RecordView | undefined> {
    let query = this.recordViews()
      .selectAll('r')
      .select([
        'v.value as versionValue',
        'v.label as versionLabel',
        'd.deviceGuid',
        'd.deviceName',
        't.typeName',
      ])
      .where('r.id', '=', id);
    if (scope.kind === 'platform') query = query.where('r.platformId', '=', scope.platformId);
    return query.executeTakeFirst();
  }

  updateRecord(id: number, changes: Updateable<DeviceUpgradeRecordTable>) {
    return this.db.updateTable('deviceUpgradeRecord').set(changes).where('id', '=', id).execute();
  }

  /** Stores a device's report and, when it says so, its new version, in one transaction. */
  async applyReport(
    record: RecordRow,
    changes: Updateable<DeviceUpgradeRecordTable>,
    deviceVersion: string | null,
    now: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('deviceUpgradeRecord').set(changes).where('id', '=', record.id).execute();
      if (deviceVersion !== null)
        await trx
          .updateTable('device')
          .set({ version: deviceVersion, updatedAt: now })
          .where('id', '=', record.deviceId)
          .execute();
      // A finished upgrade needs its command no more (a device that rebooted before acknowledging).
      if (record.commandId !== null && changes.finishedAt)
        await trx
          .updateTable('deviceCommand')
          .set({ state: 'acked', ackedAt: now })
          .where('id', '=', record.commandId)
          .where('state', 'in', ['pending', 'sent'])
          .execute();
    });
  }

  /** Open records with their command's state, for the sweep. */
  openRecords() {
    return this.db
      .selectFrom('deviceUpgradeRecord as r')
      .leftJoin('deviceCommand as c', 'c.id', 'r.commandId')
      .select([
        'r.id',
        'r.state',
        'r.createdAt',
        'r.lastReportAt',
        'r.commandId',
        'c.state as commandState',
        'c.sentAt as commandSentAt',
        'c.result as commandResult',
      ])
      .where('r.state', 'in', [...OPEN_STATES])
      .orderBy('r.id')
      .limit(1000)
      .execute();
  }

  /** Fails a record still open; the command it carries is dropped so a late device does not start it. */
  async failOpen(
    id: number,
    commandId: number | null,
    failure: string,
    detail: string | null,
    now: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('deviceUpgradeRecord')
        .set({ state: 'failed', failure, detail, updatedAt: now, finishedAt: now })
        .where('id', '=', id)
        .where('state', 'in', [...OPEN_STATES])
        .executeTakeFirst();
      if (commandId !== null)
        await trx
          .updateTable('deviceCommand')
          .set({ state: 'failed', ackedAt: now, result: JSON.stringify(failure) })
          .where('id', '=', commandId)
          .where('state', 'in', ['pending', 'sent'])
          .execute();
      return Number(done.numUpdatedRows) === 1;
    });
  }

  /** Devices of one type in the scope, with their latest upgrade's state. */
  async candidates(
    q: UpgradeCandidatePageRequest,
    scope: PlatformScope,
  ): Promise<{
    rows: {
      id: number;
      deviceGuid: string;
      deviceName: string;
      version: string | null;
      status: string;
      lastState: string | null;
    }[];
    totalCount: number;
  }> {
    let query = this.db
      .selectFrom('device as d')
      .where('d.deviceTypeId', '=', q.deviceTypeId)
      .where('d.deletedFlag', '=', 0);
    if (scope.kind === 'platform') query = query.where('d.platformId', '=', scope.platformId);
    if (q.deviceGuid) query = query.where(contains('d.deviceGuid', q.deviceGuid));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const devices = await query
      .select(['d.id', 'd.deviceGuid', 'd.deviceName', 'd.version', 'd.status'])
      .orderBy('d.deviceGuid')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    const ids = devices.map((d) => d.id);
    const latest = new Map<number, string>();
    if (ids.length > 0) {
      const records = await this.db
        .selectFrom('deviceUpgradeRecord')
        .select(['deviceId', 'state'])
        .where('deviceId', 'in', ids)
        .orderBy('id')
        .execute();
      for (const r of records) latest.set(r.deviceId, r.state);
    }
    return {
      rows: devices.map((d) => ({ ...d, lastState: latest.get(d.id) ?? null })),
      totalCount: Number(total.n),
    };
  }
}
