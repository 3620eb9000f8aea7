import {
  type AlarmCause,
  type AlarmComparator,
  type AlarmTargetParam,
  DEFAULT_LOCALE,
} from '@coldchain/shared';
import type {
  ExpressionBuilder,
  Insertable,
  Kysely,
  OnConflictTables,
  OnConflictUpdateDatabase,
  Selectable,
  Updateable,
} from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AlarmMessageTable, Database } from '../../db/database.ts';
import type { AlarmStateTable, MessageTemplateTable } from '../../db/tables/alarm.ts';
import type { DeviceInfo, ProbeLimits, RuleInfo } from './alarm-config.ts';
import type { ConditionState, Sample } from './evaluate.ts';

export type Executor = Kysely<Database>;
export type AlarmMessageRow = Selectable<AlarmMessageTable>;
export type TemplateRow = Selectable<MessageTemplateTable>;

/** A condition's durable state with the bookkeeping of its alarm record and reminders. */
export interface StoredState extends ConditionState {
  messageId: number | null;
  remindersSent: number;
  nextReminderAt: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toStored(row: Selectable<AlarmStateTable>): StoredState {
  return {
    lastTs: num(row.lastTs),
    since: num(row.sinceTs),
    cause: row.cause as AlarmCause | null,
    peak: row.peak,
    limit: row.limitValue,
    level: row.level,
    messageId: row.messageId,
    remindersSent: row.remindersSent,
    nextReminderAt: row.nextReminderAt,
  };
}

const stateRow = (deviceId: number, stateKey: string, s: StoredState, now: string) => ({
  deviceId,
  stateKey,
  lastTs: s.lastTs,
  sinceTs: s.since,
  cause: s.cause,
  level: s.level,
  peak: s.peak,
  limitValue: s.limit,
  messageId: s.messageId,
  remindersSent: s.remindersSent,
  nextReminderAt: s.nextReminderAt,
  updatedAt: now,
});

const updateFromExcluded = (
  eb: ExpressionBuilder<OnConflictUpdateDatabase<Database, 'alarmState'>, OnConflictTables<'alarmState'>>,
) => ({
  lastTs: eb.ref('excluded.lastTs'),
  sinceTs: eb.ref('excluded.sinceTs'),
  cause: eb.ref('excluded.cause'),
  level: eb.ref('excluded.level'),
  peak: eb.ref('excluded.peak'),
  limitValue: eb.ref('excluded.limitValue'),
  messageId: eb.ref('excluded.messageId'),
  remindersSent: eb.ref('excluded.remindersSent'),
  nextReminderAt: eb.ref('excluded.nextReminderAt'),
  updatedAt: eb.ref('excluded.updatedAt'),
});

/** The alarm engine's queries: device settings, durable state, readings to replay, alarm records. */
export class AlarmEngineRepo {
  constructor(private readonly db: Db) {}

