import { DEVICE_GUID_PATTERN } from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';

/** Why a connection ended or a login was refused, as the network pages show it. */
export type DisconnectReason = 'clean' | 'keepaliveTimeout' | 'connectionLost' | 'refused' | 'serverClosed';
export type RefusalReason = 'badCredentials' | 'notAccepted';

/** Connection events older than this are removed (docs/decisions.md). */
const RETENTION_MS = 30 * 86_400_000;
/** Every this many events, the old ones are removed. */
const PRUNE_EVERY = 500;

interface Known {
  id: number;
  platformId: number;
  guid: string;
}

/**
 * Counts device connections for the operators' network pages: per device (connected now, connects,
 * disconnects, last CONNECT, last disconnect and why) and a log of every connect, disconnect and
 * refused login. Writes happen beside the broker's work and never hold it up; a failed write is logged.
 */
export class ConnectionLog {
  private written = 0;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  connected(device: Known, address: string | null): void {
    const at = this.clock.now().toISOString();
    this.run(async () => {
      await this.db
        .insertInto('deviceConnection')
        .values({
          deviceId: device.id,
          platformId: device.platformId,
          connected: 1,
          connects: 1,
          disconnects: 0,
          lastConnectAt: at,
          lastAddress: address,
        })
        .onConflict((oc) =>
          oc.column('deviceId').doUpdateSet({
            connected: 1,
            connects: sql`device_connection.connects + 1`,
            lastConnectAt: at,
            lastAddress: address,
            platformId: device.platformId,
          }),
        )
        .execute();
      await this.event(device.id, device.platformId, device.guid, 'connect', null, address, at);
    });
  }

  disconnected(device: Known, reason: DisconnectReason, address: string | null): void {
    const at = this.clock.now().toISOString();
    this.run(async () => {
      await this.db
        .insertInto('deviceConnection')
        .values({
          deviceId: device.id,
          platformId: device.platformId,
          connected: 0,
          connects: 0,
          disconnects: 1,
          lastDisconnectAt: at,
          lastDisconnectReason: reason,
          lastAddress: address,
        })
        .onConflict((oc) =>
          oc.column('deviceId').doUpdateSet({
            connected: 0,
            disconnects: sql`device_connection.disconnects + 1`,
            lastDisconnectAt: at,
            lastDisconnectReason: reason,
          }),
        )
        .execute();
      await this.event(device.id, device.platformId, device.guid, 'disconnect', reason, address, at);
    });
  }

  /** A refused login; user names that are no GUID at all are not worth a row. */
  refused(guid: string, reason: RefusalReason, address: string | null): void {
    if (!DEVICE_GUID_PATTERN.test(guid)) return;
    const at = this.clock.now().toISOString();
    this.run(async () => {
      const device = await this.db
        .selectFrom('device')
        .select(['id', 'platformId'])
        .where('deviceGuid', '=', guid)
        .where('deletedFlag', '=', 0)
        .executeTakeFirst();
      await this.event(
        device?.id ?? null,
        device?.platformId ?? null,
        guid,
        'authFailure',
        reason,
        address,
        at,
      );
    });
  }

  /** The broker stopped: its devices are no longer connected to this node. */
  async serverClosed(devices: Known[]): Promise<void> {
    for (const device of devices) this.disconnected(device, 'serverClosed', null);
    await this.idle();
  }

  private pending = new Set<Promise<void>>();

  /** Resolves once the writes under way are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private run(task: () => Promise<void>): void {
    const p = task()
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not count a device connection'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  private async event(
    deviceId: number | null,
    platformId: number | null,
    guid: string,
    kind: 'connect' | 'disconnect' | 'authFailure',
    reason: string | null,
    address: string | null,
    at: string,
  ): Promise<void> {
    await this.db
      .insertInto('deviceConnectionEvent')
      .values({ deviceId, platformId, deviceGuid: guid, kind, reason, address, at })
      .execute();
    this.written += 1;
    if (this.written % PRUNE_EVERY === 0) {
      const cutoff = new Date(this.clock.now().getTime() - RETENTION_MS).toISOString();
      await this.db.deleteFrom('deviceConnectionEvent').where('at', '<', cutoff).execute();
    }
  }
}
