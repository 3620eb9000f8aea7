import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';

/** null: every platform (operators of the default platform); else one platform. */
export type PlatformScope = number | null;

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** The queries of the operators' overview: what the server already counts, per platform. */
export class OperationsOverviewRepo {
  constructor(private readonly db: Db) {}

  async accounts(scope: PlatformScope, since: string) {
    let q = this.db.selectFrom('account').where('deletedFlag', '=', 0).where('parentAccountId', 'is', null);
    if (scope !== null) q = q.where('platformId', '=', scope);
    const byType = await q
      .select(['accountType', countAll().as('n')])
      .groupBy('accountType')
      .execute();
    const fresh = await q.select(countAll().as('n')).where('createdAt', '>=', since).executeTakeFirst();
    const of = (type: number) => n(byType.find((r) => r.accountType === type)?.n);
    return {
      total: byType.reduce((sum, r) => sum + n(r.n), 0),
      personal: of(1),
      enterprise: of(2),
      newLast7Days: n(fresh?.n),
    };
  }

  async devicesBy(scope: PlatformScope, column: 'status' | 'useState') {
    let q = this.db.selectFrom('device').where('deletedFlag', '=', 0);
    if (scope !== null) q = q.where('platformId', '=', scope);
    const rows = await q
      .select([column, countAll().as('n')])
      .groupBy(column)
      .orderBy(column)
      .execute();
    return rows.map((r) => ({ key: String(r[column]), count: n(r.n) }));
  }

  async readingsSince(scope: PlatformScope, fromMinute: string) {
    let q = this.db.selectFrom('ingestMinute').where('minute', '>=', fromMinute);
    if (scope !== null) q = q.where('platformId', '=', scope);
    const rows = await q
      .select(['minute', sql<string | number>`sum(readings)`.as('readings')])
      .groupBy('minute')
      .execute();
    return new Map(rows.map((r) => [r.minute, n(r.readings)]));
  }

  async rejectsByReason(scope: PlatformScope) {
    let q = this.db.selectFrom('ingestReject as r').innerJoin('device as d', 'd.id', 'r.deviceId');
    if (scope !== null) q = q.where('d.platformId', '=', scope);
    const rows = await q
      .select(['r.reason', sql<string | number>`sum(r.count)`.as('n')])
      .groupBy('r.reason')
      .orderBy('r.reason')
      .execute();
    return rows.map((r) => ({ reason: r.reason, count: n(r.n) }));
  }

  async rejectsSince(scope: PlatformScope, since: string) {
    let q = this.db
      .selectFrom('ingestReject as r')
      .innerJoin('device as d', 'd.id', 'r.deviceId')
      .where('r.lastAt', '>=', since);
    if (scope !== null) q = q.where('d.platformId', '=', scope);
    return n((await q.select(countAll().as('n')).executeTakeFirst())?.n);
  }

  private async countStates(
    table: 'notificationOutbox' | 'dataPushDelivery' | 'downloadFile',
    scope: PlatformScope,
    states: string[],
  ) {
    let q = this.db.selectFrom(table).where('state', 'in', states);
    if (scope !== null) q = q.where('platformId', '=', scope);
    return n((await q.select(countAll().as('n')).executeTakeFirst())?.n);
  }

  async deliveryBacklog(scope: PlatformScope) {
    return {
      notificationsPending: await this.countStates('notificationOutbox', scope, ['pending', 'sending']),
      notificationsFailed: await this.countStates('notificationOutbox', scope, ['failed', 'exhausted']),
      webhooksPending: await this.countStates('dataPushDelivery', scope, ['pending', 'sending']),
      webhooksFailed: await this.countStates('dataPushDelivery', scope, ['failed']),
    };
  }

  private async commands(scope: PlatformScope, state: string) {
    let q = this.db
      .selectFrom('deviceCommand as c')
      .innerJoin('device as d', 'd.id', 'c.deviceId')
      .where('c.state', '=', state);
    if (scope !== null) q = q.where('d.platformId', '=', scope);
    return n((await q.select(countAll().as('n')).executeTakeFirst())?.n);
  }

  async jobQueue(scope: PlatformScope) {
    return {
      downloadsGenerating: await this.countStates('downloadFile', scope, ['generating']),
      downloadsFailed: await this.countStates('downloadFile', scope, ['failed']),
      commandsPending: await this.commands(scope, 'pending'),
      commandsSent: await this.commands(scope, 'sent'),
    };
  }

  async connections(scope: PlatformScope, since: string) {
    let connected = this.db.selectFrom('deviceConnection').where('connected', '=', 1);
    if (scope !== null) connected = connected.where('platformId', '=', scope);
    let events = this.db.selectFrom('deviceConnectionEvent').where('at', '>=', since);
    if (scope !== null) events = events.where('platformId', '=', scope);
    const kinds = await events
      .select(['kind', countAll().as('n')])
      .groupBy('kind')
      .execute();
    const of = (kind: string) => n(kinds.find((k) => k.kind === kind)?.n);
    return {
      connected: n((await connected.select(countAll().as('n')).executeTakeFirst())?.n),
      connectsLast24h: of('connect'),
      disconnectsLast24h: of('disconnect'),
      authFailuresLast24h: of('authFailure'),
    };
  }

  /** Each platform in scope with its accounts, devices, online and alarming devices. */
  async platformFigures(scope: PlatformScope) {
    let platforms = this.db.selectFrom('platform').select(['id', 'title', 'topDomain', 'styleModel']);
    if (scope !== null) platforms = platforms.where('id', '=', scope);
    const list = await platforms.orderBy('id').execute();
    const accounts = await this.db
      .selectFrom('account')
      .where('deletedFlag', '=', 0)
      .where('parentAccountId', 'is', null)
      .select(['platformId', countAll().as('n')])
      .groupBy('platformId')
      .execute();
    const devices = await this.db
      .selectFrom('device')
      .where('deletedFlag', '=', 0)
      .select(['platformId', 'status', countAll().as('n')])
      .groupBy(['platformId', 'status'])
      .execute();
    return list.map((p) => {
      const own = devices.filter((d) => d.platformId === p.id);
      const byStatus = (status: string) => n(own.find((d) => d.status === status)?.n);
      return {
        platformId: p.id,
        title: p.title,
        topDomain: p.topDomain,
        styleModel: p.styleModel,
        accounts: n(accounts.find((a) => a.platformId === p.id)?.n),
        devices: own.reduce((sum, d) => sum + n(d.n), 0),
        online: byStatus('online') + byStatus('normal'),
        alarm: byStatus('alarm'),
      };
    });
  }
}
