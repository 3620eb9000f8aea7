import { type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from '../db/create-db.ts';
import type { DeviceProbeSettingTable, DeviceTable } from '../db/database.ts';
import { countAll } from '../db/sql-helpers.ts';
import type { TypeProbeParam } from '../modules/devices/device-policy.ts';
import type { BucketRow } from './downsample.ts';

/** When the device's data period ends (modules/device-service/service-lapse.ts). */
type ServiceDates = { dataExpiredDate: string };

export type HistoryDevice = Pick<
  Selectable<DeviceTable>,
  | 'id'
  | 'platformId'
  | 'accountId'
  | 'organizationId'
  | 'deviceTypeId'
  | 'deviceGuid'
  | 'deviceName'
  | 'status'
  | 'timeZone'
  | 'upperLimit'
  | 'lowerLimit'
  | 'correctionValue'
  | 'lastSeenAt'
>;
export type ProbeSetting = Pick<
  Selectable<DeviceProbeSettingTable>,
  'probeId' | 'upperLimit' | 'lowerLimit' | 'correctionValue'
>;

/** A reading as read back: ts is a number on both dialects. */
export interface RawReading {
  channel: number;
  ts: number;
  value: number;
}

/** Rows per query when an export walks a range. */
const WALK_CHUNK = 10_000;

const DEVICE_COLUMNS = [
  'id',
  'platformId',
  'accountId',
  'organizationId',
  'deviceTypeId',
  'deviceGuid',
  'deviceName',
  'status',
  'timeZone',
  'upperLimit',
  'lowerLimit',
  'correctionValue',
  'lastSeenAt',
  'dataExpiredDate',
] as const;

/**
 * Every query on readings. They all stay on the primary key (device_id, channel, ts): one range per
 * channel, which PostgreSQL also prunes to the month partitions of the range.
 */
export class HistoryRepo {
  private readonly postgres: boolean;
  constructor(private readonly db: Db) {
    this.postgres = isPostgres(db);
  }

  /** A live (not deleted) device; scrapped devices keep their history. */
  device(id: number): Promise<(HistoryDevice & ServiceDates) | undefined> {
    return this.db
      .selectFrom('device')
      .select(DEVICE_COLUMNS)
      .where('id', '=', id)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  deviceByGuid(guid: string): Promise<(HistoryDevice & ServiceDates & { quickSearch: number }) | undefined> {
    return this.db
      .selectFrom('device')
      .select([...DEVICE_COLUMNS, 'quickSearch'])
      .where('deviceGuid', '=', guid)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  probeSettings(deviceId: number): Promise<ProbeSetting[]> {
    return this.db
      .selectFrom('deviceProbeSetting')
      .select(['probeId', 'upperLimit', 'lowerLimit', 'correctionValue'])
      .where('deviceId', '=', deviceId)
      .execute();
  }

  /** A device type's probe parameters, by probe then sort number (what permission templates govern). */
  typeProbeParams(deviceTypeId: number): Promise<TypeProbeParam[]> {
    return this.db
      .selectFrom('deviceTypeParam')
      .select(['id', 'probeId', 'vocationalWork'])
      .where('deviceTypeId', '=', deviceTypeId)
      .where('probeId', 'is not', null)
      .orderBy('probeId')
      .orderBy('paramSortNo')
      .execute();
  }

  /** Live devices by id, each with its probe settings (the live channel's subscriptions). */
  async devicesWithProbes(
    ids: readonly number[],
  ): Promise<{ device: HistoryDevice; probes: ProbeSetting[] }[]> {
    if (ids.length === 0) return [];
    const devices = await this.db
      .selectFrom('device')
      .select(DEVICE_COLUMNS)
      .where('id', 'in', ids)
      .where('deletedFlag', '=', 0)
      .execute();
    if (devices.length === 0) return [];
    const probes = await this.db
      .selectFrom('deviceProbeSetting')
      .select(['deviceId', 'probeId', 'upperLimit', 'lowerLimit', 'correctionValue'])
      .where(
        'deviceId',
        'in',
        devices.map((d) => d.id),
      )
      .execute();
    return devices.map((device) => ({
      device,
      probes: probes.filter((p) => p.deviceId === device.id),
    }));
  }

  /** The channels a device has reported, in channel order. */
  async channels(deviceId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('deviceChannel')
      .select('channel')
      .where('deviceId', '=', deviceId)
      .orderBy('channel')
      .execute();
    return rows.map((r) => r.channel);
  }

  /**
   * Min/max buckets of [from, to), ordered by channel and bucket; each bucket carries the time of its
   * minimum and of its maximum (the earliest on ties). SQLite takes the "bare column" of a min() or
   * max() aggregate from the row that holds the extreme; PostgreSQL compares [value, ts] arrays (max
   * over -ts so ties keep the earliest there too) in one hashed GROUP BY pass.
   */
  async buckets(
    deviceId: number,
    channels: readonly number[],
    from: number,
    to: number,
    width: number,
  ): Promise<BucketRow[]> {
    if (channels.length === 0) return [];
    const list = sql.join(channels);
    if (this.postgres) {
      const { rows } = await sql<{ channel: number; n: string; lo: number[]; hi: number[] }>`
        select channel, count(*) as n,
          min(array[value, ts::float8]) as lo, max(array[value, -ts::float8]) as hi
        from reading
        where device_id = ${deviceId} and channel in (${list}) and ts >= ${from} and ts < ${to}
        group by channel, (ts - ${from}::bigint) / ${width}::bigint
        order by channel, min(ts)`.execute(this.db);
      return rows.map((r) => ({
        channel: r.channel,
        n: Number(r.n),
        mn: r.lo[0] ?? 0,
        mnTs: r.lo[1] ?? 0,
        mx: r.hi[0] ?? 0,
        mxTs: -(r.hi[1] ?? 0),
      }));
    }
    // SQLite would sort every reading to GROUP BY a computed bucket; instead each bucket is its own
    // range scan on the primary key (correlated subqueries over a generated list of buckets), a third
    // of the time. better-sqlite3 binds JS numbers as REAL: the casts keep the bounds integral.
    const buckets = Math.ceil((to - from) / width);
    const lo = sql`cast(${from} as integer) + k.b * cast(${width} as integer)`;
    const hi = sql`min(cast(${from} as integer) + (k.b + 1) * cast(${width} as integer), cast(${to} as integer))`;
    const inBucket = sql`r.device_id = ${deviceId} and r.channel = c.channel and r.ts >= ${lo} and r.ts < ${hi}`;
    const channelList = sql.join(
      channels.map((c) => sql`select cast(${c} as integer) as channel`),
      sql` union all `,
    );
    const { rows } = await sql<{ channel: number; low: string; high: string }>`
      with recursive k(b) as (select 0 union all select b + 1 from k where b + 1 < ${buckets})
      select c.channel as channel,
        (select json_array(count(*), min(value), ts) from reading r where ${inBucket}) as low,
        (select json_array(max(value), ts) from reading r where ${inBucket}) as high
      from (${channelList}) c cross join k
      order by c.channel, k.b`.execute(this.db);
    const found: BucketRow[] = [];
    for (const row of rows) {
      const [n, mn, mnTs] = JSON.parse(row.low) as [number, number, number];
      if (n === 0) continue;
      const [mx, mxTs] = JSON.parse(row.high) as [number, number];
      found.push({ channel: row.channel, n, mn, mnTs, mx, mxTs });
    }
    return found;
  }

  /** Distinct instants of [from, to) over the channels (the rows of the pivoted table). */
  async countInstants(
    deviceId: number,
    channels: readonly number[],
    from: number,
    to: number,
  ): Promise<number> {
    if (channels.length === 0) return 0;
    const base = this.db
      .selectFrom('reading')
      .where('deviceId', '=', deviceId)
      .where('channel', 'in', channels)
      .where('ts', '>=', from)
      .where('ts', '<', to);
    if (channels.length === 1) {
      const row = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const row = await this.db
      .selectFrom(base.select('ts').distinct().as('instants'))
      .select(countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of instants, then every reading at those instants. */
  async page(
    deviceId: number,
    channels: readonly number[],
    range: { from: number; to: number },
    page: { offset: number; limit: number; descending: boolean },
  ): Promise<RawReading[]> {
    if (channels.length === 0) return [];
    const instants = await this.db
      .selectFrom('reading')
      .select('ts')
      .distinct()
      .where('deviceId', '=', deviceId)
      .where('channel', 'in', channels)
      .where('ts', '>=', range.from)
      .where('ts', '<', range.to)
      .orderBy('ts', page.descending ? 'desc' : 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    if (instants.length === 0) return [];
    const times = instants.map((r) => Number(r.ts));
    const rows = await this.db
      .selectFrom('reading')
      .select(['channel', 'ts', 'value'])
      .where('deviceId', '=', deviceId)
      .where('channel', 'in', channels)
      .where('ts', '>=', Math.min(...times))
      .where('ts', '<=', Math.max(...times))
      .execute();
    return rows.map((r) => ({ channel: r.channel, ts: Number(r.ts), value: r.value }));
  }

  /** The readings of one channel in [from, to), in time order, a chunk at a time (keyset on ts). */
  async *walkChannel(
    deviceId: number,
    channel: number,
    from: number,
    to: number,
  ): AsyncGenerator<RawReading[]> {
    let after = from - 1;
    for (;;) {
      const rows = await this.db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('deviceId', '=', deviceId)
        .where('channel', '=', channel)
        .where('ts', '>', after)
        .where('ts', '<', to)
        .orderBy('ts')
        .limit(WALK_CHUNK)
        .execute();
      if (rows.length === 0) return;
      yield rows.map((r) => ({ channel, ts: Number(r.ts), value: r.value }));
      if (rows.length < WALK_CHUNK) return;
      after = Number(rows[rows.length - 1]?.ts);
    }
  }

  /** The newest reading of each channel. */
  async latest(deviceId: number, channels: readonly number[]): Promise<RawReading[]> {
    const found: RawReading[] = [];
    for (const channel of channels) {
      const row = await this.db
        .selectFrom('reading')
        .select(['ts', 'value'])
        .where('deviceId', '=', deviceId)
        .where('channel', '=', channel)
        .orderBy('ts', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) found.push({ channel, ts: Number(row.ts), value: row.value });
    }
    return found;
  }

  async setQuickSearch(id: number, quickSearch: 0 | 1, now: string): Promise<void> {
    await this.db.updateTable('device').set({ quickSearch, updatedAt: now }).where('id', '=', id).execute();
  }

  async quickSearchOf(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('device')
      .select('quickSearch')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.quickSearch ?? 0;
  }

  /** Deletes every reading of a device; answers how many went. */
  async clear(deviceId: number): Promise<number> {
    const result = await this.db.deleteFrom('reading').where('deviceId', '=', deviceId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
