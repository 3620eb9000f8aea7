import type { AlarmCount, AlarmMessagePageRequest } from '@coldchain/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AlarmMessageTable, Database } from '../../db/database.ts';
import type { DeviceScope } from '../devices/device-policy.ts';
import { scopeCondition } from '../devices/devices.repo.ts';

/** Devices hiding the same probes from a reader: their alarms of those probes are not shown. */
export interface HiddenProbes {
  deviceIds: readonly number[];
  probeIds: readonly number[];
}

/**
 * Who reads the message centre: the devices it may see, its own system messages, and the probes its
 * permission templates hide on granted devices.
 */
export interface MessageReader {
  accountId: number;
  scope: DeviceScope;
  hidden?: readonly HiddenProbes[];
}

type Eb = ExpressionBuilder<Database, 'alarmMessage'>;

/**
 * Messages the reader may see: those of the devices in its scope (owner, shared, organization or
 * back office, as device-policy decides) and the system messages addressed to its account.
 */
function visible(eb: Eb, reader: MessageReader): Expression<SqlBool> {
  const devices = eb
    .selectFrom('device')
    .select('device.id')
    .where(() => scopeCondition(reader.scope));
  const seen = eb.or([
    eb('alarmMessage.deviceId', 'in', devices),
    eb.and([eb('alarmMessage.deviceId', 'is', null), eb('alarmMessage.accountId', '=', reader.accountId)]),
  ]);
  if (!reader.hidden?.length) return seen;
  // Messages without a probe (offline, door, power, system) stay visible.
  const ofHiddenProbe = eb.or(
    reader.hidden.map((h) =>
      eb.and([eb('alarmMessage.deviceId', 'in', h.deviceIds), eb('alarmMessage.probeId', 'in', h.probeIds)]),
    ),
  );
  return eb.and([
    seen,
    eb.or([
      eb('alarmMessage.probeId', 'is', null),
      eb('alarmMessage.deviceId', 'is', null),
      eb.not(ofHiddenProbe),
    ]),
  ]);
}

/** The message centre's queries (002 §2, §4) and the header badge's count (000 §4). */
export class MessagesRepo {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('alarmMessage')
      .leftJoin('device', 'device.id', 'alarmMessage.deviceId')
      .selectAll('alarmMessage')
      .select(['device.deviceName', 'device.deviceGuid', 'device.timeZone']);
  }

  async page(reader: MessageReader, q: AlarmMessagePageRequest) {
    let query = this.db.selectFrom('alarmMessage').where((eb) => visible(eb, reader));
    if (q.category === 'system') query = query.where('alarmMessage.messageType', '=', 'system');
    if (q.category === 'alarm') query = query.where('alarmMessage.messageType', '<>', 'system');
    if (q.deviceId !== undefined) query = query.where('alarmMessage.deviceId', '=', q.deviceId);
    if (q.organizationId !== undefined) {
      const organizationId = q.organizationId;
      query = query.where('alarmMessage.deviceId', 'in', (eb) =>
        eb.selectFrom('device').select('device.id').where('device.organizationId', '=', organizationId),
      );
    }
    if (q.messageType) query = query.where('alarmMessage.messageType', '=', q.messageType);
    if (q.state) query = query.where('alarmMessage.state', '=', q.state);
    if (q.startTime) query = query.where('alarmMessage.createdAt', '>=', new Date(q.startTime).toISOString());
    if (q.endTime) query = query.where('alarmMessage.createdAt', '<=', new Date(q.endTime).toISOString());
    const total = await query.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('alarmMessage.id')
      .orderBy('alarmMessage.createdAt', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('alarmMessage.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    const rows = await this.byIds(ids.map((r) => r.id));
    const order = new Map(ids.map((r, i) => [r.id, i]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return { rows, totalCount: Number(total.n) };
  }

  /**
   * Devices of other accounts a reader reaches through the given shares or organizations, with what
   * device-policy needs to find the templates of each.
   */
  reachedDevices(
    reader: { accountId: number; platformId: number },
    deviceIds: number[],
    organizationIds: number[],
  ) {
    return this.db
      .selectFrom('device')
      .select(['id', 'platformId', 'accountId', 'organizationId', 'deviceTypeId'])
      .where('platformId', '=', reader.platformId)
      .where('accountId', '<>', reader.accountId)
      .where((eb) =>
        eb.or([
          ...(deviceIds.length ? [eb('id', 'in', deviceIds)] : []),
          ...(organizationIds.length ? [eb('organizationId', 'in', organizationIds)] : []),
        ]),
      )
      .execute();
  }

  async byIds(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.base().where('alarmMessage.id', 'in', ids).execute();
  }

  /** The reader's messages among ids (others are left out, exactly like missing ones). */
  async visibleByIds(reader: MessageReader, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.base()
      .where('alarmMessage.id', 'in', ids)
      .where((eb) => visible(eb, reader))
      .execute();
  }

  /**
   * Writes a handling to those of the messages still open to it: unhandled ones, or postponed ones
   * taking a final treatment. Of two handlings racing for a message only the first lands.
   */
  async handle(
    ids: readonly number[],
    changes: Updateable<AlarmMessageTable> & { treatment: string },
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('alarmMessage')
      .set(changes)
      .where('id', 'in', ids)
      .where((eb) =>
        changes.treatment === 'postponed'
          ? eb('state', '<>', 'treated')
          : eb.or([eb('state', '<>', 'treated'), eb('treatment', '=', 'postponed')]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Untreated messages the reader may see, and those of them not seen yet. */
  async alarmCount(reader: MessageReader): Promise<AlarmCount> {
    const row = await this.db
      .selectFrom('alarmMessage')
      .select(({ fn }) => [
        fn.countAll<string | number>().as('total'),
        fn.sum<string | number | null>('newFlag').as('fresh'),
      ])
      .where('state', '=', 'untreated')
      .where((eb) => visible(eb, reader))
      .executeTakeFirstOrThrow();
    return { totalCount: Number(row.total), newFlagOneCount: Number(row.fresh ?? 0) };
  }

  /** Marks every message the reader may see as seen; answers how many changed. */
  async markRead(reader: MessageReader, now: string): Promise<number> {
    const result = await this.db
      .updateTable('alarmMessage')
      .set({ newFlag: 0, updatedAt: now })
      .where('newFlag', '=', 1)
      .where((eb) => visible(eb, reader))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
