import { DEVICE_DIRECTORY_TTL_MS, type DeviceUseState } from '@coldchain/shared';
import { type Clock, systemClock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { DevicesRepo } from './devices.repo.ts';

/** What ingest needs to know about a device to authenticate it and decide whether to store its data. */
export interface DirectoryDevice {
  id: number;
  platformId: number;
  accountId: number;
  guid: string;
  useState: DeviceUseState;
  deletedFlag: number;
  credentialRotation: number;
  /** Uploads are refused from this moment on (the service lapsed 3 months before). */
  dataExpiredDate: string;
}

/**
 * Stopping means the cloud no longer receives data; a scrapped device keeps its history only; a
 * deleted or never-enabled one sends nothing (002 §4). Only an enabled, live device's data is accepted.
 */
export function acceptsData(device: Pick<DirectoryDevice, 'useState' | 'deletedFlag'>): boolean {
  return device.useState === 'enabled' && device.deletedFlag === 0;
}

interface Entry {
  device: DirectoryDevice | undefined;
  expiresAt: number;
}

const shared = new WeakMap<Db, DeviceDirectory>();

/**
 * Device lookups by GUID for ingest, cached for DEVICE_DIRECTORY_TTL_MS (unknown GUIDs too, so a
 * flood from an unregistered device does not reach the database). The device service invalidates
 * the entry of a device it changes on this node; other nodes see the change within the TTL.
 */
export class DeviceDirectory {
  private readonly cache = new Map<string, Entry>();
  private readonly repo: DevicesRepo;

  constructor(
    db: Db,
    private readonly clock: Clock = systemClock,
    private readonly ttlMs: number = DEVICE_DIRECTORY_TTL_MS,
  ) {
    this.repo = new DevicesRepo(db);
  }

  /** One directory per database, shared by ingest and the device service of this node. */
  static for(db: Db, clock: Clock = systemClock): DeviceDirectory {
    let directory = shared.get(db);
    if (!directory) {
      directory = new DeviceDirectory(db, clock);
      shared.set(db, directory);
    }
    return directory;
  }

  async byGuid(guid: string): Promise<DirectoryDevice | undefined> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(guid);
    if (hit && hit.expiresAt > now) return hit.device;
    const row = await this.repo.byGuid(guid);
    const device: DirectoryDevice | undefined = row && {
      id: row.id,
      platformId: row.platformId,
      accountId: row.accountId,
      guid: row.deviceGuid,
      useState: row.useState as DeviceUseState,
      deletedFlag: row.deletedFlag,
      credentialRotation: row.credentialRotation,
      dataExpiredDate: row.dataExpiredDate,
    };
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(guid, { device, expiresAt: now + this.ttlMs });
    return device;
  }

  /** Forgets one GUID (after a change), or everything. */
  invalidate(guid?: string): void {
    if (guid === undefined) this.cache.clear();
    else this.cache.delete(guid);
  }
}