  async device(id: number): Promise<DeviceInfo | undefined> {
    const row = await this.db
      .selectFrom('device')
      .innerJoin('account', 'account.id', 'device.accountId')
      .select([
        'device.id',
        'device.platformId',
        'device.accountId',
        'device.deviceName',
        'device.deviceGuid',
        'device.deviceTypeId',
        'device.useState',
        'device.deletedFlag',
        'device.lastSeenAt',
        'device.upperLimit',
        'device.lowerLimit',
        'device.alarmDelay',
        'device.timeZone',
        'account.timeZone as ownerTimeZone',
        'device.serviceExpiredDate',
        'account.foreignFlag',
      ])
      .where('device.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { foreignFlag, ...device } = row;
    // Accounts keep no language: overseas accounts read English, others the platform default.
    return { ...device, ownerLocale: foreignFlag === 1 ? 'en-US' : DEFAULT_LOCALE };
  }

  probes(deviceId: number): Promise<ProbeLimits[]> {
    return this.db
      .selectFrom('deviceProbeSetting')
      .select(['probeId', 'upperLimit', 'lowerLimit'])
      .where('deviceId', '=', deviceId)
      .execute();
  }

  pushConfig(deviceId: number) {
    return this.db
      .selectFrom('devicePushConfig')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  /** Alarm and warning rules active by default (002 §3 activeDefault). */
  async activeRules(): Promise<RuleInfo[]> {
    const [alarms, warnings] = await Promise.all([
      this.db.selectFrom('alarmRule').selectAll().where('activeDefault', '=', 1).execute(),
      this.db.selectFrom('warnRule').selectAll().where('activeDefault', '=', 1).execute(),
    ]);
    const common = (r: (typeof alarms)[number] | (typeof warnings)[number]) => ({
      id: r.id,
      channelKind: r.channelKind,
      deviceTypeId: r.deviceTypeId,
      comparator: r.comparator as AlarmComparator,
      value: r.value,
      targetType: r.targetType,
      targetParam: r.targetParam as AlarmTargetParam | null,
    });
    return [
      ...alarms.map((r) => ({
        ...common(r),
        source: 'rule' as const,
        level: r.alarmLevel,
        templateId: r.alarmTemplateId,
        faultCode: r.faultCode,
        faultMeaning: r.faultMeaning,
        repairGuidance: r.repairGuidance,
      })),
      ...warnings.map((r) => ({
        ...common(r),
        source: 'warn' as const,
        level: r.warnLevel,
        templateId: r.warnTemplateId,
        faultCode: null,
        faultMeaning: null,
        repairGuidance: null,
      })),
    ];
  }

  templates(): Promise<TemplateRow[]> {
    return this.db.selectFrom('messageTemplate').selectAll().orderBy('id').execute();
  }

  async states(deviceId: number): Promise<Map<string, StoredState>> {
    const rows = await this.db
      .selectFrom('alarmState')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .execute();
    return new Map(rows.map((r) => [r.stateKey, toStored(r)]));
  }

  async saveStates(
    exec: Executor,
    deviceId: number,
    states: [string, StoredState][],
    now: string,
  ): Promise<void> {
    if (states.length === 0) return;
    await exec
      .insertInto('alarmState')
      .values(states.map(([key, state]) => stateRow(deviceId, key, state, now)))
      .onConflict((oc) => oc.columns(['deviceId', 'stateKey']).doUpdateSet(updateFromExcluded))
      .execute();
  }

  /**
   * Writes evaluated states of many devices, each only when it is newer in device time than the
   * stored one (an alarm transaction may have written a newer state meanwhile).
   */
  async checkpoint(
    exec: Executor,
    rows: { deviceId: number; key: string; state: StoredState }[],
    now: string,
  ): Promise<void> {
    if (rows.length === 0) return;
    await exec
      .insertInto('alarmState')
      .values(rows.map(({ deviceId, key, state }) => stateRow(deviceId, key, state, now)))
      .onConflict((oc) =>
        oc
          .columns(['deviceId', 'stateKey'])
          .doUpdateSet(updateFromExcluded)
          .where((eb) =>
            eb.or([
              eb('alarmState.lastTs', 'is', null),
              eb(eb.ref('excluded.lastTs'), '>', eb.ref('alarmState.lastTs')),
            ]),
          ),
      )
      .execute();
  }

  /** Stored events of a probe (door number, 0 for the device) before a device time, newest first. */
  async eventsBefore(deviceId: number, probe: number, beforeTs: number, limit: number) {
    const rows = await this.db
      .selectFrom('deviceEvent')
      .select(['ts', 'type', 'state'])
      .where('deviceId', '=', deviceId)
      .where('probeId', '=', probe)
      .where('ts', '<', beforeTs)
      .orderBy('ts', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, ts: Number(r.ts) }));
  }

