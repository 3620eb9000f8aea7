import { MAX_RECORDS_PER_MESSAGE } from '@coldchain/shared/device-protocol';
import { PROFILE_NAMES, PROFILES, type ProfileName } from './profiles.ts';
import type { RoutePoint } from './route.ts';
import { type DeviceIdentity, SimulatedDevice } from './simulated-device.ts';
import { type CommandHandler, HttpTransport, MqttTransport, type Transport } from './transports.ts';
import { type UpgradeOptions, Upgrader } from './upgrade.ts';

export interface FleetDevice extends DeviceIdentity {
  /** coldRoom, freezer or truck; devices without one take them in turn */
  profile?: ProfileName;
  /** A route to drive (positions along it with every record) instead of the truck's loop. */
  route?: RoutePoint[];
  /** Minutes this device takes for its route (FleetOptions.routeMinutes otherwise). */
  routeMinutes?: number;
  /** Drive the route again and again instead of stopping at its end. */
  routeLoop?: boolean;
}

export interface FleetOptions {
  devices: FleetDevice[];
  /** `mqtt://host:port` for MQTT, `http://host:port` for HTTP ingest */
  url: string;
  recordIntervalMs?: number;
  uploadIntervalMs?: number;
  /** Minutes a device takes to drive its route (default 60). */
  routeMinutes?: number;
  /** records per upload message at most (a long outage is sent back in several) */
  batchSize?: number;
  onCommand?: CommandHandler;
  /**
   * Online upgrades (`upgrade` commands): download, progress, reboot. The HTTP address defaults to
   * `url` when that is HTTP; an MQTT fleet must name it.
   */
  upgrade?: Omit<UpgradeOptions, 'httpUrl'> & { httpUrl?: string };
  log?: (line: string) => void;
}

export interface FleetStats {
  devices: number;
  connected: number;
  recordsSent: number;
  eventsSent: number;
  uploadFailures: number;
  commandsHandled: number;
}

export interface Fleet {
  readonly stats: FleetStats;
  readonly members: SimulatedDevice[];
  /** Uploads everything buffered now (ignores outages), then resolves. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

interface Member {
  device: SimulatedDevice;
  transport: Transport;
  uploading: boolean;
}

/**
 * Runs simulated devices in real time: each samples every `recordIntervalMs` and uploads what it
 * buffered every `uploadIntervalMs` unless it is in an outage, after which the buffer goes out as a
 * backfill batch with the device's own timestamps.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const recordIntervalMs = options.recordIntervalMs ?? 10_000;
  const uploadIntervalMs = options.uploadIntervalMs ?? 30_000;
  const batchSize = Math.min(options.batchSize ?? 1_000, MAX_RECORDS_PER_MESSAGE);
  const log = options.log ?? (() => {});
  const stats: FleetStats = {
    devices: options.devices.length,
    connected: 0,
    recordsSent: 0,
    eventsSent: 0,
    uploadFailures: 0,
    commandsHandled: 0,
  };
  const onCommand: CommandHandler = async (command) => {
    stats.commandsHandled += 1;
    log(`command ${command.id} ${command.type}`);
    return options.onCommand ? options.onCommand(command) : { ok: true, result: { applied: command.type } };
  };
  const http = /^https?:\/\//.test(options.url);
  const now = Date.now();
  const members: Member[] = options.devices.map((identity, index) => {
    const profile = PROFILES[identity.profile ?? PROFILE_NAMES[index % PROFILE_NAMES.length] ?? 'coldRoom'];
    const route = identity.route
      ? {
          points: identity.route,
          minutes: identity.routeMinutes ?? options.routeMinutes ?? 60,
          loop: identity.routeLoop ?? false,
        }
      : undefined;
    const device = new SimulatedDevice(
      identity,
      { profile, recordIntervalMs, uploadIntervalMs, ...(route ? { route } : {}) },
      now,
    );
    const httpUrl = options.upgrade?.httpUrl ?? (http ? options.url : undefined);
    let upgrader: Upgrader | null = null;
    const handle: CommandHandler = async (command) =>
      upgrader && Upgrader.handles(command) ? upgrader.accept(command) : onCommand(command);
    const transport: Transport = http
      ? new HttpTransport(options.url, identity, handle)
      : new MqttTransport(options.url, identity, handle);
    if (httpUrl)
      upgrader = new Upgrader(
        identity,
        { ...options.upgrade, httpUrl },
        {
          report: (report) => transport.sendUpgradeReport(report),
          async reboot(ms) {
            await transport.close();
            await new Promise((resolve) => setTimeout(resolve, ms));
            await transport.connect();
          },
          get version() {
            return device.firmwareVersion;
          },
          set version(value: string) {
            device.firmwareVersion = value;
          },
          log,
        },
      );
    return { device, transport, uploading: false };
  });
  await Promise.all(
    members.map(async (m) => {
      try {
        await m.transport.connect();
        stats.connected += 1;
      } catch (error) {
        log(`device ${m.device.identity.guid} could not connect: ${(error as Error).message}`);
      }
    }),
  );

  const upload = async (m: Member, force: boolean) => {
    if (m.uploading || (!force && m.device.offline(Date.now()))) return;
    m.uploading = true;
    try {
      const pending = m.device.pending();
      for (let i = 0; i < pending.records.length; i += batchSize) {
        const records = pending.records.slice(i, i + batchSize);
        await m.transport.sendTelemetry(records);
        m.device.uploaded({ records, events: [] });
        stats.recordsSent += records.length;
      }
      if (pending.events.length > 0) {
        await m.transport.sendEvents(pending.events);
        m.device.uploaded({ records: [], events: pending.events });
        stats.eventsSent += pending.events.length;
      }
      await m.transport.pollCommands();
    } catch (error) {
      stats.uploadFailures += 1;
      log(`device ${m.device.identity.guid} upload failed: ${(error as Error).message}`);
    } finally {
      m.uploading = false;
    }
  };

  // A first record and upload right away, so a fresh fleet shows up at once.
  for (const m of members) {
    m.device.sample(Date.now());
    void upload(m, false);
  }
  const sampler = setInterval(() => {
    const t = Date.now();
    for (const m of members) m.device.sample(t);
  }, recordIntervalMs);
  const uploader = setInterval(() => {
    for (const m of members) void upload(m, false);
  }, uploadIntervalMs);

  return {
    stats,
    members: members.map((m) => m.device),
    async flush() {
      for (const m of members) {
        while (m.uploading) await new Promise((r) => setTimeout(r, 10));
        await upload(m, true);
      }
    },
    async stop() {
      clearInterval(sampler);
      clearInterval(uploader);
      await Promise.all(members.map((m) => m.transport.close()));
    },
  };
}
