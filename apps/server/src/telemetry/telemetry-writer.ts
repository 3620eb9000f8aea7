import { describeChannel } from '@coldchain/shared/device-protocol';
import type { Clock } from '../clock.ts';
import type { DeviceRef, ReadingsCommitted, StoredReading, TelemetryEvents } from './telemetry-events.ts';
import {
  type Batch,
  type ChannelInput,
  type DeviceUpdate,
  NO_READINGS_PUSH,
  type ReadingsPushSource,
  type ReadingsPushTargets,
  type TelemetryStore,
  type UnitResult,
  type WriteUnit,
} from './write-batch.ts';

export interface WriterOptions {
  /** How long the first write of a batch waits for company before the commit, in ms. */
  flushMs: number;
  /** A batch holding this many readings is committed at once. */
  maxBatchReadings: number;
  /** A device row (last seen, battery, signal, position) is written at most this often, in ms. */
  deviceStateIntervalMs: number;
  /** A message whose newest reading is older than this is backfill, in ms. */
  backfillAfterMs: number;
  /** Batches committing at once: 1 on SQLite (commits are synchronous), more on PostgreSQL, where a
   * batch waiting for its WAL flush need not hold up the next one (the server merges their flushes). */
  maxInFlight: number;
}

export const DEFAULT_WRITER_OPTIONS: WriterOptions = {
  flushMs: 4,
  maxBatchReadings: 8_000,
  deviceStateIntervalMs: 10_000,
  backfillAfterMs: 600_000,
  maxInFlight: 1,
};

export interface WriteOutcome {
  stored: number;
  duplicates: number;
  events: number;
  commandState: 'acked' | 'failed' | null;
}

interface Pending {
  unit: WriteUnit;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

interface DeviceSeen {
  ref: DeviceRef;
  /** when the device row was last written, ms */
  writtenAt: number;
  /** the newest state not yet written */
  update: DeviceUpdate | null;
  /** device time of the state in `update` */
  stateTs: number;
}

/**
 * Durable batched storage with group commit. Every write joins the open batch; the batch commits in
 * one transaction a few milliseconds after its first write (or at once when it is full), and each
 * write's promise resolves only after that commit: ingest acknowledges a device (PUBACK, HTTP 2xx)
 * on that promise, so an acknowledged reading is on disk. While `maxInFlight` batches are committing,
 * new writes gather into the next batch, so batches grow with load and the commit rate stays bounded.
 * A failed batch is retried message by message, so one bad message cannot fail the others. Device
 * rows (last seen, battery, position) are written apart, on a timer, off the acknowledgement path.
 * Readings of accounts that push them are queued for data push in the batch's own transaction.
 */
export class TelemetryWriter {
  private pending: Pending[] = [];
  private pendingReadings = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private statesFlushing: Promise<void> | null = null;
  private closed = false;
  private readonly knownChannels = new Set<string>();
  private readonly devices = new Map<number, DeviceSeen>();
  readonly stats = { batches: 0, readingsStored: 0, duplicates: 0, failedBatches: 0 };

  constructor(
    private readonly store: TelemetryStore,
    private readonly events: TelemetryEvents,
    private readonly clock: Clock,
    private readonly options: WriterOptions = DEFAULT_WRITER_OPTIONS,
    private readonly readingsPush: ReadingsPushSource = { current: () => NO_READINGS_PUSH },
  ) {}

  write(unit: WriteUnit): Promise<WriteOutcome> {
    if (this.closed) return Promise.reject(new Error('telemetry writer is closed'));
    return new Promise<WriteOutcome>((resolve, reject) => {
      this.pending.push({ unit, resolve, reject });
      this.pendingReadings += unit.readings.length;
      this.schedule();
    });
  }

  /** Commits everything pending (readings and device states) and waits for it. */
  async flush(): Promise<void> {
    while (this.pending.length > 0 || this.inFlight.size > 0) {
      if (this.pending.length > 0 && this.inFlight.size < this.options.maxInFlight) this.startFlush();
      await Promise.race(this.inFlight);
    }
    await this.flushDeviceStates();
  }

