import {
  type AlarmLiveFrame,
  type AlarmMessage,
  type DeviceDataChart,
  type DeviceDataPage,
  type LiveServerMessage,
  type Param,
  paramPermissionCode,
} from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertReadings } from '../../history/test-support.ts';
import { translatorFor } from '../../i18n/i18n.ts';
import { LocalFanout } from '../../realtime/fanout.ts';
import { LiveHub, type LiveSocket } from '../../realtime/live-hub.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { alarmFeedOf } from '../alarms/alarm-feed.ts';
import type { DeviceCaller, DeviceGrants, GrantTemplate } from '../devices/device-policy.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { createTemplate, item, shareAccepted } from './test-support.ts';

type Account = Awaited<ReturnType<typeof signedIn>>;

const DATA = '/api/device/DeviceData';
const MINUTE = 60_000;
/** Probe 1 temperature and humidity, probe 2 temperature and humidity, the battery (probe 0). */
const T1 = 101;
const T2 = 102;
const H1 = 201;
const H2 = 202;
const BATTERY = 400;
const ALL = [T1, T2, H1, H2, BATTERY];
const WITHOUT_PROBE_2 = [T1, H1, BATTERY];

type Frame = LiveServerMessage | AlarmLiveFrame;

/** A live connection that keeps every message it receives. */
class Live {
  readonly messages: Frame[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as Frame));
  }

  static async open(address: string, token: string, deviceIds: number[]): Promise<Live> {
    const ws = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const live = new Live(ws);
    ws.send(JSON.stringify({ type: 'auth', token }));
    await live.next('ready');
    ws.send(JSON.stringify({ type: 'subscribe', deviceIds }));
    await live.next('subscribed');
    return live;
  }

  async next<T extends Frame['type']>(type: T) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const index = this.messages.findIndex((m) => m.type === type);
      if (index >= 0) return this.messages.splice(index, 1)[0] as Extract<Frame, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Every message up to the answer of a ping, so whatever was sent before it has arrived. */
  async drain(): Promise<Frame[]> {
    this.ws.send(JSON.stringify({ type: 'ping' }));
    await this.next('pong');
    return this.messages.splice(0);
  }
}

