import { EventEmitter } from 'node:events';
import type { DeviceEventType } from '@coldchain/shared/device-protocol';

/** Who a device belongs to, so listeners can route without a lookup. */
export interface DeviceRef {
  deviceId: number;
  deviceGuid: string;
  platformId: number;
  accountId: number;
}

/** One stored reading: channel = kindCode * 100 + probe (packages/shared/src/device-protocol.ts). */
export interface StoredReading {
  channel: number;
  /** device time, ms since epoch UTC */
  ts: number;
  value: number;
}

/** Readings of one device that were committed (duplicates left out), in device-time order. */
export interface ReadingsCommitted extends DeviceRef {
  readings: StoredReading[];
  /** server time of receipt, ms since epoch */
  receivedAt: number;
  /** true when the newest reading is older than a few upload intervals (a buffer flushed after an outage) */
  backfill: boolean;
}

export interface DeviceEventCommitted extends DeviceRef {
  ts: number;
  type: DeviceEventType;
  state: string;
  probe: number;
}

/** The device's latest state as written to the device row. */
export interface DeviceStateChanged extends DeviceRef {
  lastSeenAt: string;
  status: 'online' | 'offline';
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CommandAcked extends DeviceRef {
  commandId: number;
  state: 'acked' | 'failed';
}

/**
 * Everything ingest tells the rest of the server, after the data is committed. The live WebSocket hub
 * and the alarm engine subscribe here; on several nodes each node sees what it ingested, so fan-out
 * between nodes is the hub's job.
 */
export interface TelemetryEventMap {
  readings: [batch: ReadingsCommitted];
  deviceEvents: [events: DeviceEventCommitted[]];
  deviceState: [state: DeviceStateChanged];
  commandAcked: [ack: CommandAcked];
}

export class TelemetryEvents extends EventEmitter<TelemetryEventMap> {
  constructor() {
    super({ captureRejections: false });
    // Many listeners (hub, alarms, tests) are expected; a listener's error must never reach ingest.
    this.setMaxListeners(50);
  }

  /** Emits without letting a throwing listener break the caller (ingest acknowledges regardless). */
  safeEmit<K extends keyof TelemetryEventMap>(event: K, ...args: TelemetryEventMap[K]): void {
    try {
      (this.emit as (e: K, ...a: TelemetryEventMap[K]) => boolean)(event, ...args);
    } catch (error) {
      this.onListenerError?.(error);
    }
  }

  onListenerError: ((error: unknown) => void) | undefined;
}