  /** Stored events of a probe from a device time on, oldest first. */
  async eventsFrom(deviceId: number, probe: number, fromTs: number, limit: number) {
    const rows = await this.db
      .selectFrom('deviceEvent')
      .select(['ts', 'type', 'state'])
      .where('deviceId', '=', deviceId)
      .where('probeId', '=', probe)
      .where('ts', '>=', fromTs)
      .orderBy('ts')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, ts: Number(r.ts) }));
  }

  /** Stored readings of a channel before a device time, newest first. */
  async readingsBefore(
    deviceId: number,
    channel: number,
    beforeTs: number,
    limit: number,
  ): Promise<Sample[]> {
    const rows = await this.db
      .selectFrom('reading')
      .select(['ts', 'value'])
      .where('deviceId', '=', deviceId)
      .where('channel', '=', channel)
      .where('ts', '<', beforeTs)
      .orderBy('ts', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ts: Number(r.ts), value: r.value }));
  }

  /** Stored readings of a channel from a device time on (exclusive bound when `after`), oldest first. */
  async readingsFrom(
    deviceId: number,
    channel: number,
    fromTs: number,
    after: boolean,
    limit: number,
  ): Promise<Sample[]> {
    const rows = await this.db
      .selectFrom('reading')
      .select(['ts', 'value'])
      .where('deviceId', '=', deviceId)
      .where('channel', '=', channel)
      .where('ts', after ? '>' : '>=', fromTs)
      .orderBy('ts')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ts: Number(r.ts), value: r.value }));
  }

  /**
   * The alarm record of a condition whose excursion began between two device times (a replay
   * matches the record it wrote before, even when a backfill moved the excursion's start earlier).
   */
  findRecord(
    exec: Executor,
    deviceId: number,
    stateKey: string,
    fromTs: number,
    toTs: number | null,
  ): Promise<AlarmMessageRow | undefined> {
    let q = exec
      .selectFrom('alarmMessage')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('stateKey', '=', stateKey)
      .where('excursionTs', '>=', fromTs);
    if (toTs !== null) q = q.where('excursionTs', '<=', toTs);
    return q.orderBy('excursionTs').limit(1).executeTakeFirst();
  }

  message(exec: Executor, id: number): Promise<AlarmMessageRow | undefined> {
    return exec.selectFrom('alarmMessage').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertMessage(exec: Executor, values: Insertable<AlarmMessageTable>): Promise<AlarmMessageRow> {
    return exec.insertInto('alarmMessage').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Inserts unless the same (device, state key, excursion) exists; answers the row either way. */
  async insertMessageOnce(exec: Executor, values: Insertable<AlarmMessageTable>): Promise<AlarmMessageRow> {
    await exec
      .insertInto('alarmMessage')
      .values(values)
      .onConflict((oc) => oc.columns(['deviceId', 'stateKey', 'excursionTs']).doNothing())
      .execute();
    return exec
      .selectFrom('alarmMessage')
      .selectAll()
      .where('deviceId', '=', values.deviceId as number)
      .where('stateKey', '=', values.stateKey as string)
      .where('excursionTs', '=', values.excursionTs as number)
      .executeTakeFirstOrThrow();
  }

  async updateMessage(exec: Executor, id: number, changes: Updateable<AlarmMessageTable>): Promise<void> {
    await exec.updateTable('alarmMessage').set(changes).where('id', '=', id).execute();
  }

  /** Devices with an offline timeout and alarms on, with when they were last heard from. */
  offlineWatch() {
    return this.db
      .selectFrom('devicePushConfig as p')
      .innerJoin('device as d', 'd.id', 'p.deviceId')
      .select(['d.id as deviceId', 'd.lastSeenAt', 'p.offlineTimeoutMinutes'])
      .where('p.offlineTimeoutMinutes', 'is not', null)
      .where('p.alarmEnabled', '=', 1)
      .where('d.deletedFlag', '=', 0)
      .where('d.useState', '=', 'enabled')
      .where('d.lastSeenAt', 'is not', null)
      .execute();
  }

  /** Conditions with an open offline excursion (so a restart does not raise it again). */
  async openOffline(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('alarmState')
      .select('deviceId')
      .where('stateKey', '=', 'offline')
      .where('sinceTs', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.deviceId));
  }

  /** Open excursions whose next reminder is due, with their record's state. */
  dueReminders(now: string) {
    return this.db
      .selectFrom('alarmState as s')
      .innerJoin('alarmMessage as m', 'm.id', 's.messageId')
      .select(['s.deviceId', 's.stateKey', 'm.state'])
      .where('s.nextReminderAt', '<=', now)
      .where('s.sinceTs', 'is not', null)
      .execute();
  }
}