function alarmOf(deviceId: number, probeId: number | null): AlarmMessage {
  const now = new Date().toISOString();
  return {
    id: 1,
    deviceId,
    deviceName: 'Freezer A',
    deviceGuid: '1',
    timeZone: 'Asia/Shanghai',
    messageType: 'alarm',
    cause: 'high',
    level: null,
    probeId,
    channelKind: 'temperature',
    value: 12,
    limit: 8,
    startTime: now,
    endTime: null,
    state: 'untreated',
    treatment: null,
    reason: null,
    result: null,
    handledBy: null,
    handledAt: null,
    newFlag: 1,
    text: 'Too warm',
    ruleId: null,
    faultCode: null,
    faultMeaning: null,
    repairGuidance: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** 000 §6, 002 §3: a probe the template hides is not shown by any call, readings included. */
describe('readings of probes a permission template hides', () => {
  let t: TestApp;
  let address: string;
  let owner: Account;
  let narrowed: Account;
  let trusted: Account;
  let device: { id: number; deviceGuid: string };
  const start = Date.now() - 30 * MINUTE;
  const range = { startTime: start, endTime: start + 10 * MINUTE };
  const sockets: Live[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    const { type, params } = await publishedType(t.app, operator, { probes: 2 });
    const [p1, p2] = params as [Param, Param];
    owner = await signedIn(t.app);
    narrowed = await signedIn(t.app);
    trusted = await signedIn(t.app);
    device = await addDevice(t.app, owner.token, type.id);
    for (const channel of ALL) {
      await insertReadings(
        t.app.ctx.db,
        device.id,
        channel,
        [0, 1, 2].map((i) => [start + i * MINUTE, channel + i]),
      );
    }
    const exportButton = item('export', 'button', 1, 1);
    const hideTwo = await createTemplate(t.app, owner.token, {
      name: 'No probe 2',
      deviceTypeId: type.id,
      items: [
        item(paramPermissionCode(p1.id), 'param', 1, 0),
        item(paramPermissionCode(p2.id), 'param', 0, 0),
        exportButton,
      ],
    });
    const showAll = await createTemplate(t.app, owner.token, {
      name: 'Everything',
      deviceTypeId: type.id,
      items: [
        item(paramPermissionCode(p1.id), 'param', 1, 0),
        item(paramPermissionCode(p2.id), 'param', 1, 0),
        exportButton,
      ],
    });
    await shareAccepted(t.app, owner.token, narrowed, [device.id], hideTwo.id);
    await shareAccepted(t.app, owner.token, trusted, [device.id], showAll.id);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });

  const chart = (token: string, channels?: number[]) =>
    call<DeviceDataChart>(t.app, 'POST', `${DATA}/chart`, {
      token,
      body: { deviceId: device.id, ...range, ...(channels ? { channels } : {}) },
    });
  const page = (token: string, channels?: number[]) =>
    call<DeviceDataPage>(t.app, 'POST', `${DATA}/page`, {
      token,
      body: { deviceId: device.id, ...range, ...(channels ? { channels } : {}) },
    });
  const csv = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${DATA}/export`,
      query: { deviceId: String(device.id), ...mapStrings(range), format: 'csv' },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    return response.body.replace(/^\uFEFF/, '').split('\r\n');
  };
  const live = async (token: string) => {
    const socket = await Live.open(address, token, [device.id]);
    sockets.push(socket);
    return socket;
  };

  it('leaves probe 2 out of the chart, also when its channels are asked for by number', async () => {
    const ownChart = await chart(owner.token);
    expect(ownChart.data.series.map((s) => s.channel)).toEqual(ALL);
    const theirs = await chart(narrowed.token);
    expect(theirs.code).toBe(0);
    expect(theirs.data.series.map((s) => s.channel)).toEqual(WITHOUT_PROBE_2);
    expect(theirs.data.series.every((s) => s.count === 3)).toBe(true);

    const asked = await chart(narrowed.token, [T2, H2, T1]);
    expect(asked.code).toBe(0);
    expect(asked.data.series.map((s) => s.channel)).toEqual([T1]);
    const onlyHidden = await chart(narrowed.token, [H2]);
    expect(onlyHidden.data.series).toEqual([]);
    expect((await chart(trusted.token)).data.series.map((s) => s.channel)).toEqual(ALL);
  });

  it('leaves probe 2 out of the data table (the latest values of the list and the detail page)', async () => {
    const ownPage = await page(owner.token);
    expect(ownPage.data.channels.map((c) => c.channel)).toEqual(ALL);
    expect(ownPage.data.data[0]?.values).toHaveLength(ALL.length);

    const theirs = await page(narrowed.token);
    expect(theirs.code).toBe(0);
    expect(theirs.data.channels.map((c) => c.channel)).toEqual(WITHOUT_PROBE_2);
    expect(theirs.data.totalCount).toBe(3);
    expect(theirs.data.data.map((row) => row.values)).toEqual(
      [2, 1, 0].map((i) => WITHOUT_PROBE_2.map((channel) => channel + i)),
    );
    const onlyHidden = await page(narrowed.token, [T2, H2]);
    expect(onlyHidden.data).toMatchObject({ channels: [], data: [], totalCount: 0 });
    expect((await page(trusted.token)).data.channels.map((c) => c.channel)).toEqual(ALL);
  });

  it('leaves probe 2 out of the export', async () => {
    const columns = (lines: string[]) => lines[0]?.split(',').slice(1);
    const names: Record<number, string> = {
      [T1]: 'Temperature 1 (°C)',
      [T2]: 'Temperature 2 (°C)',
      [H1]: 'Humidity 1 (%RH)',
      [H2]: 'Humidity 2 (%RH)',
      [BATTERY]: 'Battery (%)',
    };
    const probeColumns = (channels: number[]) => channels.map((c) => names[c]);
    const own = await csv(owner.token);
    expect(columns(own)).toEqual(probeColumns(ALL));
    const theirs = await csv(narrowed.token);
    expect(columns(theirs)).toEqual(probeColumns(WITHOUT_PROBE_2));
    expect(theirs[1]?.split(',')).toHaveLength(1 + WITHOUT_PROBE_2.length);
    expect(theirs.filter((line) => line !== '')).toHaveLength(4);
    expect(columns(await csv(trusted.token))).toEqual(probeColumns(ALL));
  });

  it('sends live readings and alarms of probe 2 to the owner and the trusted recipient only', async () => {
    const ownSocket = await live(owner.token);
    const narrowSocket = await live(narrowed.token);
    const trustedSocket = await live(trusted.token);
    const ts = Date.now();
    t.app.ctx.telemetryEvents.safeEmit('readings', {
      deviceId: device.id,
      deviceGuid: device.deviceGuid,
      platformId: 1,
      accountId: owner.id,
      readings: ALL.map((channel) => ({ channel, ts, value: 5 })),
      receivedAt: ts,
      backfill: false,
    });
    // Only probe 2 in this batch: the narrowed recipient gets no frame at all.
    t.app.ctx.telemetryEvents.safeEmit('readings', {
      deviceId: device.id,
      deviceGuid: device.deviceGuid,
      platformId: 1,
      accountId: owner.id,
      readings: [{ channel: T2, ts: ts + 1, value: 6 }],
      receivedAt: ts + 1,
      backfill: false,
    });
    const feed = alarmFeedOf(t.app.ctx.db);
    feed.emit('message', { accountId: owner.id, message: alarmOf(device.id, 2) });
    feed.emit('message', { accountId: owner.id, message: alarmOf(device.id, 1) });

    const channelsSent = (messages: Frame[]) =>
      messages.flatMap((m) => (m.type === 'readings' ? m.readings.map((r) => r.channel) : []));
    const alarmProbes = (messages: Frame[]) =>
      messages.flatMap((m) => (m.type === 'alarm' ? [m.data.probeId] : []));

    const toOwner = await ownSocket.drain();
    expect(channelsSent(toOwner)).toEqual([...ALL, T2]);
    expect(alarmProbes(toOwner)).toEqual([2, 1]);
    const toNarrowed = await narrowSocket.drain();
    expect(channelsSent(toNarrowed)).toEqual(WITHOUT_PROBE_2);
    expect(toNarrowed.filter((m) => m.type === 'readings')).toHaveLength(1);
    expect(alarmProbes(toNarrowed)).toEqual([1]);
    const toTrusted = await trustedSocket.drain();
    expect(channelsSent(toTrusted)).toEqual([...ALL, T2]);
    expect(alarmProbes(toTrusted)).toEqual([2, 1]);
  });
});

function mapStrings(values: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

/** A socket stand-in that keeps what the hub sends. */
class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: LiveServerMessage[] = [];
  private readonly listeners: ((data: Buffer, binary: boolean) => void)[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveServerMessage);
  }
  close() {
    this.readyState = 3;
  }
  on(event: 'message' | 'close', listener: never) {
    if (event === 'message') this.listeners.push(listener);
    return this;
  }
  receive(message: unknown) {
    for (const listener of this.listeners) listener(Buffer.from(JSON.stringify(message)), false);
  }
}

describe('the live channel follows template changes', () => {
  const silent = { warn: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
  const device = {
    id: 1,
    platformId: 1,
    accountId: 7,
    organizationId: null,
    deviceTypeId: 3,
    deviceGuid: '1',
    deviceName: 'x',
    status: 'online',
    timeZone: 'UTC',
    upperLimit: 8,
    lowerLimit: 2,
    correctionValue: null,
    lastSeenAt: null,
  };
  /** Parameter 10 governs probe 1, parameter 20 probe 2. */
  const typeParams = [
    { id: 10, probeId: 1, vocationalWork: 1 },
    { id: 20, probeId: 2, vocationalWork: 1 },
  ];
  const template = (visible: number[]): GrantTemplate => ({
    id: 1,
    items: new Map(
      [10, 20].map((id) => [
        paramPermissionCode(id),
        item(paramPermissionCode(id), 'param', visible.includes(id) ? 1 : 0, 0),
      ]),
    ),
  });
  const grantsWith = (shared: GrantTemplate | undefined): DeviceGrants => ({
    at: new Date().toISOString(),
    shared: new Map(shared ? [[device.id, shared]] : []),
    organizations: new Map(),
  });
  const recipient = (grants: DeviceGrants): DeviceCaller => ({
    accountId: 9,
    userName: 'r',
    platformId: 1,
    platformIsDefault: false,
    permissions: ['device.list:query'],
    temperatureUnit: 'C',
    sourceIp: null,
    grants,
  });
  const settle = () => new Promise((r) => setTimeout(r, 80));

  it('picks up a changed template and an ended share at the next re-check', async () => {
    let grants = grantsWith(template([10]));
    const hub = new LiveHub(
      new LocalFanout(),
      {
        load: async (ids) => (ids.includes(device.id) ? [{ device, probes: [] }] : []),
        typeProbeParams: async () => typeParams,
      },
      silent,
      { authTimeoutMs: 1000, checkMs: 30 },
    );
    const socket = new FakeSocket();
    hub.accept(socket, translatorFor('en-US'), {
      authenticate: async () => recipient(grants),
      alive: async () => true,
      refresh: async (caller) => ({ ...caller, grants }),
    });
    socket.receive({ type: 'auth', token: 'x' });
    socket.receive({ type: 'subscribe', deviceIds: [device.id] });
    await settle();
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribed', deviceIds: [device.id], denied: [] });
    const publish = () =>
      hub.publish({
        type: 'readings',
        deviceId: device.id,
        readings: [
          { channel: T1, ts: 1, value: 1 },
          { channel: T2, ts: 1, value: 2 },
        ],
      });
    publish();
    expect(socket.sent.at(-1)).toEqual({
      type: 'readings',
      deviceId: device.id,
      readings: [{ channel: T1, ts: 1, value: 1 }],
    });

    grants = grantsWith(template([10, 20]));
    await settle();
    publish();
    expect(socket.sent.at(-1)).toMatchObject({
      type: 'readings',
      readings: [{ channel: T1 }, { channel: T2 }],
    });

    grants = grantsWith(undefined);
    await settle();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribed', deviceIds: [device.id] });
    await hub.close();
  });
});
