import {
  EXPIRING_SOON_DAYS,
  EXPIRING_VERY_SOON_DAYS,
  type ExpiredDeviceQuery,
  type ExpireInfo,
  HOME_TILE_KEYS,
  HOME_TILES_DEFAULT,
  type HomeTileKey,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { type DeviceCaller, hasBackOffice, organizationDevices, visibleDevices } from './device-policy.ts';
import { DAY_MS } from './device-time.ts';
import type { DevicesRepo } from './devices.repo.ts';
import type { HomeRepo } from './home.repo.ts';

/** expiredFlag values (000 §3), recorded in docs/decisions.md. */
export const EXPIRED_FLAG = {
  expired: 1,
  within30Days: 2,
  within7Days: 3,
  expiredOrWithin30Days: 4,
} as const;

/**
 * The home dashboard (002 §2): counts and positions of the caller's visible devices and the tiles
 * each account keeps; and the expired-device modal of 000 §2.11 with its reminder setting.
 */
export class HomeService {
  constructor(
    private readonly devices: DevicesRepo,
    private readonly repo: HomeRepo,
    private readonly clock: Clock,
  ) {}

  counts(caller: DeviceCaller) {
    return this.devices.counts(visibleDevices(caller), this.clock.now().toISOString());
  }

  positions(caller: DeviceCaller) {
    return this.devices.positions(visibleDevices(caller));
  }

  /** The organization home: counts of one organization's devices, for its members. */
  organizationCounts(caller: DeviceCaller, organizationId: number) {
    return this.devices.counts(organizationDevices(caller, organizationId), this.clock.now().toISOString());
  }

  organizationPositions(caller: DeviceCaller, organizationId: number) {
    return this.devices.positions(organizationDevices(caller, organizationId));
  }

  async tiles(caller: DeviceCaller): Promise<HomeTileKey[]> {
    const stored = (await this.repo.tiles(caller.accountId)).filter((k): k is HomeTileKey =>
      (HOME_TILE_KEYS as readonly string[]).includes(k),
    );
    return stored.length ? stored : [...HOME_TILES_DEFAULT];
  }

  async saveTiles(caller: DeviceCaller, tiles: readonly HomeTileKey[]) {
    const before = await this.tiles(caller);
    await this.repo.saveTiles(caller.accountId, tiles);
    return { before, after: [...tiles] };
  }

  /**
   * Devices whose service lapsed or lapses soon. The caller's own devices; a back-office caller
   * naming an account sees that account's devices on its platform (every platform for the default one).
   */
  expired(caller: DeviceCaller, q: ExpiredDeviceQuery) {
    const scope =
      q.accountId !== undefined && q.accountId !== caller.accountId && hasBackOffice(caller)
        ? visibleDevices(caller, 'backOffice')
        : visibleDevices(caller);
    return this.devices.expiring(scope, q, this.rangeOf(q.expiredFlag));
  }

  /**
   * Whether the modal opens at login (reminders on and something to show) and the filter it opens
   * with: the most urgent flag among the caller's devices.
   */
  async expireInfo(caller: DeviceCaller, type: number): Promise<ExpireInfo> {
    const stored = await this.repo.expireInfo(caller.accountId, type);
    const earliest = await this.devices.earliestExpiry(visibleDevices(caller));
    const now = this.clock.now().getTime();
    const at = earliest ? Date.parse(earliest) : Number.POSITIVE_INFINITY;
    const expiredFlag =
      at < now
        ? EXPIRED_FLAG.expired
        : at < now + EXPIRING_VERY_SOON_DAYS * DAY_MS
          ? EXPIRED_FLAG.within7Days
          : EXPIRED_FLAG.within30Days;
    const anything = at < now + EXPIRING_SOON_DAYS * DAY_MS;
    const remind = (stored?.pushMessages ?? 1) === 1;
    const counts = await Promise.all(
      Object.values(EXPIRED_FLAG).map(async (flag) => ({
        expiredFlag: flag,
        count: (
          await this.devices.expiring(visibleDevices(caller), { start: 1, pageSize: 1 }, this.rangeOf(flag))
        ).total,
      })),
    );
    return { id: stored?.id ?? 0, pushMessages: remind && anything ? 1 : 0, expiredFlag, counts };
  }

  async saveExpireInfo(caller: DeviceCaller, type: number, pushMessages: 0 | 1) {
    const before = await this.repo.expireInfo(caller.accountId, type);
    const after = await this.repo.saveExpireInfo(
      caller.accountId,
      type,
      pushMessages,
      this.clock.now().toISOString(),
    );
    return { before, after };
  }

  private rangeOf(flag: number): { from?: string; until: string } {
    const now = this.clock.now().getTime();
    const at = (offset: number) => new Date(now + offset).toISOString();
    if (flag === EXPIRED_FLAG.expired) return { until: at(0) };
    if (flag === EXPIRED_FLAG.within30Days) return { from: at(0), until: at(EXPIRING_SOON_DAYS * DAY_MS) };
    if (flag === EXPIRED_FLAG.within7Days)
      return { from: at(0), until: at(EXPIRING_VERY_SOON_DAYS * DAY_MS) };
    return { until: at(EXPIRING_SOON_DAYS * DAY_MS) };
  }
}
