import type { RejectReason, UplinkKind } from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { acceptsUploads, lapsedUploadDetail } from '../modules/device-service/service-lapse.ts';
import {
  acceptsData,
  type DeviceDirectory,
  type DirectoryDevice,
} from '../modules/devices/device-directory.ts';
import type { DeviceRef } from '../telemetry/telemetry-events.ts';
import type { TelemetryWriter, WriteOutcome } from '../telemetry/telemetry-writer.ts';
import { decodePayload } from './decode.ts';
import { verifyDeviceSecret } from './device-credentials.ts';

export type AuthResult =
  | { ok: true; device: DirectoryDevice }
  | { ok: false; why: 'unknown' | 'badSecret' | 'notAccepted' };

export type HandleResult =
  | { ok: true; outcome: WriteOutcome }
  | { ok: false; reason: RejectReason; detail: string };

/**
 * Takes a device's upgrade report (`devices/{guid}/upgrade`); the firmware module sets it. Resolves
 * once the report is stored, or to why it was refused.
 */
export type UpgradeReportHandler = (
  device: DirectoryDevice,
  payload: Buffer,
) => Promise<{ ok: true } | { ok: false; reason: RejectReason; detail: string }>;

const NOTHING_STORED: WriteOutcome = { stored: 0, duplicates: 0, events: 0, commandState: null };

export const deviceRef = (device: DirectoryDevice): DeviceRef => ({
  deviceId: device.id,
  deviceGuid: device.guid,
  platformId: device.platformId,
  accountId: device.accountId,
});

/**
 * What every transport (embedded broker, external broker, HTTP) shares: who a device is, and what to
 * do with a payload it sent. A refused payload is counted against the device (ingest_reject) and
 * never throws; a storage failure does throw, so the transport withholds its acknowledgement and the
 * device sends again.
 */
export class IngestService {
  readonly counters = { messages: 0, rejected: 0 };
  /** Where upgrade reports go; without a handler they are refused as an unknown topic. */
  upgradeReports: UpgradeReportHandler | null = null;
  private readonly known = new Map<string, { device: DirectoryDevice; usedAt: number }>();

  constructor(
    private readonly directory: DeviceDirectory,
    private readonly writer: TelemetryWriter,
    private readonly deviceKey: string,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async authenticate(guid: string, secret: string): Promise<AuthResult> {
    const device = await this.directory.byGuid(guid);
    if (device?.deletedFlag !== 0) return { ok: false, why: 'unknown' };
    if (!verifyDeviceSecret(this.deviceKey, guid, device.credentialRotation, secret)) {
      return { ok: false, why: 'badSecret' };
    }
    if (!acceptsData(device)) return { ok: false, why: 'notAccepted' };
    return { ok: true, device };
  }

  /**
   * The device as last known; undefined when unknown or deleted. A device already heard from is
   * answered from memory, and `refreshKnown` re-reads those one at a time in the background: a
   * thousand devices asking the directory at once when its cache expires would queue ahead of the
   * writer for database connections (PostgreSQL) and stall every acknowledgement behind them.
   */
  async current(guid: string): Promise<DirectoryDevice | undefined> {
    const known = this.known.get(guid);
    if (known) {
      known.usedAt = this.clock.now().getTime();
      return known.device;
    }
    const device = await this.directory.byGuid(guid);
    if (device?.deletedFlag !== 0) return undefined;
    this.known.set(guid, { device, usedAt: this.clock.now().getTime() });
    return device;
  }

  /** Re-reads every device heard from lately, sequentially; forgets those quiet for ten minutes. */
  async refreshKnown(): Promise<void> {
    const forgetBefore = this.clock.now().getTime() - 600_000;
    for (const [guid, entry] of [...this.known]) {
      if (entry.usedAt < forgetBefore) {
        this.known.delete(guid);
        continue;
      }
      const device = await this.directory.byGuid(guid);
      if (device?.deletedFlag !== 0) this.known.delete(guid);
      else entry.device = device;
    }
  }

  /**
   * Stores what a device sent on an uplink topic. Resolves after the commit; rejects only when
   * storage failed (nothing acknowledged then).
   */
  async handle(
    device: DirectoryDevice,
    kind: UplinkKind,
    topic: string,
    payload: Buffer,
  ): Promise<HandleResult> {
    this.counters.messages += 1;
    if (!acceptsData(device)) {
      const why = device.deletedFlag !== 0 ? 'deleted' : `use state ${device.useState}`;
      return this.reject(device, topic, 'notAccepted', why);
    }
    if (!acceptsUploads(device, this.clock.now()))
      return this.reject(device, topic, 'serviceLapsed', lapsedUploadDetail(device));
    if (kind === 'upgrade') {
      const handled = this.upgradeReports
        ? await this.upgradeReports(device, payload)
        : ({ ok: false, reason: 'unknownTopic', detail: 'online upgrades are not served' } as const);
      if (!handled.ok) return this.reject(device, topic, handled.reason, handled.detail);
      return { ok: true, outcome: NOTHING_STORED };
    }
    const decoded = decodePayload(kind, payload, this.clock.now().getTime());
    if (!decoded.ok) return this.reject(device, topic, decoded.reason, decoded.detail);
    const outcome = await this.writer.write({
      device: deviceRef(device),
      ...decoded.value,
      reject: null,
    });
    return { ok: true, outcome };
  }

  /** Counts a refusal against the device; the count is written with the next batch. */
  reject(device: DirectoryDevice, topic: string, reason: RejectReason, detail: string): HandleResult {
    this.counters.rejected += 1;
    this.writer
      .write({
        device: deviceRef(device),
        readings: [],
        events: [],
        state: null,
        commandAck: null,
        reject: { reason, topic: topic.slice(0, 100), detail: detail.slice(0, 200) },
      })
      .catch((error: unknown) =>
        this.log.warn({ err: error, device: device.guid }, 'could not count a refused payload'),
      );
    return { ok: false, reason, detail };
  }
}
