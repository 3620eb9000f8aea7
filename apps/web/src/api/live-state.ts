import type { DeviceRow, LiveDeviceState, LiveServerMessage } from '@coldchain/shared';

/**
 * What the live channel has told this page about its devices, merged with what the page read over
 * HTTP. Pure functions: the channel (live.ts) keeps one snapshot and swaps it for a new one on every
 * change, so React re-renders only what changed.
 */

export interface LiveReading {
  ts: number;
  value: number;
}

export interface LiveDevice {
  /** The newest reading per channel. */
  readings: Readonly<Record<number, LiveReading>>;
  /** The newest state pushed (status, battery, signal, position), null until one arrives. */
  state: LiveDeviceState | null;
}

export type LiveSnapshot = ReadonlyMap<number, LiveDevice>;

const EMPTY_DEVICE: LiveDevice = { readings: {}, state: null };

/**
 * Keeps the newest reading per channel. A backfill (older readings arriving late) never replaces a
 * newer value; answers the same object when nothing changed.
 */
export function mergeReadings(
  current: LiveDevice | undefined,
  readings: readonly { channel: number; ts: number; value: number }[],
): LiveDevice {
  const base = current ?? EMPTY_DEVICE;
  let next: Record<number, LiveReading> | null = null;
  for (const r of readings) {
    const held = (next ?? base.readings)[r.channel];
    if (held && held.ts > r.ts) continue;
    if (held && held.ts === r.ts && held.value === r.value) continue;
    next ??= { ...base.readings };
    next[r.channel] = { ts: r.ts, value: r.value };
  }
  return next ? { ...base, readings: next } : (current ?? base);
}

/** Takes a pushed state unless an older one arrives after a newer one (by lastSeenAt). */
export function mergeState(current: LiveDevice | undefined, state: LiveDeviceState): LiveDevice {
  const base = current ?? EMPTY_DEVICE;
  if (base.state && Date.parse(base.state.lastSeenAt) > Date.parse(state.lastSeenAt)) return base;
  return { ...base, state };
}

/** The snapshot after one server message; the same snapshot when the message changes nothing. */
export function applyLiveMessage(snapshot: LiveSnapshot, message: LiveServerMessage): LiveSnapshot {
  if (message.type === 'readings') {
    const before = snapshot.get(message.deviceId);
    const after = mergeReadings(before, message.readings);
    if (after === before) return snapshot;
    return new Map(snapshot).set(message.deviceId, after);
  }
  if (message.type === 'status') {
    const { type: _type, deviceId, ...state } = message;
    return new Map(snapshot).set(deviceId, mergeState(snapshot.get(deviceId), state));
  }
  return snapshot;
}

/** Drops what is known about devices no longer followed. */
export function forgetDevices(snapshot: LiveSnapshot, ids: readonly number[]): LiveSnapshot {
  if (!ids.some((id) => snapshot.has(id))) return snapshot;
  const next = new Map(snapshot);
  for (const id of ids) next.delete(id);
  return next;
}

/**
 * A device row of the list as the live channel last saw it: status, battery, signal, position and
 * last-seen time from a pushed state newer than the row.
 */
export function rowWithLive<T extends DeviceRow>(row: T, live: LiveDevice | undefined): T {
  const state = live?.state;
  if (!state) return row;
  if (row.lastSeenAt && Date.parse(row.lastSeenAt) > Date.parse(state.lastSeenAt)) return row;
  return {
    ...row,
    status: state.status as T['status'],
    lastSeenAt: state.lastSeenAt,
    battery: state.battery ?? row.battery,
    signal: state.signal ?? row.signal,
    latitude: state.latitude ?? row.latitude,
    longitude: state.longitude ?? row.longitude,
  };
}

/**
 * The newest value per channel from a page of history rows (one instant each, values aligned with
 * `channels`, newest first) and the live readings, whichever is newer.
 */
export function latestPerChannel(
  seed:
    | { channels: readonly { channel: number }[]; data: readonly { ts: number; values: (number | null)[] }[] }
    | undefined,
  live: LiveDevice | undefined,
): Map<number, LiveReading> {
  const out = new Map<number, LiveReading>();
  for (const row of seed?.data ?? []) {
    row.values.forEach((value, i) => {
      const channel = seed?.channels[i]?.channel;
      if (channel === undefined || value === null) return;
      const held = out.get(channel);
      if (!held || held.ts < row.ts) out.set(channel, { ts: row.ts, value });
    });
  }
  for (const [key, reading] of Object.entries(live?.readings ?? {})) {
    const channel = Number(key);
    const held = out.get(channel);
    if (!held || held.ts <= reading.ts) out.set(channel, reading);
  }
  return out;
}

/**
 * Reference counts of followed devices: several parts of a page (the list, a detail tab) may follow
 * the same device, and the server is told only about the first follower and the last one leaving.
 */
export function addFollowers(
  counts: ReadonlyMap<number, number>,
  ids: readonly number[],
): { counts: Map<number, number>; added: number[] } {
  const next = new Map(counts);
  const added: number[] = [];
  for (const id of new Set(ids)) {
    const n = next.get(id) ?? 0;
    if (n === 0) added.push(id);
    next.set(id, n + 1);
  }
  return { counts: next, added };
}

export function removeFollowers(
  counts: ReadonlyMap<number, number>,
  ids: readonly number[],
): { counts: Map<number, number>; removed: number[] } {
  const next = new Map(counts);
  const removed: number[] = [];
  for (const id of new Set(ids)) {
    const n = next.get(id) ?? 0;
    if (n <= 1) {
      if (n === 1) removed.push(id);
      next.delete(id);
    } else next.set(id, n - 1);
  }
  return { counts: next, removed };
}

/** Splits ids into messages of at most `size` (the server takes at most 1,000 per message). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
