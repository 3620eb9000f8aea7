import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { sqliteHandleOf } from '../db/create-db.ts';
import { READINGS_PUSH_REFRESH_MS, ReadingsPushConfigs } from '../modules/data-push/readings-push-configs.ts';
import { DeviceDirectory } from '../modules/devices/device-directory.ts';
import { PostgresTelemetryStore } from '../telemetry/postgres-store.ts';
import { SqliteTelemetryStore } from '../telemetry/sqlite-store.ts';
import { DEFAULT_WRITER_OPTIONS, TelemetryWriter } from '../telemetry/telemetry-writer.ts';
import type { TelemetryStore } from '../telemetry/write-batch.ts';
import { CommandDispatcher } from './command-dispatcher.ts';
import { ConnectionLog } from './connection-log.ts';
import { EmbeddedBroker } from './embedded-broker.ts';
import { ExternalBroker } from './external-broker.ts';
import { IngestService } from './ingest-service.ts';

/** A device row is written at most this often while the device talks... */
const DEVICE_STATE_INTERVAL_MS = 10_000;
/** ...checked this often, so a device coming online shows within a second. */
const DEVICE_STATE_FLUSH_MS = 1_000;
const OFFLINE_SWEEP_MS = 60_000;
/** A device is offline after three upload intervals without a message, and never sooner than this. */
const OFFLINE_AFTER_MIN_MS = 600_000;
const PARTITION_CHECK_MS = 6 * 3_600_000;
const COMMAND_POLL_MS = 2_000;
/** How often devices being heard from are re-read (a stop or delete takes effect within it). */
const DEVICE_REFRESH_MS = 5_000;

export type MqttMode = 'embedded' | 'external' | 'off';

export interface IngestStatus {
  mode: MqttMode;
  /** embedded: the port devices connect to */
  port: number | null;
  connectedClients: number | null;
  messages: number;
  rejected: number;
  readingsStored: number;
  duplicates: number;
  batches: number;
  failedBatches: number;
}

/**
 * Ingest as one piece: the durable writer on this database, the service every transport shares, the
 * MQTT transport (embedded broker, external broker, or none), command delivery, and the timers that
 * keep device rows and partitions up to date. buildApp creates it (HTTP ingest works without MQTT);
 * main.ts starts MQTT after the HTTP listener.
 */
export class Ingest {
  readonly writer: TelemetryWriter;
  readonly service: IngestService;
  /** Which accounts push readings; data push invalidates it when configurations change here. */
  readonly readingsPush: ReadingsPushConfigs;
  /** Device connections counted by the embedded broker (network pages). */
  readonly connections: ConnectionLog;
  private mqtt: EmbeddedBroker | ExternalBroker | null = null;
  private dispatcher: CommandDispatcher | null = null;
  private readonly timers: NodeJS.Timeout[] = [];

  private constructor(
    private readonly ctx: AppContext,
    store: TelemetryStore,
    private readonly log: FastifyBaseLogger,
  ) {
    const { config } = ctx;
    this.readingsPush = new ReadingsPushConfigs(ctx.db);
    this.connections = new ConnectionLog(ctx.db, ctx.clock, log);
    this.writer = new TelemetryWriter(
      store,
      ctx.telemetryEvents,
      ctx.clock,
      {
        ...DEFAULT_WRITER_OPTIONS,
        flushMs: config.telemetry.flushMs,
        maxBatchReadings: config.telemetry.maxBatchReadings,
        deviceStateIntervalMs: DEVICE_STATE_INTERVAL_MS,
        maxInFlight: ctx.dialect === 'postgres' ? 3 : 1,
      },
      this.readingsPush,
    );
    ctx.telemetryEvents.onListenerError = (error) => log.error({ err: error }, 'telemetry listener failed');
    this.service = new IngestService(
      DeviceDirectory.for(ctx.db, ctx.clock),
      this.writer,
      ctx.deviceKey,
      ctx.clock,
      log,
    );
  }

  static async create(ctx: AppContext, log: FastifyBaseLogger): Promise<Ingest> {
    let store: TelemetryStore;
    if (ctx.dialect === 'postgres') {
      store = new PostgresTelemetryStore(ctx.db);
    } else {
      const sqlite = sqliteHandleOf(ctx.db);
      if (!sqlite) throw new Error('telemetry needs the database opened by createDb');
      store = new SqliteTelemetryStore(ctx.db, sqlite);
    }
    const ingest = new Ingest(ctx, store, log);
    await store.maintain(ctx.clock.now().getTime());
    ingest.every(PARTITION_CHECK_MS, () => store.maintain(ctx.clock.now().getTime()));
    ingest.every(DEVICE_STATE_FLUSH_MS, () => ingest.writer.flushDeviceStates());
    ingest.every(OFFLINE_SWEEP_MS, () => ingest.sweepOffline());
    ingest.every(DEVICE_REFRESH_MS, () => ingest.service.refreshKnown());
    // Data push configurations changed on other nodes.
    ingest.every(READINGS_PUSH_REFRESH_MS, () => ingest.readingsPush.refresh());
    return ingest;
  }

