import { type LiveClientMessage, type LiveServerMessage, WS_SUBSCRIPTIONS_MAX } from '@coldchain/shared';
import { createStore, type Store } from '../app/store.ts';
import {
  addFollowers,
  applyLiveMessage,
  chunks,
  forgetDevices,
  type LiveSnapshot,
  removeFollowers,
} from './live-state.ts';

/** The part of a browser WebSocket the channel uses (a fake in unit tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'refused';

const OPEN = 1;
/** The server closes with this when the token is missing, wrong or the session has ended. */
const CLOSE_UNAUTHENTICATED = 4401;
/** Keeps proxies from closing a quiet socket. */
export const LIVE_PING_MS = 25_000;
/** Reconnect delays grow from 1 s to at most 30 s. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;
/** With nobody following, the socket stays open this long (moving from the list to a detail page). */
export const LIVE_IDLE_CLOSE_MS = 10_000;

export interface LiveChannelOptions {
  connect: (url: string) => LiveSocket;
  url: () => string;
  token: () => string | null;
}

/**
 * The console's one live connection (GET /api/ws): authenticates with the session token in the first
 * message, follows the devices pages ask for (reference counted, so the server hears of the first
 * follower and the last one leaving), keeps the newest readings and states in a store, and
 * reconnects with growing delays, following again what was followed.
 */
export class LiveChannel {
  readonly snapshot: Store<LiveSnapshot> = createStore<LiveSnapshot>(new Map());
  readonly status: Store<LiveStatus> = createStore<LiveStatus>('idle');
  /** Counts authenticated (re)connections, so pages can reload what they may have missed. */
  readonly sessions: Store<number> = createStore(0);
  private socket: LiveSocket | null = null;
  private ready = false;
  private counts = new Map<number, number>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** The token the server refused; no retry until the token changes. */
  private refusedToken: string | null = null;

  constructor(private readonly options: LiveChannelOptions) {}

  /** Follows devices; answers the function that stops following them. */
  follow(ids: readonly number[]): () => void {
    if (ids.length === 0) return () => {};
    const { counts, added } = addFollowers(this.counts, ids);
    this.counts = counts;
    this.clearIdle();
    if (this.ready) this.sendIds('subscribe', added);
    else this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.unfollow(ids);
    };
  }

  get followed(): number[] {
    return [...this.counts.keys()];
  }

  /** The session token changed (login, logout): start over with the new one. */
  restart(): void {
    this.refusedToken = null;
    this.drop();
    this.attempts = 0;
    if (this.counts.size > 0) this.open();
  }

  /** The session ended: forget everything. */
  reset(): void {
    this.counts = new Map();
    this.drop();
    this.snapshot.set(new Map());
    this.status.set('idle');
  }

  private unfollow(ids: readonly number[]): void {
    const { counts, removed } = removeFollowers(this.counts, ids);
    this.counts = counts;
    if (removed.length === 0) return;
    if (this.ready) this.sendIds('unsubscribe', removed);
    this.snapshot.set((s) => forgetDevices(s, removed));
    if (this.counts.size === 0) {
      this.clearIdle();
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.counts.size === 0) {
          this.drop();
          this.status.set('idle');
        }
      }, LIVE_IDLE_CLOSE_MS);
    }
  }

  private open(): void {
    if (this.socket || this.retryTimer) return;
    const token = this.options.token();
    if (!token || token === this.refusedToken) {
      this.status.set(token ? 'refused' : 'idle');
      return;
    }
    this.status.set(this.attempts === 0 ? 'connecting' : 'reconnecting');
    let socket: LiveSocket;
    try {
      socket = this.options.connect(this.options.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', token });
    socket.onmessage = (event) => this.receive(event.data, token);
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.stopPing();
      if (event.code === CLOSE_UNAUTHENTICATED) {
        this.refusedToken = token;
        this.status.set('refused');
        return;
      }
      if (this.counts.size > 0) this.scheduleRetry();
      else this.status.set('idle');
    };
  }

  private receive(data: unknown, token: string): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(String(data)) as LiveServerMessage;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      this.attempts = 0;
      this.status.set('live');
      this.sessions.set((n) => n + 1);
      this.sendIds('subscribe', this.followed);
      this.startPing();
      return;
    }
    if (message.type === 'error' && (message.code === 401 || message.code === 2010)) {
      this.refusedToken = token;
      return;
    }
    this.snapshot.set((s) => applyLiveMessage(s, message));
  }

  private sendIds(type: 'subscribe' | 'unsubscribe', ids: readonly number[]): void {
    for (const part of chunks(ids, WS_SUBSCRIPTIONS_MAX)) this.send({ type, deviceIds: part });
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private scheduleRetry(): void {
    this.attempts += 1;
    this.status.set('reconnecting');
    const delay = Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS * 2 ** (this.attempts - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.counts.size > 0) this.open();
    }, delay);
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), LIVE_PING_MS);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private drop(): void {
    this.clearIdle();
    this.stopPing();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
  }
}
