import type {
  TrackTemplatePageRequest,
  WaybillPageRequest,
  WaybillSortField,
  WaybillTemplatePageRequest,
} from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { DeviceCommandTable } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type {
  TrackTemplateTable,
  WaybillShareTable,
  WaybillTable,
  WaybillTemplateTable,
} from '../../db/tables/waybill.ts';
import type { Owner } from '../geofences/geofences.repo.ts';

export type WaybillRecord = Selectable<WaybillTable>;
export type WaybillTemplateRow = Selectable<WaybillTemplateTable>;
export type TrackTemplateRow = Selectable<TrackTemplateTable>;

/** A waybill with what the lists show of its device. */
export interface WaybillWithDevice extends WaybillRecord {
  deviceGuid: string;
  deviceName: string;
  deviceStatus: string;
}

/** What the rules need of a device: its state and whether its type starts from the platform. */
export interface WaybillDevice {
  id: number;
  platformId: number;
  accountId: number;
  organizationId: number | null;
  deviceGuid: string;
  deviceName: string;
  status: string;
  useState: string;
  timeZone: string;
  recordInterval: number;
  uploadInterval: number;
  /** The type's waybillStatus: 1 the platform starts its waybills, 0 only the device can. */
  waybillStatus: number;
}

/** The list's filter, shared by the page and the export. */
export type WaybillFilter = Omit<WaybillPageRequest, 'start' | 'pageSize' | 'sortField' | 'sortOrder'>;

const NOT_ENDED = [0, 1];

/** The column behind each sort field of the list (the schema refuses any other field). */
const WAYBILL_SORT_COLUMNS = {
  orderNum: 'waybill.orderNum',
  expressNumber: 'waybill.expressNumber',
  goodsName: 'waybill.goodsName',
  deviceName: 'device.deviceName',
  deviceGuid: 'device.deviceGuid',
  waybillState: 'waybill.waybillState',
  startTime: 'waybill.startTime',
  endTime: 'waybill.endTime',
  startedAt: 'waybill.startedAt',
  stoppedAt: 'waybill.stoppedAt',
  receivedAt: 'waybill.receivedAt',
  expectedReceiveTime: 'waybill.expectedReceiveTime',
  createdAt: 'waybill.createdAt',
  id: 'waybill.id',
} as const satisfies Record<WaybillSortField, string>;

/** Waybills, their shares and templates: the only place with their queries. */
export class WaybillsRepo {
  constructor(private readonly db: Db) {}

  private withDevice() {
    return this.db
      .selectFrom('waybill')
      .innerJoin('device', 'device.id', 'waybill.deviceId')
      .selectAll('waybill')
      .select(['device.deviceGuid', 'device.deviceName', 'device.status as deviceStatus']);
  }

  /** A waybill of the owner (another account's id finds nothing). */
  byId(owner: Owner, id: number): Promise<WaybillWithDevice | undefined> {
    return this.withDevice()
      .where('waybill.id', '=', id)
      .where('waybill.accountId', '=', owner.accountId)
      .where('waybill.platformId', '=', owner.platformId)
      .executeTakeFirst();
  }

  /** A waybill whoever owns it (sweeps, the fence tracker, public pages after their own checks). */
  byIdUnscoped(id: number): Promise<WaybillWithDevice | undefined> {
    return this.withDevice().where('waybill.id', '=', id).executeTakeFirst();
  }

  /** A waybill of the owner by its key. */
  byOwnerPk(owner: Owner, waybillPk: string): Promise<WaybillWithDevice | undefined> {
    return this.withDevice()
      .where('waybill.waybillPk', '=', waybillPk)
      .where('waybill.accountId', '=', owner.accountId)
      .where('waybill.platformId', '=', owner.platformId)
      .executeTakeFirst();
  }

  byPk(platformId: number, waybillPk: string): Promise<WaybillWithDevice | undefined> {
    return this.withDevice()
      .where('waybill.waybillPk', '=', waybillPk)
      .where('waybill.platformId', '=', platformId)
      .executeTakeFirst();
  }

