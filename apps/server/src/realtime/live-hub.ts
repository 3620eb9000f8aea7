import {
  type AlarmLiveFrame,
  type LiveClientMessage,
  type LiveServerMessage,
  liveClientMessageSchema,
  WS_AUTH_TIMEOUT_MS,
  WS_SESSION_CHECK_MS,
  WS_SUBSCRIPTIONS_MAX,
} from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';
import { type ChannelSettings, channelSettings, shown } from '../history/channel-settings.ts';
import type { HistoryDevice, ProbeSetting } from '../history/history.repo.ts';
import type { Translate } from '../i18n/i18n.ts';
import {
  authorize,
  type DeviceCaller,
  hiddenProbesOn,
  type TypeProbeParam,
} from '../modules/devices/device-policy.ts';
import type { Fanout, LiveEvent } from './fanout.ts';

/** The part of a WebSocket the hub uses (ws's WebSocket). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;
/** Close codes: not (or no longer) authenticated; sending faster than the client reads. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SLOW_CONSUMER = 1013;
/** A client this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface LiveDevices {
  /** Live devices by id with their probe settings. */
  load(ids: readonly number[]): Promise<{ device: HistoryDevice; probes: ProbeSetting[] }[]>;
  /** A device type's probe parameters, which permission templates govern. */
  typeProbeParams(deviceTypeId: number): Promise<readonly TypeProbeParam[]>;
}

export interface LiveSessions {
  /** The caller behind a session token; throws the AppError an HTTP call would get. */
  authenticate(token: string): Promise<DeviceCaller>;
  /** Whether the session is still live, without counting as activity. */
  alive(token: string): Promise<boolean>;
  /** The caller with its shares and organization memberships as they are now. */
  refresh(caller: DeviceCaller): Promise<DeviceCaller>;
}

interface Followed {
  device: HistoryDevice;
  probes: ProbeSetting[];
  /** Probes the caller's permission templates hide: their readings are not sent (000 §6). */
  hidden: ReadonlySet<number>;
  channels: Map<number, ChannelSettings>;
}

class LiveClient {
  caller: DeviceCaller | null = null;
  token = '';
  readonly followed = new Map<number, Followed>();
  authTimer: NodeJS.Timeout | null = null;
  constructor(
    readonly socket: LiveSocket,
    readonly t: Translate,
    readonly sessions: LiveSessions,
  ) {}

  send(message: LiveServerMessage | AlarmLiveFrame): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.close(CLOSE_SLOW_CONSUMER, 'too slow');
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  settingsFor(followed: Followed, channel: number): ChannelSettings {
    let settings = followed.channels.get(channel);
    if (!settings) {
      settings = channelSettings(
        channel,
        followed.device,
        followed.probes,
        this.caller?.temperatureUnit === 'F',
      );
      followed.channels.set(channel, settings);
    }
    return settings;
  }
}

