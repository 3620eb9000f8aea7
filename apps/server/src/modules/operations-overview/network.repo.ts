import type { ConnectionEventPage, DeviceConnectionPage } from '@coldchain/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';
import type { PlatformScope } from './operations-overview.repo.ts';

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** The DTU network log and the per-device connection figures, within a platform scope. */
export class NetworkRepo {
  constructor(private readonly db: Db) {}

  async events(scope: PlatformScope, q: ConnectionEventPage) {
    let base = this.db.selectFrom('deviceConnectionEvent as e').leftJoin('device as d', 'd.id', 'e.deviceId');
    if (scope !== null) base = base.where('e.platformId', '=', scope);
    if (q.deviceGuid) base = base.where('e.deviceGuid', '=', q.deviceGuid);
    if (q.eventKind) base = base.where('e.kind', '=', q.eventKind);
    if (q.from) base = base.where('e.at', '>=', new Date(q.from).toISOString());
    if (q.to) base = base.where('e.at', '<', new Date(q.to).toISOString());
    const total = await base.select(countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select(['e.id', 'e.deviceGuid', 'd.deviceName', 'e.kind', 'e.reason', 'e.address', 'e.at'])
      .orderBy('e.at', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('e.id', 'desc')
      .offset((q.start - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute();
    return { rows, totalCount: n(total?.n) };
  }

  async connections(scope: PlatformScope, q: DeviceConnectionPage) {
    let base = this.db
      .selectFrom('device as d')
      .leftJoin('deviceConnection as c', 'c.deviceId', 'd.id')
      .where('d.deletedFlag', '=', 0);
    if (scope !== null) base = base.where('d.platformId', '=', scope);
    if (q.deviceGuid) base = base.where('d.deviceGuid', '=', q.deviceGuid);
    if (q.connected === 1) base = base.where('c.connected', '=', 1);
    if (q.connected === 0)
      base = base.where((eb) => eb.or([eb('c.connected', 'is', null), eb('c.connected', '=', 0)]));
    const total = await base.select(countAll().as('n')).executeTakeFirst();
    const sortable = {
      lastConnectAt: 'c.lastConnectAt',
      lastDisconnectAt: 'c.lastDisconnectAt',
      connects: 'c.connects',
      disconnects: 'c.disconnects',
      deviceGuid: 'd.deviceGuid',
    } as const;
    const column = sortable[(q.sortField ?? 'lastConnectAt') as keyof typeof sortable] ?? 'c.lastConnectAt';
    const rows = await base
      .select([
        'd.id as deviceId',
        'd.deviceGuid',
        'd.deviceName',
        'd.status',
        'c.connected',
        'c.connects',
        'c.disconnects',
        'c.lastConnectAt',
        'c.lastDisconnectAt',
        'c.lastDisconnectReason',
        'c.lastAddress',
      ])
      // Devices never seen last in either order: nulls sort apart on the two dialects otherwise.
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('d.id')
      .offset((q.start - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute();
    return {
      rows: rows.map((r) => ({
        ...r,
        connected: n(r.connected),
        connects: n(r.connects),
        disconnects: n(r.disconnects),
      })),
      totalCount: n(total?.n),
    };
  }

  async disconnectReasons(scope: PlatformScope, since: string) {
    let q = this.db
      .selectFrom('deviceConnectionEvent')
      .where('at', '>=', since)
      .where('kind', 'in', ['disconnect', 'authFailure']);
    if (scope !== null) q = q.where('platformId', '=', scope);
    const rows = await q
      .select(['reason', countAll().as('n')])
      .groupBy('reason')
      .orderBy('reason')
      .execute();
    return rows.map((r) => ({ reason: r.reason ?? 'connectionLost', count: n(r.n) }));
  }

  /** Events per hour (`2026-11-25T14`) and kind since a time. */
  async perHour(scope: PlatformScope, since: string) {
    const hour = sql<string>`substr(at, 1, 13)`;
    let q = this.db.selectFrom('deviceConnectionEvent').where('at', '>=', since);
    if (scope !== null) q = q.where('platformId', '=', scope);
    const rows = await q
      .select([hour.as('hour'), 'kind', countAll().as('n')])
      .groupBy([hour, 'kind'])
      .execute();
    return rows.map((r) => ({ hour: r.hour, kind: r.kind, count: n(r.n) }));
  }
}