  private filtered(owner: Owner, f: WaybillFilter) {
    let query = this.withDevice()
      .where('waybill.accountId', '=', owner.accountId)
      .where('waybill.platformId', '=', owner.platformId);
    if (f.keyword) {
      const keyword = f.keyword;
      query = query.where((eb) =>
        eb.or([contains('waybill.orderNum', keyword), contains('waybill.expressNumber', keyword)]),
      );
    }
    if (f.waybillState !== undefined) query = query.where('waybill.waybillState', '=', f.waybillState);
    if (f.deviceId !== undefined) query = query.where('waybill.deviceId', '=', f.deviceId);
    if (f.createdFrom !== undefined)
      query = query.where('waybill.createdAt', '>=', new Date(f.createdFrom).toISOString());
    if (f.createdTo !== undefined)
      query = query.where('waybill.createdAt', '<', new Date(f.createdTo).toISOString());
    return query;
  }

  async page(owner: Owner, q: WaybillPageRequest) {
    const query = this.filtered(owner, q);
    const direction = q.sortOrder === 'ascend' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      query.clearSelect().select(countAll().as('n')).executeTakeFirstOrThrow(),
      query
        .orderBy(WAYBILL_SORT_COLUMNS[q.sortField ?? 'id'], (ob) => ob[direction]().nullsLast())
        .orderBy('waybill.id', direction)
        .limit(q.pageSize)
        .offset((q.start - 1) * q.pageSize)
        .execute(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** Every waybill the filter matches, newest first, a chunk at a time (the XLSX export). */
  async *walk(owner: Owner, f: WaybillFilter): AsyncGenerator<WaybillWithDevice[]> {
    const chunk = 1000;
    let before: number | null = null;
    for (;;) {
      let query = this.filtered(owner, f);
      if (before !== null) query = query.where('waybill.id', '<', before);
      const rows = await query.orderBy('waybill.id', 'desc').limit(chunk).execute();
      if (!rows.length) return;
      yield rows;
      if (rows.length < chunk) return;
      before = rows[rows.length - 1]?.id ?? 0;
    }
  }

  /**
   * Public look-up: the order number or one express number, exactly, on a platform. Express numbers
   * hold only letters, digits and hyphens, so a number with anything else can only be an order number
   * (and LIKE never sees a wildcard).
   */
  byTrackingNumber(platformId: number, trackingNumber: string, limit: number) {
    const plain = /^[A-Za-z0-9-]+$/.test(trackingNumber);
    return this.withDevice()
      .where('waybill.platformId', '=', platformId)
      .where((eb) =>
        eb.or([
          eb('waybill.orderNum', '=', trackingNumber),
          ...(plain
            ? [
                eb('waybill.expressNumber', '=', trackingNumber),
                eb('waybill.expressNumber', 'like', `${trackingNumber},%`),
                eb('waybill.expressNumber', 'like', `%,${trackingNumber}`),
                eb('waybill.expressNumber', 'like', `%,${trackingNumber},%`),
              ]
            : []),
        ]),
      )
      .orderBy('waybill.id', 'desc')
      .limit(limit)
      .execute();
  }

  byDeviceGuid(platformId: number, deviceGuid: string, limit: number) {
    return this.withDevice()
      .where('waybill.platformId', '=', platformId)
      .where('device.deviceGuid', '=', deviceGuid)
      .where('device.deletedFlag', '=', 0)
      .orderBy('waybill.id', 'desc')
      .limit(limit)
      .execute();
  }

  device(id: number): Promise<WaybillDevice | undefined> {
    return this.db
      .selectFrom('device')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .select([
        'device.id',
        'device.platformId',
        'device.accountId',
        'device.organizationId',
        'device.deviceGuid',
        'device.deviceName',
        'device.status',
        'device.useState',
        'device.timeZone',
        'device.recordInterval',
        'device.uploadInterval',
        'deviceType.waybillStatus',
      ])
      .where('device.id', '=', id)
      .where('device.deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  /** Another waybill of the device that has not ended (one device carries one shipment at a time). */
  async openOnDevice(deviceId: number, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('waybill')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('waybillState', 'in', NOT_ENDED);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  insert(row: Insertable<WaybillTable>): Promise<WaybillRecord> {
    return this.db.insertInto('waybill').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** A geofence's areas (JSON) whoever owns it: the air-mode fence sent to the device at the start. */
  async fenceAreas(id: number): Promise<string | null> {
    const row = await this.db.selectFrom('geofence').select('areas').where('id', '=', id).executeTakeFirst();
    return row?.areas ?? null;
  }

  async update(id: number, changes: Updateable<WaybillTable>): Promise<void> {
    await this.db.updateTable('waybill').set(changes).where('id', '=', id).execute();
  }

  /**
   * Moves a waybill from one state to the next only if it is still in the first: of two nodes (or a
   * sweep and a user) racing, one wins and the other sees false. A command for the device is queued
   * in the same transaction.
   */
  transition(
    id: number,
    from: number,
    changes: Updateable<WaybillTable>,
    command: Insertable<DeviceCommandTable> | null,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('waybill')
        .set(changes)
        .where('id', '=', id)
        .where('waybillState', '=', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (command) {
        const queued = await trx
          .insertInto('deviceCommand')
          .values(command)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (from === 0)
          await trx.updateTable('waybill').set({ startCommandId: queued.id }).where('id', '=', id).execute();
      }
      return true;
    });
  }

  async delete(owner: Owner, ids: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('waybill')
      .where('id', 'in', ids)
      .where('accountId', '=', owner.accountId)
      .where('platformId', '=', owner.platformId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Timed starts and stops that are due, and receive alarms that are due and not yet sent. */
  dueTimedStarts(nowIso: string) {
    return this.db
      .selectFrom('waybill')
      .select('id')
      .where('waybillState', '=', 0)
      .where('startTrigger', '=', 'timed')
      .where('startTime', '<=', nowIso)
      .execute();
  }

  dueTimedStops(nowIso: string) {
    return this.db
      .selectFrom('waybill')
      .select('id')
      .where('waybillState', '=', 1)
      .where('stopTrigger', '=', 'timed')
      .where('endTime', '<=', nowIso)
      .execute();
  }

  dueReceiveAlarms(nowIso: string) {
    return this.db
      .selectFrom('waybill')
      .selectAll()
      .where('waybillState', 'in', [1, 2])
      .where('receiveAlarm', '=', 1)
      .where('receiveAlarmAt', 'is', null)
      .where('expectedReceiveTime', '<=', nowIso)
      .execute();
  }

  /** Marks a receive alarm as sent unless another node did first. */
  async claimReceiveAlarm(id: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('waybill')
      .set({ receiveAlarmAt: nowIso })
      .where('id', '=', id)
      .where('receiveAlarmAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Waybills of a device the fence tracker follows: not started with a fence start, or in progress. */
  trackedOnDevice(deviceId: number) {
    return this.db
      .selectFrom('waybill')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('waybillState', '=', 0),
            eb.or([eb('startTrigger', '=', 'geofence'), eb('startTrigger', '=', 'manual')]),
          ]),
          eb('waybillState', '=', 1),
        ]),
      )
      .execute();
  }

  /** The device's account: the owner who receives receive alarms (and its locale). */
  accountOf(accountId: number) {
    return this.db
      .selectFrom('account')
      .leftJoin('userProfile', 'userProfile.accountId', 'account.id')
      .select(['account.id', 'account.email', 'account.userName'])
      .where('account.id', '=', accountId)
      .executeTakeFirst();
  }

  insertShare(row: Insertable<WaybillShareTable>) {
    return this.db.insertInto('waybillShare').values(row).returningAll().executeTakeFirstOrThrow();
  }

  shareByHash(tokenHash: string) {
    return this.db
      .selectFrom('waybillShare')
      .selectAll()
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Alarm messages of the device within [from, to) that the waybill's account received (alarm_message
   * of the alarm engine, read only), newest first.
   */
  async alarmsInPeriod(
    accountId: number,
    deviceId: number,
    fromIso: string,
    toIso: string,
    page: { offset: number; limit: number },
  ) {
    const base = this.db
      .selectFrom('alarmMessage')
      .where('accountId', '=', accountId)
      .where('deviceId', '=', deviceId)
      .where('createdAt', '>=', fromIso)
      .where('createdAt', '<', toIso);
    const [count, rows] = await Promise.all([
      base.select(countAll().as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'id',
          'createdAt',
          'messageType',
          'state',
          'level',
          'cause',
          'value',
          'limitValue',
          'channelKind',
          'startTime',
        ])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  waybillTemplates(owner: Owner) {
    return this.db
      .selectFrom('waybillTemplate')
      .where('accountId', '=', owner.accountId)
      .where('platformId', '=', owner.platformId);
  }

  trackTemplates(owner: Owner) {
    return this.db
      .selectFrom('trackTemplate')
      .where('accountId', '=', owner.accountId)
      .where('platformId', '=', owner.platformId);
  }

  async templatePage(owner: Owner, q: WaybillTemplatePageRequest) {
    let query = this.waybillTemplates(owner);
    if (q.name) query = query.where(contains('modelName', q.name));
    const direction = q.sortOrder === 'ascend' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      query.select(countAll().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy(q.sortField ?? 'id', direction)
        .orderBy('id', direction)
        .limit(q.pageSize)
        .offset((q.start - 1) * q.pageSize)
        .execute(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  async trackTemplatePage(owner: Owner, q: TrackTemplatePageRequest) {
    let query = this.trackTemplates(owner);
    if (q.name) query = query.where(contains('name', q.name));
    const direction = q.sortOrder === 'ascend' ? 'asc' : 'desc';
    const [count, rows] = await Promise.all([
      query.select(countAll().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy(q.sortField ?? 'id', direction)
        .orderBy('id', direction)
        .limit(q.pageSize)
        .offset((q.start - 1) * q.pageSize)
        .execute(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  trackTemplate(owner: Owner, id: number) {
    return this.trackTemplates(owner).selectAll().where('id', '=', id).executeTakeFirst();
  }

  trackTemplateUnscoped(id: number) {
    return this.db.selectFrom('trackTemplate').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertWaybillTemplate(row: Insertable<WaybillTemplateTable>) {
    return this.db.insertInto('waybillTemplate').values(row).returningAll().executeTakeFirstOrThrow();
  }

  insertTrackTemplate(row: Insertable<TrackTemplateTable>) {
    return this.db.insertInto('trackTemplate').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Ids among `ids` that the owner holds, of waybill or track templates. */
  async ownedTemplateIds(owner: Owner, kind: 'waybill' | 'track', ids: readonly number[]): Promise<number[]> {
    const rows =
      kind === 'waybill'
        ? await this.waybillTemplates(owner).select('id').where('id', 'in', ids).execute()
        : await this.trackTemplates(owner).select('id').where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  deleteTemplates(owner: Owner, kind: 'waybill' | 'track', ids: readonly number[]) {
    return this.db.transaction().execute(async (trx) => {
      if (kind === 'track')
        await trx
          .updateTable('waybill')
          .set({ trackTemplateId: null })
          .where('trackTemplateId', 'in', ids)
          .execute();
      const table = kind === 'waybill' ? 'waybillTemplate' : 'trackTemplate';
      const result = await trx
        .deleteFrom(table)
        .where('id', 'in', ids)
        .where('accountId', '=', owner.accountId)
        .where('platformId', '=', owner.platformId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /** Positions of the device in [from, to): latitude and longitude readings at the same instant. */
  async track(deviceId: number, from: number, to: number, latChannel: number, lonChannel: number) {
    const rows = await this.db
      .selectFrom('reading as la')
      .innerJoin('reading as lo', (join) =>
        join
          .onRef('lo.deviceId', '=', 'la.deviceId')
          .onRef('lo.ts', '=', 'la.ts')
          .on('lo.channel', '=', lonChannel),
      )
      .select(['la.ts', 'la.value as lat', 'lo.value as lon'])
      .where('la.deviceId', '=', deviceId)
      .where('la.channel', '=', latChannel)
      .where('la.ts', '>=', from)
      .where('la.ts', '<', to)
      .orderBy('la.ts')
      .execute();
    return rows.map((r) => ({ ts: Number(r.ts), lat: r.lat, lon: r.lon }));
  }
}
