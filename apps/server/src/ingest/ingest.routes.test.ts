import { MAX_PAYLOAD_BYTES } from '@coldchain/shared/device-protocol';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';
import { createTestDevice, readingsOf, records } from './test-support.ts';

let t: TestApp;
let operatorToken: string;
let userToken: string;
const BASE = '/api/mqtt-broker/transport/service';

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  const operator = await createAccount(t.app, { roleCode: 'operator' });
  operatorToken = await login(t.app, operator.account.userName, operator.password);
  const user = await createAccount(t.app, { roleCode: 'personalUser' });
  userToken = await login(t.app, user.account.userName, user.password);
});

afterAll(async () => {
  await t.close();
});

const basic = (guid: string, secret: string) =>
  `Basic ${Buffer.from(`${guid}:${secret}`).toString('base64')}`;

async function post(path: string, body: string | Buffer, headers: Record<string, string>) {
  const request: InjectOptions = {
    method: 'POST',
    url: `${BASE}${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  };
  const response = await t.app.inject(request);
  return { status: response.statusCode, body: JSON.parse(response.body) as { code: number; data: unknown } };
}

describe('HTTP ingest', () => {
  it('stores telemetry sent with Basic auth or the device headers, duplicates once', async () => {
    const d = await createTestDevice(t.app);
    const batch = JSON.stringify({ records: records(30, Date.now() - 60_000) });
    const first = await post(`/devices/${d.guid}/telemetry`, batch, {
      authorization: basic(d.guid, d.secret),
    });
    expect(first).toEqual({
      status: 200,
      body: expect.objectContaining({
        code: 0,
        data: { stored: 60, duplicates: 0, events: 0, commandState: null },
      }),
    });
    const again = await post(`/devices/${d.guid}/telemetry`, batch, {
      'x-device-guid': d.guid,
      'x-device-secret': d.secret,
    });
    expect(again.body.data).toMatchObject({ stored: 0, duplicates: 60 });
    expect(await readingsOf(t.app.ctx.db, d.id)).toHaveLength(60);
  });

  it('refuses wrong credentials, another device path and a stopped device', async () => {
    const d = await createTestDevice(t.app);
    const other = await createTestDevice(t.app);
    const stopped = await createTestDevice(t.app, { useState: 'stopped' });
    const body = JSON.stringify({ records: records(1, Date.now()) });
    expect((await post(`/devices/${d.guid}/telemetry`, body, {})).status).toBe(401);
    expect(
      (await post(`/devices/${d.guid}/telemetry`, body, { authorization: basic(d.guid, 'nope') })).status,
    ).toBe(401);
    const foreign = await post(`/devices/${other.guid}/telemetry`, body, {
      authorization: basic(d.guid, d.secret),
    });
    expect(foreign.status).toBe(403);
    expect(await readingsOf(t.app.ctx.db, other.id)).toEqual([]);
    const refused = await post(`/devices/${stopped.guid}/telemetry`, body, {
      authorization: basic(stopped.guid, stopped.secret),
    });
    expect(refused.status).toBe(403);
    expect(await readingsOf(t.app.ctx.db, stopped.id)).toEqual([]);
  });

  it('answers malformed and oversized payloads with the reason, counts them, and lists them for operators', async () => {
    const d = await createTestDevice(t.app);
    const auth = { authorization: basic(d.guid, d.secret) };
    const broken = await post(`/devices/${d.guid}/telemetry`, '{"records": [', auth);
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      code: 1002,
      data: { reason: 'malformed', detail: 'not valid JSON' },
    });
    const wrong = await post(
      `/devices/${d.guid}/events`,
      JSON.stringify({ events: [{ ts: 1, type: 'door' }] }),
      auth,
    );
    expect(wrong.body).toMatchObject({ code: 1002, data: { reason: 'malformed' } });
    const big = await post(`/devices/${d.guid}/telemetry`, Buffer.alloc(MAX_PAYLOAD_BYTES + 10, 32), auth);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 1003, data: { reason: 'oversized' } });
    await t.app.ingest.writer.flush();

    const list = await call<{
      data: { reason: string; count: number; deviceGuid: string }[];
      totalCount: number;
    }>(t.app, 'GET', `${BASE}/rejects`, { token: operatorToken, query: { deviceGuid: d.guid } });
    expect(list.code).toBe(0);
    expect(list.data.totalCount).toBe(2);
    expect(list.data.data.map((r) => [r.reason, r.count]).sort()).toEqual([
      ['malformed', 2],
      ['oversized', 1],
    ]);
    const denied = await call(t.app, 'GET', `${BASE}/rejects`, { token: userToken });
    expect(denied.status).toBe(403);
    const status = await call<{ mode: string; rejected: number }>(t.app, 'GET', `${BASE}/status`, {
      token: operatorToken,
    });
    expect(status.data.mode).toBe('off');
    expect(status.data.rejected).toBeGreaterThanOrEqual(3);
  });

  it('hands pending commands to a polling device once and takes its acknowledgement', async () => {
    const d = await createTestDevice(t.app);
    const auth = { authorization: basic(d.guid, d.secret) };
    const command = await t.app.ctx.db
      .insertInto('deviceCommand')
      .values({
        deviceId: d.id,
        commandType: 'reboot',
        payload: '{}',
        state: 'pending',
        createdAt: new Date().toISOString(),
        sentAt: null,
        ackedAt: null,
        result: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const poll = () =>
      t.app
        .inject({ method: 'GET', url: `${BASE}/devices/${d.guid}/commands`, headers: auth })
        .then((r) => r.json());
    expect((await poll()).data).toEqual([
      expect.objectContaining({ id: command.id, type: 'reboot', payload: {} }),
    ]);
    expect((await poll()).data).toEqual([]);
    const ack = await post(
      `/devices/${d.guid}/commands/ack`,
      JSON.stringify({ id: command.id, ok: false }),
      auth,
    );
    expect(ack.body.data).toMatchObject({ commandState: 'failed' });
    const again = await post(
      `/devices/${d.guid}/commands/ack`,
      JSON.stringify({ id: command.id, ok: true }),
      auth,
    );
    expect(again.body.data).toMatchObject({ commandState: null });
  });
});
