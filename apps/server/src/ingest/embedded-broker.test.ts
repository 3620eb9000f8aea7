import { deviceTopic, MAX_PAYLOAD_BYTES, type RejectNotice } from '@coldchain/shared/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingsCommitted } from '../telemetry/telemetry-events.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { connectDevice, createTestDevice, readingsOf, records } from './test-support.ts';

let t: TestApp;
let port: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  await t.app.ingest.startMqtt({ port: 0, host: '127.0.0.1' });
  port = t.app.ingest.mqttPort ?? 0;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t.close();
});

async function device(options: Parameters<typeof createTestDevice>[1] = {}) {
  return createTestDevice(t.app, options);
}

async function connect(guid: string, secret: string) {
  const client = await connectDevice(port, guid, secret);
  clients.push(client);
  return client;
}

const json = (value: unknown) => JSON.stringify(value);

describe('embedded MQTT broker', () => {
  it('refuses a wrong secret, an unknown GUID and a stopped device', async () => {
    const d = await device();
    await expect(connectDevice(port, d.guid, 'wrong')).rejects.toThrow(/Bad username or password/i);
    await expect(connectDevice(port, '99999999999999999999', d.secret)).rejects.toThrow(
      /Bad username or password/i,
    );
    const stopped = await device({ useState: 'stopped' });
    await expect(connectDevice(port, stopped.guid, stopped.secret)).rejects.toThrow(/Not authorized/i);
  });

  it('acknowledges a reading only once it is stored, and updates the device', async () => {
    const d = await device();
    const client = await connect(d.guid, d.secret);
    const seen: ReadingsCommitted[] = [];
    const listener = (batch: ReadingsCommitted) => {
      if (batch.deviceId === d.id) seen.push(batch);
    };
    t.app.ctx.telemetryEvents.on('readings', listener);
    const ts = Date.now() - 1000;
    await client.publishAsync(
      deviceTopic(d.guid, 'telemetry'),
      json({
        records: [
          {
            ts,
            values: [
              { kind: 'temperature', probe: 1, value: 4.25 },
              { kind: 'temperature', probe: 2, value: -18.5 },
            ],
            battery: 87,
            signal: -71,
            position: { lat: 31.2304, lon: 121.4737 },
          },
        ],
      }),
      { qos: 1 },
    );
    // The PUBACK came back: the rows must be there already.
    const stored = await readingsOf(t.app.ctx.db, d.id);
    expect(stored).toEqual([
      { channel: 101, ts, value: 4.25 },
      { channel: 102, ts, value: -18.5 },
      { channel: 400, ts, value: 87 },
      { channel: 500, ts, value: -71 },
      { channel: 600, ts, value: 31.2304 },
      { channel: 700, ts, value: 121.4737 },
    ]);
    t.app.ctx.telemetryEvents.off('readings', listener);
    expect(seen).toHaveLength(1);
    // The device row follows within a second, off the acknowledgement path.
    await t.app.ingest.writer.flushDeviceStates();
    expect(seen[0]?.readings).toHaveLength(6);
    expect(seen[0]?.backfill).toBe(false);
    const row = await t.app.ctx.db
      .selectFrom('device')
      .select(['status', 'battery', 'signal', 'latitude', 'longitude', 'lastSeenAt'])
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'online',
      battery: 87,
      signal: -71,
      latitude: 31.2304,
      longitude: 121.4737,
    });
    expect(row.lastSeenAt).not.toBeNull();
    const channels = await t.app.ctx.db
      .selectFrom('deviceChannel')
      .select(['channel', 'kind', 'probeId', 'unit'])
      .where('deviceId', '=', d.id)
      .orderBy('channel')
      .execute();
    expect(channels.map((c) => c.channel)).toEqual([101, 102, 400, 500, 600, 700]);
    expect(channels[0]).toMatchObject({ kind: 'temperature', probeId: 1, unit: '°C' });
  });

  it('backfills a day buffered offline once, however often it is sent', async () => {
    const d = await device();
    const client = await connect(d.guid, d.secret);
    const day = records(1440, Date.now() - 3_600_000);
    const payload = json({ records: day });
    const backfills: boolean[] = [];
    const listener = (batch: ReadingsCommitted) => {
      if (batch.deviceId === d.id) backfills.push(batch.backfill);
    };
    t.app.ctx.telemetryEvents.on('readings', listener);
    await client.publishAsync(deviceTopic(d.guid, 'telemetry'), payload, { qos: 1 });
    await client.publishAsync(deviceTopic(d.guid, 'telemetry'), payload, { qos: 1 });
    // The same records again in smaller pieces, overlapping, as a device resending after a lost PUBACK.
    await client.publishAsync(deviceTopic(d.guid, 'telemetry'), json({ records: day.slice(100, 400) }), {
      qos: 1,
    });
    t.app.ctx.telemetryEvents.off('readings', listener);
    const stored = await readingsOf(t.app.ctx.db, d.id);
    expect(stored).toHaveLength(2880);
    expect(new Set(stored.map((r) => `${r.channel}:${r.ts}`)).size).toBe(2880);
    expect(stored[0]?.ts).toBe(day[0]?.ts);
    expect(backfills).toEqual([true]);
  });

  it('acknowledges, drops, counts and explains malformed payloads, and keeps the connection', async () => {
    const d = await device();
    const client = await connect(d.guid, d.secret);
    const notices: RejectNotice[] = [];
    client.on('message', (_topic, message) => notices.push(JSON.parse(message.toString()) as RejectNotice));
    await client.subscribeAsync(deviceTopic(d.guid, 'rejects'), { qos: 0 });
    const topic = deviceTopic(d.guid, 'telemetry');
    await client.publishAsync(topic, 'not json {', { qos: 1 });
    await client.publishAsync(topic, json({ records: [{ ts: 'yesterday', values: [] }] }), { qos: 1 });
    await client.publishAsync(topic, json({ records: [{ ts: Date.now() + 86_400_000 }] }), { qos: 1 });
    await client.publishAsync(topic, Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 32), { qos: 1 });
    await client.publishAsync(`devices/${d.guid}/whatever`, '{}', { qos: 1 });
    // Still connected and storing.
    const ts = Date.now();
    await client.publishAsync(topic, json({ records: [{ ts, values: [{ kind: 'humidity', value: 55 }] }] }), {
      qos: 1,
    });
    expect(await readingsOf(t.app.ctx.db, d.id)).toEqual([{ channel: 201, ts, value: 55 }]);
    await t.app.ingest.writer.flush();
    const rejects = await t.app.ctx.db
      .selectFrom('ingestReject')
      .select(['reason', 'count', 'lastDetail'])
      .where('deviceId', '=', d.id)
      .orderBy('reason')
      .execute();
    expect(rejects.map((r) => [r.reason, Number(r.count)])).toEqual([
      ['malformed', 2],
      ['oversized', 1],
      ['timestamp', 1],
      ['unknownTopic', 1],
    ]);
    await expect.poll(() => notices.length).toBe(5);
    expect(notices[0]).toMatchObject({ reason: 'malformed', detail: 'not valid JSON', topic });
    expect(notices[1]?.detail).toMatch(/^records\.0\.ts/);
  });

  it('closes the connection of a device publishing under another GUID and stores nothing for it', async () => {
    const victim = await device();
    const intruder = await device();
    const client = await connect(intruder.guid, intruder.secret);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(deviceTopic(victim.guid, 'telemetry'), json({ records: records(3, Date.now()) }), {
      qos: 1,
    });
    await closed;
    expect(await readingsOf(t.app.ctx.db, victim.id)).toEqual([]);
    await t.app.ingest.writer.flush();
    const rejects = await t.app.ctx.db
      .selectFrom('ingestReject')
      .select(['reason', 'count'])
      .where('deviceId', '=', intruder.id)
      .execute();
    expect(rejects.map((r) => [r.reason, Number(r.count)])).toEqual([['foreignTopic', 1]]);
  });

  it('refuses subscriptions outside the device own topics', async () => {
    const other = await device();
    const d = await device();
    const client = await connect(d.guid, d.secret);
    // SUBACK 128 (failure), which mqtt.js reports as an error.
    await expect(client.subscribeAsync(deviceTopic(other.guid, 'commands'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(client.subscribeAsync('devices/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const own = await client.subscribeAsync(deviceTopic(d.guid, 'commands'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
  });

  it('stores door and power events once', async () => {
    const d = await device();
    const client = await connect(d.guid, d.secret);
    const ts = Date.now() - 5000;
    const payload = json({
      events: [
        { ts, type: 'door', state: 'open', probe: 1 },
        { ts: ts + 1, type: 'door', state: 'closed', probe: 1 },
        { ts, type: 'power', state: 'off' },
      ],
    });
    await client.publishAsync(deviceTopic(d.guid, 'events'), payload, { qos: 1 });
    await client.publishAsync(deviceTopic(d.guid, 'events'), payload, { qos: 1 });
    const events = await t.app.ctx.db
      .selectFrom('deviceEvent')
      .select(['ts', 'type', 'state', 'probeId'])
      .where('deviceId', '=', d.id)
      .orderBy('ts')
      .orderBy('type')
      .execute();
    expect(events.map((e) => [Number(e.ts) - ts, e.type, e.state, e.probeId])).toEqual([
      [0, 'door', 'open', 1],
      [0, 'power', 'off', 0],
      [1, 'door', 'closed', 1],
    ]);
  });

  it('delivers pending commands when the device subscribes and marks them acknowledged', async () => {
    const d = await device();
    const now = new Date().toISOString();
    const command = await t.app.ctx.db
      .insertInto('deviceCommand')
      .values({
        deviceId: d.id,
        commandType: 'setParams',
        payload: json({ upperLimit: 8 }),
        state: 'pending',
        createdAt: now,
        sentAt: null,
        ackedAt: null,
        result: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client = await connect(d.guid, d.secret);
    const received = new Promise<{ id: number; type: string; payload: unknown }>((resolve) =>
      client.on('message', (topic, message) => {
        if (topic === deviceTopic(d.guid, 'commands')) resolve(JSON.parse(message.toString()));
      }),
    );
    await client.subscribeAsync(deviceTopic(d.guid, 'commands'), { qos: 1 });
    const message = await received;
    expect(message).toMatchObject({ id: command.id, type: 'setParams', payload: { upperLimit: 8 } });
    const sent = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select(['state', 'sentAt'])
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(sent.state).toBe('sent');
    await client.publishAsync(
      deviceTopic(d.guid, 'commandAck'),
      json({ id: command.id, ok: true, result: { applied: true } }),
      { qos: 1 },
    );
    const acked = await t.app.ctx.db
      .selectFrom('deviceCommand')
      .select(['state', 'ackedAt', 'result'])
      .where('id', '=', command.id)
      .executeTakeFirstOrThrow();
    expect(acked.state).toBe('acked');
    expect(JSON.parse(acked.result ?? 'null')).toEqual({ applied: true });
  });
});
