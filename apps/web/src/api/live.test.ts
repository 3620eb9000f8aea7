import type { DeviceRow, LiveClientMessage, LiveServerMessage } from '@coldchain/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_IDLE_CLOSE_MS, LIVE_RETRY_MIN_MS, LiveChannel, type LiveSocket } from './live-channel.ts';
import {
  addFollowers,
  applyLiveMessage,
  chunks,
  type LiveSnapshot,
  latestPerChannel,
  mergeReadings,
  removeFollowers,
  rowWithLive,
} from './live-state.ts';

describe('live merge', () => {
  it('keeps the newest reading per channel and ignores late older ones', () => {
    const first = mergeReadings(undefined, [
      { channel: 101, ts: 2000, value: 4.2 },
      { channel: 201, ts: 2000, value: 60 },
    ]);
    const later = mergeReadings(first, [
      { channel: 101, ts: 3000, value: 4.5 },
      { channel: 101, ts: 1000, value: 9.9 },
    ]);
    expect(later.readings).toEqual({ 101: { ts: 3000, value: 4.5 }, 201: { ts: 2000, value: 60 } });
    // A backfill older than what is shown changes nothing, and keeps the same object.
    expect(mergeReadings(later, [{ channel: 101, ts: 1500, value: 1 }])).toBe(later);
    expect(mergeReadings(later, [{ channel: 101, ts: 3000, value: 4.5 }])).toBe(later);
  });

  it('applies readings and states to the snapshot, newest state winning', () => {
    let snapshot: LiveSnapshot = new Map();
    const status = (lastSeenAt: string, status: string): LiveServerMessage => ({
      type: 'status',
      deviceId: 7,
      status,
      lastSeenAt,
      battery: 80,
      signal: -70,
      latitude: null,
      longitude: null,
    });
    snapshot = applyLiveMessage(snapshot, {
      type: 'readings',
      deviceId: 7,
      readings: [{ channel: 101, ts: 5, value: 3 }],
    });
    snapshot = applyLiveMessage(snapshot, status('2026-11-21T05:00:10.000Z', 'online'));
    snapshot = applyLiveMessage(snapshot, status('2026-11-21T05:00:00.000Z', 'offline'));
    expect(snapshot.get(7)?.state?.status).toBe('online');
    expect(snapshot.get(7)?.readings[101]).toEqual({ ts: 5, value: 3 });
    const same = applyLiveMessage(snapshot, { type: 'pong' });
    expect(same).toBe(snapshot);
  });

  it('overlays a newer pushed state on a list row, keeping fields the push lacks', () => {
    const row = {
      id: 7,
      status: 'offline',
      lastSeenAt: '2026-11-21T04:00:00.000Z',
      battery: 90,
      signal: -60,
      latitude: 31.2,
      longitude: 121.4,
    } as DeviceRow;
    const live = {
      readings: {},
      state: {
        status: 'online',
        lastSeenAt: '2026-11-21T05:00:00.000Z',
        battery: 85,
        signal: null,
        latitude: null,
        longitude: null,
      },
    };
    expect(rowWithLive(row, live)).toMatchObject({
      status: 'online',
      battery: 85,
      signal: -60,
      latitude: 31.2,
    });
    expect(rowWithLive({ ...row, lastSeenAt: '2026-11-21T06:00:00.000Z' }, live).status).toBe('offline');
    expect(rowWithLive(row, undefined)).toBe(row);
  });

  it('takes the newest value per channel from history rows and live readings', () => {
    const seed = {
      channels: [{ channel: 101 }, { channel: 201 }],
      data: [
        { ts: 3000, values: [4.1, null] },
        { ts: 2000, values: [3.9, 55] },
      ],
    };
    const latest = latestPerChannel(seed, { readings: { 101: { ts: 4000, value: 4.4 } }, state: null });
    expect(Object.fromEntries(latest)).toEqual({
      101: { ts: 4000, value: 4.4 },
      201: { ts: 2000, value: 55 },
    });
    const stale = latestPerChannel(seed, { readings: { 201: { ts: 1000, value: 1 } }, state: null });
    expect(stale.get(201)).toEqual({ ts: 2000, value: 55 });
  });

  it('counts followers so the server hears of the first and the last only', () => {
    const a = addFollowers(new Map(), [1, 2, 2]);
    expect(a.added).toEqual([1, 2]);
    const b = addFollowers(a.counts, [2, 3]);
    expect(b.added).toEqual([3]);
    const c = removeFollowers(b.counts, [1, 2]);
    expect(c.removed).toEqual([1]);
    const d = removeFollowers(c.counts, [2, 3, 9]);
    expect(d.removed).toEqual([2, 3]);
    expect(d.counts.size).toBe(0);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: LiveClientMessage[] = [];
  closed: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveClientMessage);
  }
  close(code = 1000) {
    this.closed = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

describe('live channel', () => {
  let sockets: FakeSocket[];
  let token: string | null;
  const make = () =>
    new LiveChannel({
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      url: () => 'ws://test/api/ws',
      token: () => token,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    token = 'secret';
  });
  afterEach(() => vi.useRealTimers());

  it('authenticates first, follows once ready and keeps what the server pushes', () => {
    const live = make();
    const stop = live.follow([4, 5]);
    const socket = sockets[0] as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'secret' }]);
    socket.receive({ type: 'ready', accountId: 1 });
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', deviceIds: [4, 5] });
    expect(live.status.get()).toBe('live');

    socket.receive({ type: 'readings', deviceId: 4, readings: [{ channel: 101, ts: 10, value: 2.5 }] });
    expect(live.snapshot.get().get(4)?.readings[101]?.value).toBe(2.5);

    // A second follower of 5 adds only 6; leaving tells the server about 4 and 6 only.
    const other = live.follow([5, 6]);
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', deviceIds: [6] });
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', deviceIds: [4] });
    expect(live.snapshot.get().has(4)).toBe(false);
    other();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', deviceIds: [5, 6] });

    // Nobody follows: the socket closes after a grace period.
    vi.advanceTimersByTime(LIVE_IDLE_CLOSE_MS);
    expect(socket.closed).toBe(1000);
    expect(live.status.get()).toBe('idle');
  });

  it('reconnects with growing delays and follows again what was followed', () => {
    const live = make();
    live.follow([9]);
    const first = sockets[0] as FakeSocket;
    first.open();
    first.receive({ type: 'ready', accountId: 1 });
    first.drop(1006);
    expect(live.status.get()).toBe('reconnecting');
    vi.advanceTimersByTime(LIVE_RETRY_MIN_MS);
    const second = sockets[1] as FakeSocket;
    second.drop(1006);
    vi.advanceTimersByTime(LIVE_RETRY_MIN_MS);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(LIVE_RETRY_MIN_MS);
    const third = sockets[2] as FakeSocket;
    third.open();
    third.receive({ type: 'ready', accountId: 1 });
    expect(third.sent).toEqual([
      { type: 'auth', token: 'secret' },
      { type: 'subscribe', deviceIds: [9] },
    ]);
    expect(live.sessions.get()).toBe(2);
  });

  it('stops when the server refuses the token, and starts again with a new one', () => {
    const live = make();
    live.follow([1]);
    const socket = sockets[0] as FakeSocket;
    socket.open();
    socket.receive({ type: 'error', code: 2010, msg: 'ended' });
    socket.drop(4401);
    vi.advanceTimersByTime(LIVE_RETRY_MIN_MS * 10);
    expect(sockets).toHaveLength(1);
    expect(live.status.get()).toBe('refused');

    token = 'fresh';
    live.restart();
    const next = sockets[1] as FakeSocket;
    next.open();
    expect(next.sent[0]).toEqual({ type: 'auth', token: 'fresh' });
  });

  it('does not connect without a session and forgets everything when it ends', () => {
    token = null;
    const live = make();
    live.follow([3]);
    expect(sockets).toHaveLength(0);
    token = 'secret';
    live.restart();
    expect(sockets).toHaveLength(1);
    live.reset();
    expect(live.followed).toEqual([]);
    expect((sockets[0] as FakeSocket).closed).toBe(1000);
  });
});
