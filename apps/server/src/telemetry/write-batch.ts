import type { DeviceEventType, RejectReason } from '@coldchain/shared/device-protocol';
import type { DeviceRef, StoredReading } from './telemetry-events.ts';

/** What one device message asks storage to do; the writer commits many of these in one transaction. */
export interface WriteUnit {
  device: DeviceRef;
  readings: StoredReading[];
  events: EventInput[];
  /** the device's latest battery, signal and position in this message, if any */
  state: StateInput | null;
  commandAck: CommandAckInput | null;
  reject: RejectInput | null;
}

export interface EventInput {
  ts: number;
  type: DeviceEventType;
  state: string;
  probe: number;
}

export interface StateInput {
  /** device time of the newest record the state comes from */
  ts: number;
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CommandAckInput {
  commandId: number;
  ok: boolean;
  /** JSON text, at most 2,000 characters */
  result: string | null;
}

export interface RejectInput {
  reason: RejectReason;
  topic: string;
  detail: string;
}

/** A device row update decided by the writer (throttled per device). */
export interface DeviceUpdate {
  deviceId: number;
  lastSeenAt: string;
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ChannelInput {
  deviceId: number;
  channel: number;
  kind: string;
  probe: number;
  unit: string;
}

/** One transaction's worth of work, already merged. */
export interface Batch {
  units: WriteUnit[];
  /** new channels to list in device_channel */
  channels: ChannelInput[];
  deviceUpdates: DeviceUpdate[];
  /** rejects merged per device and reason */
  rejects: { deviceId: number; reason: RejectReason; count: number; topic: string; detail: string }[];
  /** server time of the batch, ISO */
  now: string;
  /** data push configurations that the batch's newly stored readings are queued for, in its transaction */
  readingsPush: ReadingsPushTargets;
}

/** Per account: ids of the enabled data push configurations that push its readings. */
export type ReadingsPushTargets = ReadonlyMap<number, readonly number[]>;

/** Where the writer learns, before each batch, which accounts push readings (a cache: see data-push). */
export interface ReadingsPushSource {
  current(): ReadingsPushTargets | Promise<ReadingsPushTargets>;
}

export const NO_READINGS_PUSH: ReadingsPushTargets = new Map();

/** Per unit, in order: which readings and events were new, and whether the command ack applied. */
export interface UnitResult {
  /** one flag per reading of the unit: true when inserted, false when it was a duplicate */
  readingInserted: boolean[];
  eventInserted: boolean[];
  commandState: 'acked' | 'failed' | null;
}

/** A database behind the writer: commits a batch in one transaction. */
export interface TelemetryStore {
  commit(batch: Batch): Promise<UnitResult[]>;
  /** Housekeeping ahead of need (PostgreSQL partitions); called at start and every few hours. */
  maintain(now: number): Promise<void>;
}

export const readingKey = (deviceId: number, channel: number, ts: number) => `${deviceId}:${channel}:${ts}`;
