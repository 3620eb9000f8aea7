import {
  type ConnectionEventPage,
  type DeviceConnectionPage,
  type NetworkSummary,
  OVERVIEW_MINUTES,
  type Overview,
  type PlatformFigures,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { NetworkRepo } from './network.repo.ts';
import { OperationsOverviewRepo, type PlatformScope } from './operations-overview.repo.ts';
import { minuteOf } from './readings-counter.ts';

const DAY_MS = 86_400_000;

/**
 * Whose figures a caller sees: the default platform's back office sees every platform, any other
 * platform's back office its own platform only (docs/decisions.md, Platforms).
 */
export function scopeOf(request: FastifyRequest): PlatformScope {
  return request.platform.isDefault === 1 ? null : request.platform.id;
}

/** The operators' overview (/operation/index, /operation/system, /operation/lightBusiness). */
export class OperationsOverviewService {
  private readonly repo: OperationsOverviewRepo;
  constructor(
    db: Db,
    private readonly network: NetworkRepo,
    private readonly clock: Clock,
  ) {
    this.repo = new OperationsOverviewRepo(db);
  }

  async overview(scope: PlatformScope): Promise<Overview> {
    const now = this.clock.now().getTime();
    const day = new Date(now - DAY_MS).toISOString();
    const firstMinute = now - (OVERVIEW_MINUTES - 1) * 60_000;
    const counted = await this.repo.readingsSince(scope, minuteOf(firstMinute));
    const readingsPerMinute = Array.from({ length: OVERVIEW_MINUTES }, (_, i) => {
      const minute = minuteOf(firstMinute + i * 60_000);
      return { minute, readings: counted.get(minute) ?? 0 };
    });
    return {
      platformId: scope,
      generatedAt: new Date(now).toISOString(),
      accounts: await this.repo.accounts(scope, new Date(now - 7 * DAY_MS).toISOString()),
      devicesByStatus: (await this.repo.devicesBy(scope, 'status')).map((r) => ({
        status: r.key,
        count: r.count,
      })),
      devicesByUseState: (await this.repo.devicesBy(scope, 'useState')).map((r) => ({
        useState: r.key,
        count: r.count,
      })),
      readingsPerMinute,
      rejectsByReason: await this.repo.rejectsByReason(scope),
      rejectsLast24h: await this.repo.rejectsSince(scope, day),
      deliveryBacklog: await this.repo.deliveryBacklog(scope),
      jobQueue: await this.repo.jobQueue(scope),
      connections: await this.repo.connections(scope, day),
    };
  }

  platformFigures(scope: PlatformScope): Promise<PlatformFigures[]> {
    return this.repo.platformFigures(scope);
  }

  events(scope: PlatformScope, q: ConnectionEventPage) {
    return this.network.events(scope, q);
  }

  connections(scope: PlatformScope, q: DeviceConnectionPage) {
    return this.network.connections(scope, q);
  }

  async networkSummary(scope: PlatformScope): Promise<NetworkSummary> {
    const now = this.clock.now().getTime();
    const week = new Date(now - 7 * DAY_MS).toISOString();
    const firstHour = now - 23 * 3_600_000;
    const counted = await this.network.perHour(scope, new Date(firstHour).toISOString().slice(0, 13));
    const perHour = Array.from({ length: 24 }, (_, i) => {
      const hour = new Date(firstHour + i * 3_600_000).toISOString().slice(0, 13);
      const of = (kind: string) => counted.find((c) => c.hour === hour && c.kind === kind)?.count ?? 0;
      return {
        hour,
        connects: of('connect'),
        disconnects: of('disconnect'),
        authFailures: of('authFailure'),
      };
    });
    return {
      disconnectReasons: await this.network.disconnectReasons(scope, week),
      rejectsByReason: await this.repo.rejectsByReason(scope),
      perHour,
    };
  }
}