/**
 * The live channel: sockets authenticate with their session token in the first message, subscribe to
 * devices they may see, and receive those devices' new readings and state changes. Readings are
 * shown as HTTP shows them (probe corrections, the account's temperature unit).
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private readonly byDevice = new Map<number, Set<LiveClient>>();
  private readonly checkTimer: NodeJS.Timeout;

  constructor(
    private readonly fanout: Fanout,
    private readonly devices: LiveDevices,
    private readonly log: FastifyBaseLogger,
    private readonly options: { authTimeoutMs: number; checkMs: number } = {
      authTimeoutMs: WS_AUTH_TIMEOUT_MS,
      checkMs: WS_SESSION_CHECK_MS,
    },
  ) {
    fanout.onEvent((event) => this.deliver(event));
    this.checkTimer = setInterval(() => void this.recheck(), options.checkMs);
    this.checkTimer.unref();
  }

  /** Events ingested on this node (they reach local sockets through the fan-out). */
  publish(event: LiveEvent): void {
    this.fanout.publish(event);
  }

  get connections(): number {
    return this.clients.size;
  }

  /** Takes a new socket; `sessions` checks tokens against the platform the socket connected to. */
  accept(socket: LiveSocket, t: Translate, sessions: LiveSessions): void {
    const client = new LiveClient(socket, t, sessions);
    this.clients.add(client);
    client.authTimer = setTimeout(
      () => socket.close(CLOSE_UNAUTHENTICATED, 'authentication timeout'),
      this.options.authTimeoutMs,
    );
    // Messages are handled one after another, so a subscribe never overtakes the auth before it.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      queue = queue
        .then(() => this.onMessage(client, data, isBinary))
        .catch((error: unknown) => {
          this.log.warn({ err: error }, 'live message failed');
          client.send({ type: 'error', code: 500, msg: t('errors.serverError') });
        });
    });
    socket.on('close', () => void this.drop(client));
  }

  private async onMessage(client: LiveClient, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
    let message: LiveClientMessage | undefined;
    if (!isBinary) {
      try {
        const parsed = liveClientMessageSchema.safeParse(JSON.parse(String(data)));
        if (parsed.success) message = parsed.data;
      } catch {
        message = undefined;
      }
    }
    if (!client.caller) {
      if (message?.type !== 'auth') {
        client.send({ type: 'error', code: 401, msg: client.t('errors.unauthorized') });
        client.socket.close(CLOSE_UNAUTHENTICATED, 'authenticate first');
        return;
      }
      await this.authenticate(client, message.token);
      return;
    }
    if (!message) {
      client.send({ type: 'error', code: 1002, msg: client.t('errors.badRequest') });
      return;
    }
    if (message.type === 'subscribe') await this.subscribe(client, message.deviceIds);
    else if (message.type === 'unsubscribe') await this.unsubscribe(client, message.deviceIds, true);
    else if (message.type === 'ping') client.send({ type: 'pong' });
    else client.send({ type: 'error', code: 1002, msg: client.t('errors.badRequest') });
  }

  private async authenticate(client: LiveClient, token: string) {
    try {
      client.caller = await client.sessions.authenticate(token);
      client.token = token;
      if (client.authTimer) clearTimeout(client.authTimer);
      client.send({ type: 'ready', accountId: client.caller.accountId });
    } catch (error) {
      const known = error instanceof AppError ? error : new AppError('unauthorized');
      client.send({ type: 'error', code: known.code, msg: client.t(`errors.${known.key}`) });
      client.socket.close(CLOSE_UNAUTHENTICATED, 'not authenticated');
    }
  }

  private async subscribe(client: LiveClient, requested: number[]) {
    const caller = client.caller;
    if (!caller) return;
    const wanted = [...new Set(requested)].filter((id) => !client.followed.has(id));
    const room = WS_SUBSCRIPTIONS_MAX - client.followed.size;
    const loaded = await this.devices.load(wanted.slice(0, Math.max(0, room)));
    const hiddenOn = this.hiddenProbesFor(caller);
    const allowed: number[] = [];
    for (const { device, probes } of loaded) {
      if (!this.mayWatch(caller, device)) continue;
      client.followed.set(device.id, { device, probes, hidden: await hiddenOn(device), channels: new Map() });
      let watchers = this.byDevice.get(device.id);
      if (!watchers) {
        watchers = new Set();
        this.byDevice.set(device.id, watchers);
        await this.fanout.follow(device.id);
      }
      watchers.add(client);
      allowed.push(device.id);
    }
    // Missing, foreign and over-the-limit ids are refused alike: an id reveals nothing.
    const denied = [...new Set(requested)].filter((id) => !client.followed.has(id));
    client.send({
      type: 'subscribed',
      deviceIds: [...client.followed.keys()].filter((id) => requested.includes(id)),
      denied,
    });
    if (allowed.length) this.log.debug({ devices: allowed.length }, 'live subscription');
  }

  /** The hidden probes of each device for one caller, reading each device type's parameters once. */
  private hiddenProbesFor(caller: DeviceCaller): (device: HistoryDevice) => Promise<ReadonlySet<number>> {
    const params = new Map<number, Promise<readonly TypeProbeParam[]>>();
    const paramsOf = (typeId: number) => {
      let found = params.get(typeId);
      if (!found) {
        found = this.devices.typeProbeParams(typeId);
        params.set(typeId, found);
      }
      return found;
    };
    return (device) => hiddenProbesOn(caller, device, paramsOf);
  }

  private mayWatch(caller: DeviceCaller, device: HistoryDevice): boolean {
    try {
      authorize(caller, device, 'query');
      return true;
    } catch {
      return false;
    }
  }

  private async unsubscribe(client: LiveClient, ids: number[], answer: boolean) {
    const gone: number[] = [];
    for (const id of new Set(ids)) {
      if (!client.followed.delete(id)) continue;
      gone.push(id);
      const watchers = this.byDevice.get(id);
      watchers?.delete(client);
      if (watchers && watchers.size === 0) {
        this.byDevice.delete(id);
        await this.fanout.unfollow(id);
      }
    }
    if (answer || gone.length) client.send({ type: 'unsubscribed', deviceIds: gone });
  }

  private async drop(client: LiveClient) {
    if (client.authTimer) clearTimeout(client.authTimer);
    this.clients.delete(client);
    await this.unsubscribe(client, [...client.followed.keys()], false).catch(() => {});
  }

  /** Sends an event to the local sockets following its device. */
  /**
   * An alarm signal goes to the device owner's sockets (the header badge) and to sockets following
   * the device; the console reads the message through HTTP, which applies the caller's scope.
   */
  private deliverAlarm(event: Extract<LiveEvent, { type: 'alarm' }>): void {
    const targets = new Set(this.byDevice.get(event.deviceId) ?? []);
    for (const client of this.clients) if (client.caller?.accountId === event.accountId) targets.add(client);
    const probe = event.message.probeId;
    for (const client of targets) {
      if (probe !== null && client.followed.get(event.deviceId)?.hidden.has(probe)) continue;
      if (client.caller) client.send({ type: 'alarm', data: event.message });
    }
  }

  deliver(event: LiveEvent): void {
    if (event.type === 'alarm') {
      this.deliverAlarm(event);
      return;
    }
    const watchers = this.byDevice.get(event.deviceId);
    if (!watchers) return;
    for (const client of watchers) {
      const followed = client.followed.get(event.deviceId);
      if (!followed) continue;
      if (event.type === 'status') {
        client.send({ type: 'status', deviceId: event.deviceId, ...event.state });
        continue;
      }
      const readings: { channel: number; ts: number; value: number }[] = [];
      for (const r of event.readings) {
        const settings = client.settingsFor(followed, r.channel);
        if (followed.hidden.has(settings.probe)) continue;
        readings.push({ channel: r.channel, ts: r.ts, value: shown(settings, r.value) });
      }
      if (readings.length) client.send({ type: 'readings', deviceId: event.deviceId, readings });
    }
  }

  /**
   * Every few seconds: sockets whose session ended are closed, devices a socket may no longer see
   * (a share ended) are dropped, and changed settings (limits, corrections, permission templates)
   * are picked up.
   */
  private async recheck(): Promise<void> {
    for (const client of [...this.clients]) {
      if (!client.caller) continue;
      try {
        if (!(await client.sessions.alive(client.token))) {
          client.send({ type: 'error', code: 2010, msg: client.t('errors.sessionEnded') });
          client.socket.close(CLOSE_UNAUTHENTICATED, 'session ended');
          continue;
        }
        const caller = await client.sessions.refresh(client.caller);
        client.caller = caller;
        const ids = [...client.followed.keys()];
        const fresh = new Map((await this.devices.load(ids)).map((d) => [d.device.id, d]));
        const hiddenOn = this.hiddenProbesFor(caller);
        const lost: number[] = [];
        for (const id of ids) {
          const found = fresh.get(id);
          if (!found || !this.mayWatch(caller, found.device)) lost.push(id);
          else
            client.followed.set(id, { ...found, hidden: await hiddenOn(found.device), channels: new Map() });
        }
        if (lost.length) await this.unsubscribe(client, lost, false);
      } catch (error) {
        this.log.warn({ err: error }, 'live re-check failed');
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.checkTimer);
    for (const client of this.clients) client.socket.close(1001, 'server closing');
    this.clients.clear();
    this.byDevice.clear();
    await this.fanout.close();
  }
}
