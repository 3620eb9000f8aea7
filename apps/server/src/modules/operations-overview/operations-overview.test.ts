import type {
  ConnectionEvent,
  DeviceConnection,
  NetworkSummary,
  Overview,
  PatternImage,
  Platform,
  PlatformFigures,
} from '@coldchain/shared';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, createTestDevice } from '../../ingest/test-support.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { multipart, PNG } from './test-support.ts';

const HOST_B = 'overview-b.example.com';
type Page<T> = { data: T[]; totalCount: number; start: number };

describe('operator overview, network logs and pattern images', () => {
  let t: TestApp;
  let operator: string;
  let operatorB: string;
  let port: number;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ingest.startMqtt({ port: 0, host: '127.0.0.1' });
    port = t.app.ingest.mqttPort ?? 0;
    operator = await login(t.app, 'demo_operator');
    const b = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    operatorB = (await signedIn(t.app, { roleCode: 'operator', platformId: b.data.id, host: HOST_B })).token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await t.close();
  });

  const get = <T>(url: string, token = operator, host?: string) =>
    call<T>(t.app, 'GET', url, { token, ...(host ? { host } : {}), locale: 'en-US' });
  const post = <T>(url: string, body: unknown, token = operator, host?: string) =>
    call<T>(t.app, 'POST', url, { token, body, ...(host ? { host } : {}), locale: 'en-US' });

  it('counts connects, clean and lost disconnects, refused logins and readings per minute', async () => {
    const d = await createTestDevice(t.app);
    await expect(connectDevice(port, d.guid, 'wrong-secret')).rejects.toThrow();
    const client = await connectDevice(port, d.guid, d.secret);
    await client.publishAsync(
      deviceTopic(d.guid, 'telemetry'),
      JSON.stringify({
        records: [{ ts: Date.now() - 1000, values: [{ kind: 'temperature', probe: 1, value: 4.2 }] }],
      }),
      { qos: 1 },
    );
    await client.endAsync();
    const lost = await connectDevice(port, d.guid, d.secret);
    clients.push(lost);
    // A socket that just goes away: no DISCONNECT packet.
    lost.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.ingest.connections.idle();

    const log = await post<Page<ConnectionEvent>>('/api/device/DtuLog/page', {
      start: 1,
      pageSize: 20,
      deviceGuid: d.guid,
      sortOrder: 'ascend',
    });
    expect(log.code).toBe(0);
    expect(log.data.data.map((e) => [e.kind, e.reason])).toEqual([
      ['authFailure', 'badCredentials'],
      ['connect', null],
      ['disconnect', 'clean'],
      ['connect', null],
      ['disconnect', 'connectionLost'],
    ]);
    const refusals = await post<Page<ConnectionEvent>>('/api/device/DtuLog/page', {
      start: 1,
      pageSize: 20,
      deviceGuid: d.guid,
      eventKind: 'authFailure',
    });
    expect(refusals.data.totalCount).toBe(1);

    const network = await post<Page<DeviceConnection>>('/api/device/DeviceNetwork/page', {
      start: 1,
      pageSize: 10,
      deviceGuid: d.guid,
    });
    expect(network.data.data[0]).toMatchObject({
      deviceGuid: d.guid,
      connected: 0,
      connects: 2,
      disconnects: 2,
      lastDisconnectReason: 'connectionLost',
    });
    expect(network.data.data[0]?.lastConnectAt).toBeTruthy();

    const summary = await get<NetworkSummary>('/api/device/DeviceNetwork/summary');
    expect(summary.data.perHour).toHaveLength(24);
    expect(summary.data.perHour.at(-1)).toMatchObject({ connects: 2, disconnects: 2, authFailures: 1 });
    expect(summary.data.disconnectReasons).toEqual(
      expect.arrayContaining([
        { reason: 'badCredentials', count: 1 },
        { reason: 'clean', count: 1 },
        { reason: 'connectionLost', count: 1 },
      ]),
    );

    const overview = await get<Overview>('/api/base/BaseSystem/overview');
    expect(overview.code).toBe(0);
    expect(overview.data.platformId).toBeNull();
    expect(overview.data.readingsPerMinute).toHaveLength(60);
    expect(overview.data.readingsPerMinute.reduce((s, m) => s + m.readings, 0)).toBeGreaterThanOrEqual(1);
    expect(overview.data.connections).toMatchObject({
      connectsLast24h: 2,
      disconnectsLast24h: 2,
      authFailuresLast24h: 1,
    });
    expect(overview.data.accounts.total).toBeGreaterThanOrEqual(3);
    expect(overview.data.devicesByStatus.reduce((s, r) => s + r.count, 0)).toBeGreaterThanOrEqual(1);
  });

  it('shows a white-label platform’s operator only its own platform’s figures and rows', async () => {
    const overview = await get<Overview>('/api/base/BaseSystem/overview', operatorB, HOST_B);
    expect(overview.code).toBe(0);
    expect(overview.data.platformId).not.toBeNull();
    expect(overview.data.accounts.total).toBe(1);
    expect(overview.data.devicesByStatus).toEqual([]);
    expect(overview.data.readingsPerMinute.every((m) => m.readings === 0)).toBe(true);
    expect(overview.data.connections).toEqual({
      connected: 0,
      connectsLast24h: 0,
      disconnectsLast24h: 0,
      authFailuresLast24h: 0,
    });
    expect(overview.data.rejectsByReason).toEqual([]);
    const log = await post<Page<ConnectionEvent>>(
      '/api/device/DtuLog/page',
      { start: 1, pageSize: 10 },
      operatorB,
      HOST_B,
    );
    expect(log.data).toEqual({ data: [], start: 1, totalCount: 0 });
    const network = await post<Page<DeviceConnection>>(
      '/api/device/DeviceNetwork/page',
      { start: 1, pageSize: 10 },
      operatorB,
      HOST_B,
    );
    expect(network.data.totalCount).toBe(0);
    const summary = await get<NetworkSummary>('/api/device/DeviceNetwork/summary', operatorB, HOST_B);
    expect(summary.data.disconnectReasons).toEqual([]);
    const figures = await post<PlatformFigures[]>(
      '/api/base/BaseSystem/platformFigures',
      {},
      operatorB,
      HOST_B,
    );
    expect(figures.data.map((f) => f.title)).toEqual(['Tenant B']);
    const all = await post<PlatformFigures[]>('/api/base/BaseSystem/platformFigures', {});
    expect(all.data.map((f) => f.title)).toEqual(expect.arrayContaining(['Coldchain Cloud', 'Tenant B']));
    // The transport serves every platform: only the platform host's back office reads it.
    const transport = await get('/api/base/BaseSystem/transport', operatorB, HOST_B);
    expect(transport.status).toBe(403);
    const own = await get<{ mode: string }>('/api/base/BaseSystem/transport');
    expect(own.data.mode).toBe('embedded');
  });

  it('refuses the pages to accounts without the back-office permissions and checks filters', async () => {
    const user = await signedIn(t.app, { roleCode: 'personalUser' });
    expect((await get('/api/base/BaseSystem/overview', user.token)).status).toBe(403);
    expect((await post('/api/device/DtuLog/page', {}, user.token)).status).toBe(403);
    expect((await post('/api/device/PatternImage/page', {}, user.token)).status).toBe(403);
    const badGuid = await post('/api/device/DtuLog/page', { deviceGuid: 'abc' });
    expect([badGuid.code, badGuid.msg]).toEqual([1001, 'Device ID: must be 1-20 digits']);
    const badKind = await post('/api/device/DtuLog/page', { eventKind: 'reboot' });
    expect(badKind.code).toBe(1001);
    expect(badKind.msg).toMatch(/^Event: /);
    const badDate = await post('/api/device/DtuLog/page', { from: 'yesterday' });
    expect(badDate.code).toBe(1001);
  });

  it('uploads, lists, serves and deletes pattern images, refusing bad files and names', async () => {
    const body = (r: { body: string }) =>
      JSON.parse(r.body) as { code: number; msg: string; data: PatternImage };
    // The boundary differs per call, so build each request once.
    const send = async (filename: string, content: Buffer, fields: Record<string, string> = {}) => {
      const m = multipart(filename, content, fields);
      return body(
        await t.app.inject({
          method: 'POST',
          url: '/api/device/PatternImage/upload',
          headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US', ...m.headers },
          payload: m.payload,
        }),
      );
    };
    const wrongType = await send('pattern.gif', Buffer.from('GIF89a'));
    expect(wrongType.code).toBe(1103);
    const fakePng = await send('pattern.png', Buffer.from('not really a png at all'));
    expect(fakePng.code).toBe(1103);
    const longName = await send('p.png', PNG, { name: 'x'.repeat(51) });
    expect([longName.code, longName.msg]).toEqual([1001, 'Name: must be at most 50 characters']);
    const tooBig = await send('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(tooBig.code).toBe(1102);
    expect(await t.app.ctx.db.selectFrom('patternImage').select('id').execute()).toEqual([]);

    const saved = await send('stripes.png', PNG, { name: 'Blue stripes' });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ name: 'Blue stripes', sizeBytes: PNG.length });
    const file = await t.app.inject({ method: 'GET', url: saved.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const unnamed = await send('waves.png', PNG);
    expect(unnamed.data.name).toBe('waves');

    const page = await post<Page<PatternImage>>('/api/device/PatternImage/page', { start: 1, pageSize: 10 });
    expect(page.data.data.map((p) => p.name)).toEqual(['waves', 'Blue stripes']);
    expect(page.data.data[1]?.creatorName).toBe('demo_operator');
    // Another platform's back office sees none of them.
    const foreign = await post<Page<PatternImage>>(
      '/api/device/PatternImage/page',
      { start: 1, pageSize: 10 },
      operatorB,
      HOST_B,
    );
    expect(foreign.data.totalCount).toBe(0);

    const removed = await call(t.app, 'DELETE', '/api/device/PatternImage/delete', {
      token: operator,
      query: { id: String(saved.data.id) },
    });
    expect(removed.code).toBe(0);
    const gone = await t.app.inject({ method: 'GET', url: saved.data.url });
    expect(JSON.parse(gone.body).code).toBe(1004);
    const again = await call(t.app, 'DELETE', '/api/device/PatternImage/delete', {
      token: operator,
      query: { id: String(saved.data.id) },
      locale: 'en-US',
    });
    expect([again.code, again.msg]).toEqual([1004, 'Pattern image not found']);
  });
});