  get mode(): MqttMode {
    if (this.mqtt instanceof EmbeddedBroker) return 'embedded';
    if (this.mqtt instanceof ExternalBroker) return 'external';
    return 'off';
  }

  /** The embedded broker's port once started (tests ask for port 0). */
  get mqttPort(): number | null {
    return this.mqtt instanceof EmbeddedBroker ? this.mqtt.port : null;
  }

  /**
   * Starts the configured MQTT transport. Rejects with the listen error (EADDRINUSE) when the embedded
   * broker's port is taken.
   */
  async startMqtt(overrides: { port?: number; host?: string } = {}): Promise<void> {
    const { mqtt } = this.ctx.config;
    if (!mqtt.enabled || this.mqtt) return;
    if (mqtt.url) {
      this.mqtt = await ExternalBroker.start({
        url: mqtt.url,
        clientId: mqtt.clientId,
        connections: mqtt.connections,
        group: mqtt.group,
        ingest: this.service,
        log: this.log,
      });
    } else {
      this.mqtt = await EmbeddedBroker.start({
        port: overrides.port ?? mqtt.port,
        host: overrides.host ?? mqtt.host,
        ingest: this.service,
        log: this.log,
        onCommandsSubscribed: (device) => void this.dispatcher?.poll(device.id),
        connections: this.connections,
      });
    }
    this.dispatcher = new CommandDispatcher(this.ctx.db, this.mqtt, this.ctx.clock, this.log);
    this.every(COMMAND_POLL_MS, () => this.dispatcher?.poll() ?? Promise.resolve());
  }

  status(): IngestStatus {
    const stats = this.writer.stats;
    return {
      mode: this.mode,
      port: this.mqttPort,
      connectedClients: this.mqtt instanceof EmbeddedBroker ? this.mqtt.connectedClients : null,
      messages: this.service.counters.messages,
      rejected: this.service.counters.rejected,
      readingsStored: stats.readingsStored,
      duplicates: stats.duplicates,
      batches: stats.batches,
      failedBatches: stats.failedBatches,
    };
  }

  /** Delivers due commands now (tests; the timer does it every two seconds). */
  async deliverCommands(): Promise<void> {
    await this.dispatcher?.poll();
  }

  /** Marks devices offline that have been silent for three upload intervals (at least ten minutes). */
  async sweepOffline(): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    const cutoff = new Date(now - OFFLINE_AFTER_MIN_MS).toISOString();
    const candidates = await this.ctx.db
      .selectFrom('device')
      .select(['id', 'deviceGuid', 'platformId', 'accountId', 'lastSeenAt', 'uploadInterval'])
      .where('status', 'in', ['online', 'normal'])
      .where('deletedFlag', '=', 0)
      .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', cutoff)]))
      .execute();
    const stale = candidates.filter(
      (d) =>
        !d.lastSeenAt ||
        Date.parse(d.lastSeenAt) < now - Math.max(3_000 * d.uploadInterval, OFFLINE_AFTER_MIN_MS),
    );
    for (let i = 0; i < stale.length; i += 500) {
      const chunk = stale.slice(i, i + 500);
      await this.ctx.db
        .updateTable('device')
        .set({ status: 'offline' })
        .where(
          'id',
          'in',
          chunk.map((d) => d.id),
        )
        .where('status', 'in', ['online', 'normal'])
        // A message since the look-up moved last_seen_at past the cutoff: leave that device online.
        .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', cutoff)]))
        .execute();
    }
    this.writer.forgetDevices(stale.map((d) => d.id));
    for (const d of stale) {
      this.ctx.telemetryEvents.safeEmit('deviceState', {
        deviceId: d.id,
        deviceGuid: d.deviceGuid,
        platformId: d.platformId,
        accountId: d.accountId,
        lastSeenAt: d.lastSeenAt ?? '',
        status: 'offline',
        battery: null,
        signal: null,
        latitude: null,
        longitude: null,
      });
    }
  }

  /** Stops MQTT first (no new publishes), then commits what is pending. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    const mqtt = this.mqtt;
    this.mqtt = null;
    await mqtt?.close().catch((error: unknown) => this.log.warn({ err: error }, 'closing MQTT failed'));
    await this.writer.close();
  }

  private every(ms: number, task: () => Promise<void>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((error: unknown) => this.log.warn({ err: error }, 'ingest housekeeping failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