  /** Refuses new writes, commits what is pending. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Forgets throttling state, e.g. after devices were marked offline, so the next message writes the row. */
  forgetDevices(deviceIds: Iterable<number>): void {
    for (const id of deviceIds) this.devices.delete(id);
  }

  private schedule(): void {
    if (this.inFlight.size >= this.options.maxInFlight) return;
    if (this.pendingReadings >= this.options.maxBatchReadings) {
      this.startFlush();
      return;
    }
    if (!this.timer) this.timer = setTimeout(() => this.startFlush(), this.options.flushMs);
  }

  private startFlush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0 || this.inFlight.size >= this.options.maxInFlight) return;
    const taken = this.takeBatch();
    const commit: Promise<void> = this.commitBatch(taken).finally(() => {
      this.inFlight.delete(commit);
      // Writes that arrived during the commit have waited long enough: go again at once.
      if (this.pending.length > 0) setImmediate(() => this.startFlush());
    });
    this.inFlight.add(commit);
  }

  private takeBatch(): Pending[] {
    let readings = 0;
    let count = 0;
    while (count < this.pending.length && readings < this.options.maxBatchReadings) {
      readings += this.pending[count]?.unit.readings.length ?? 0;
      count += 1;
    }
    const taken = this.pending.splice(0, count);
    this.pendingReadings -= readings;
    return taken;
  }

  private async commitBatch(taken: Pending[]): Promise<void> {
    try {
      // Usually known already: then the commit starts without giving the turn away.
      const pushing = this.readingsPush.current();
      const batch = this.buildBatch(
        taken.map((p) => p.unit),
        pushing instanceof Promise ? await pushing : pushing,
      );
      const results = await this.store.commit(batch);
      this.committed(batch, taken, results);
    } catch (error) {
      this.stats.failedBatches += 1;
      if (taken.length === 1) {
        taken[0]?.reject(error);
        return;
      }
      // Retry each message alone so that only the one that cannot be stored fails.
      for (const one of taken) {
        try {
          const single = this.buildBatch([one.unit], await this.readingsPush.current());
          this.committed(single, [one], await this.store.commit(single));
        } catch (singleError) {
          one.reject(singleError);
        }
      }
    }
  }

  private buildBatch(units: WriteUnit[], readingsPush: ReadingsPushTargets): Batch {
    const now = this.clock.now();
    const channels: ChannelInput[] = [];
    const newChannels = new Set<string>();
    const rejects = new Map<string, Batch['rejects'][number]>();
    for (const unit of units) {
      const deviceId = unit.device.deviceId;
      for (const r of unit.readings) {
        const key = `${deviceId}:${r.channel}`;
        if (this.knownChannels.has(key) || newChannels.has(key)) continue;
        const described = describeChannel(r.channel);
        if (!described) continue;
        newChannels.add(key);
        channels.push({
          deviceId,
          channel: r.channel,
          kind: described.kind,
          probe: described.probe,
          unit: described.unit,
        });
      }
      if (unit.reject) {
        const key = `${deviceId}:${unit.reject.reason}`;
        const merged = rejects.get(key);
        if (merged) {
          merged.count += 1;
          merged.topic = unit.reject.topic;
          merged.detail = unit.reject.detail;
        } else {
          rejects.set(key, { deviceId, count: 1, ...unit.reject });
        }
      }
    }
    return {
      units,
      channels,
      deviceUpdates: [],
      rejects: [...rejects.values()],
      now: now.toISOString(),
      readingsPush,
    };
  }

  /** Remembers what a committed message says about its device; flushDeviceStates writes it. */
  private noteState(unit: WriteUnit, now: number): void {
    const id = unit.device.deviceId;
    let seen = this.devices.get(id);
    if (!seen) {
      seen = { ref: unit.device, writtenAt: 0, update: null, stateTs: 0 };
      this.devices.set(id, seen);
    }
    const update: DeviceUpdate = seen.update ?? {
      deviceId: id,
      lastSeenAt: '',
      battery: null,
      signal: null,
      latitude: null,
      longitude: null,
    };
    update.lastSeenAt = new Date(now).toISOString();
    const state = unit.state;
    // Backfill carries old states: only a newer device time replaces what is known.
    if (state && state.ts >= seen.stateTs) {
      seen.stateTs = state.ts;
      if (state.battery !== null) update.battery = Math.round(state.battery);
      if (state.signal !== null) update.signal = Math.round(state.signal);
      if (state.latitude !== null) update.latitude = state.latitude;
      if (state.longitude !== null) update.longitude = state.longitude;
    }
    seen.update = update;
  }

  private committed(batch: Batch, taken: Pending[], results: UnitResult[]): void {
    this.stats.batches += 1;
    for (const c of batch.channels) this.knownChannels.add(`${c.deviceId}:${c.channel}`);
    const receivedAt = this.clock.now().getTime();
    taken.forEach((p, index) => {
      const result = results[index];
      const unit = p.unit;
      if (!result) {
        p.reject(new Error('telemetry store returned no result for a message'));
        return;
      }
      if (!unit.reject) this.noteState(unit, receivedAt);
      const stored: StoredReading[] = [];
      unit.readings.forEach((r, i) => {
        if (result.readingInserted[i]) stored.push(r);
      });
      const events = unit.events.filter((_, i) => result.eventInserted[i]);
      this.stats.readingsStored += stored.length;
      this.stats.duplicates += unit.readings.length - stored.length;
      p.resolve({
        stored: stored.length,
        duplicates: unit.readings.length - stored.length,
        events: events.length,
        commandState: result.commandState,
      });
      if (stored.length > 0) {
        stored.sort((a, b) => a.ts - b.ts || a.channel - b.channel);
        const newest = stored[stored.length - 1]?.ts ?? receivedAt;
        const batchEvent: ReadingsCommitted = {
          ...unit.device,
          readings: stored,
          receivedAt,
          backfill: receivedAt - newest > this.options.backfillAfterMs,
        };
        this.events.safeEmit('readings', batchEvent);
      }
      if (events.length > 0) {
        this.events.safeEmit(
          'deviceEvents',
          events.map((e) => ({ ...unit.device, ...e })),
        );
      }
      if (result.commandState && unit.commandAck) {
        this.events.safeEmit('commandAcked', {
          ...unit.device,
          commandId: unit.commandAck.commandId,
          state: result.commandState,
        });
      }
    });
  }

  private emitDeviceStates(updates: DeviceUpdate[]): void {
    for (const d of updates) {
      const seen = this.devices.get(d.deviceId);
      if (seen) this.events.safeEmit('deviceState', { ...seen.ref, ...d, status: 'online' });
    }
  }

  /**
   * Writes device rows (last seen, online, battery, signal, position) outside the acknowledgement
   * path, on a timer: a device heard from for the first time at the next tick, after that at most
   * once per interval. Single-flight, so device rows are only ever updated by one transaction of
   * this node at a time.
   */
  flushDeviceStates(): Promise<void> {
    this.statesFlushing ??= this.writeDeviceStates().finally(() => {
      this.statesFlushing = null;
    });
    return this.statesFlushing;
  }

  private async writeDeviceStates(): Promise<void> {
    const now = this.clock.now().getTime();
    const due: DeviceUpdate[] = [];
    for (const seen of this.devices.values()) {
      if (!seen.update) continue;
      if (seen.writtenAt !== 0 && now - seen.writtenAt < this.options.deviceStateIntervalMs) continue;
      due.push(seen.update);
      seen.update = null;
      // The first write of a device is back-dated by up to half an interval, so that a fleet starting
      // together does not fall due together every interval after.
      seen.writtenAt =
        seen.writtenAt === 0
          ? now - Math.floor(Math.random() * (this.options.deviceStateIntervalMs / 2))
          : now;
    }
    if (due.length === 0) return;
    due.sort((a, b) => a.deviceId - b.deviceId);
    const batch: Batch = {
      units: [],
      channels: [],
      deviceUpdates: due,
      rejects: [],
      now: new Date(now).toISOString(),
      readingsPush: NO_READINGS_PUSH,
    };
    await this.store.commit(batch);
    this.emitDeviceStates(due);
  }
}
