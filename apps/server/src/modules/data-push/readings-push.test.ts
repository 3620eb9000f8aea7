import type { DataPushConfigDetail } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/create-db.ts';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { readingsOf } from '../../ingest/test-support.ts';
import { call, createTestApp, login, TEST_DIALECT, type TestApp } from '../../test/harness.ts';
import { deliveryTestApp, deviceWithAlarm } from '../delivery/test-support.ts';
import { readingsPushEvents } from './data-push-source.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, verifySignature } from './signature.ts';
import { type Receiver, startReceiver } from './test-support.ts';

const CONFIG = '/api/device/DataPushConfig';
const SECRET = 'readings-push-shared-secret';

let test: TestApp;
let receiver: Receiver;
let operator: string;
/** Device time of the next reading: each one is new. */
let nextTs = Date.now() - 3_600_000;

beforeAll(async () => {
  receiver = await startReceiver();
  test = await deliveryTestApp();
  operator = await login(test.app, 'demo_operator');
});

afterAll(async () => {
  await test?.close();
  await receiver?.close();
});

type Device = Awaited<ReturnType<typeof deviceWithAlarm>>['device'];

/** Posts temperature readings as the device would; answers the HTTP status (200 once committed). */
async function ingest(app: FastifyInstance, device: Device, values: number[], at?: number[]) {
  const secret = deviceSecret(app.ctx.deviceKey, device.deviceGuid, 0);
  const timestamps = at ?? values.map(() => (nextTs += 60_000));
  const response = await app.inject({
    method: 'POST',
    url: `/api/mqtt-broker/transport/service/devices/${device.deviceGuid}/telemetry`,
    headers: {
      authorization: `Basic ${Buffer.from(`${device.deviceGuid}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({
      records: values.map((value, i) => ({
        ts: timestamps[i],
        values: [{ kind: 'temperature', probe: 1, value }],
      })),
    }),
  });
  return { status: response.statusCode, timestamps };
}

async function createConfig(app: FastifyInstance, token: string, accountId: number, pushTypes: string[]) {
  const answer = await call<DataPushConfigDetail>(app, 'POST', `${CONFIG}/insert`, {
    token,
    body: {
      accountId,
      configName: 'Readings feed',
      pushUrl: receiver.url,
      secret: SECRET,
      pushTypes,
      allowPrivate: 1,
    },
  });
  if (answer.code !== 0) throw new Error(`insert refused: ${answer.msg}`);
  return answer.data;
}

async function updateConfig(
  config: DataPushConfigDetail,
  changes: { pushTypes?: string[]; enabled?: number },
) {
  const answer = await call(test.app, 'PUT', `${CONFIG}/update`, {
    token: operator,
    body: {
      id: config.id,
      accountId: config.accountId,
      configName: config.configName,
      pushUrl: config.pushUrl,
      pushTypes: config.pushTypes,
      enabled: config.enabled,
      allowPrivate: config.allowPrivate,
      ...changes,
    },
  });
  if (answer.code !== 0) throw new Error(`update refused: ${answer.msg}`);
}

function deliveriesOf(app: FastifyInstance, deviceId: number) {
  return app.ctx.db
    .selectFrom('dataPushDelivery')
    .select(['configId', 'eventType', 'eventId', 'payload', 'state'])
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .execute();
}

/** Makes every insert into data_push_delivery fail, as a full disk or a lost connection would. */
async function refuseDeliveries(app: FastifyInstance, refuse: boolean) {
  const db = app.ctx.db;
  if (TEST_DIALECT === 'postgres') {
    if (refuse) {
      await sql`create function refuse_push() returns trigger language plpgsql
        as $$ begin raise exception 'data push refused'; end $$`.execute(db);
      await sql`create trigger refuse_push before insert on data_push_delivery
        for each row execute function refuse_push()`.execute(db);
    } else {
      await sql`drop trigger refuse_push on data_push_delivery`.execute(db);
      await sql`drop function refuse_push()`.execute(db);
    }
  } else if (refuse) {
    await sql`create trigger refuse_push before insert on data_push_delivery
      begin select raise(abort, 'data push refused'); end`.execute(db);
  } else {
    await sql`drop trigger refuse_push`.execute(db);
  }
}

describe('readings push in the ingest transaction', () => {
  it('queues the push with the readings: a batch that cannot queue it stores neither, a replay adds nothing', async () => {
    const { device } = await deviceWithAlarm(test.app);
    const config = await createConfig(test.app, operator, device.accountId, ['readings']);

    await refuseDeliveries(test.app, true);
    const refused = await ingest(test.app, device, [4.5, 4.75]).finally(() =>
      refuseDeliveries(test.app, false),
    );
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await readingsOf(test.app.ctx.db, device.id)).toEqual([]);
    expect(await deliveriesOf(test.app, device.id)).toEqual([]);

    // The device sends again (nothing was acknowledged): readings and push are stored together.
    const again = await ingest(test.app, device, [4.5, 4.75], refused.timestamps);
    expect(again.status).toBe(200);
    const [t1, t2] = refused.timestamps as [number, number];
    expect(await readingsOf(test.app.ctx.db, device.id)).toEqual([
      { channel: 101, ts: t1, value: 4.5 },
      { channel: 101, ts: t2, value: 4.75 },
    ]);
    const queued = await deliveriesOf(test.app, device.id);
    expect(queued.map((d) => [d.configId, d.eventType, d.state])).toEqual([
      [config.id, 'readings', 'pending'],
    ]);
    const event = JSON.parse(queued[0]?.payload ?? '{}') as Record<string, unknown>;
    expect(event).toEqual({
      id: queued[0]?.eventId,
      type: 'readings',
      createdAt: expect.any(String),
      device: { id: device.id, guid: device.deviceGuid, name: null },
      data: [
        { channel: 101, kind: 'temperature', probe: 1, ts: t1, value: 4.5 },
        { channel: 101, kind: 'temperature', probe: 1, ts: t2, value: 4.75 },
      ],
    });
    expect(queued[0]?.eventId).toMatch(new RegExp(`^readings:${device.id}:[\\w-]{22}:${config.id}$`));

    // The same message again stores nothing new and queues nothing new.
    expect((await ingest(test.app, device, [4.5, 4.75], refused.timestamps)).status).toBe(200);
    expect(await deliveriesOf(test.app, device.id)).toHaveLength(1);
  });

  it('fixes the event id by the facts: the same readings give the same ids, one per configuration', () => {
    const ref = { deviceId: 7, deviceGuid: '7000', platformId: 1, accountId: 3 };
    const readings = [
      { channel: 201, ts: 2_000, value: 61 },
      { channel: 101, ts: 1_000, value: 4 },
    ];
    const first = readingsPushEvents(ref, readings, [11, 12], '2026-01-01T00:00:00.000Z');
    const replay = readingsPushEvents(ref, [...readings].reverse(), [11, 12], '2026-01-02T00:00:00.000Z');
    expect(first.map((e) => e.eventId)).toEqual(replay.map((e) => e.eventId));
    expect(new Set(first.map((e) => e.eventId)).size).toBe(2);
    const other = readingsPushEvents(ref, [{ channel: 101, ts: 1_000, value: 4 }], [11], '');
    expect(other[0]?.eventId).not.toBe(first[0]?.eventId);
  });

  it('queues nothing for a device whose owner does not push readings', async () => {
    // Someone else pushes readings, so the hot path does look.
    const { device: pushing } = await deviceWithAlarm(test.app);
    await createConfig(test.app, operator, pushing.accountId, ['readings']);
    const { device: quiet } = await deviceWithAlarm(test.app);
    await createConfig(test.app, operator, quiet.accountId, ['alarms']);
    const disabled = await createConfig(test.app, operator, quiet.accountId, ['readings']);
    await updateConfig(disabled, { enabled: 0 });

    expect((await ingest(test.app, quiet, [5])).status).toBe(200);
    expect((await ingest(test.app, pushing, [5])).status).toBe(200);
    expect(await readingsOf(test.app.ctx.db, quiet.id)).toHaveLength(1);
    expect(await deliveriesOf(test.app, quiet.id)).toEqual([]);
    expect(await deliveriesOf(test.app, pushing.id)).toHaveLength(1);
  });

  it('picks up configuration changes: made here at once, made on another node at the next refresh', async () => {
    const { device } = await deviceWithAlarm(test.app);
    const count = async () => (await deliveriesOf(test.app, device.id)).length;
    expect((await ingest(test.app, device, [3])).status).toBe(200);
    expect(await count()).toBe(0);

    const config = await createConfig(test.app, operator, device.accountId, ['readings']);
    await ingest(test.app, device, [3.5]);
    expect(await count()).toBe(1);

    await updateConfig(config, { pushTypes: ['alarms'] });
    await ingest(test.app, device, [3.75]);
    expect(await count()).toBe(1);

    // Another node enables readings on the configuration: seen after the periodic refresh.
    await test.app.ctx.db
      .updateTable('dataPushConfig')
      .set({ pushTypes: 'alarms,readings' })
      .where('id', '=', config.id)
      .execute();
    await test.app.ingest.readingsPush.refresh();
    await ingest(test.app, device, [4]);
    expect(await count()).toBe(2);

    // Another node deletes it (its events go with it): this node's list is behind, yet ingest goes on
    // and queues nothing.
    await test.app.ctx.db.deleteFrom('dataPushConfig').where('id', '=', config.id).execute();
    expect((await ingest(test.app, device, [4.25])).status).toBe(200);
    expect(await count()).toBe(0);
    expect(await readingsOf(test.app.ctx.db, device.id)).toHaveLength(5);

    const deleted = await createConfig(test.app, operator, device.accountId, ['readings']);
    await call(test.app, 'DELETE', `${CONFIG}/delete`, {
      token: operator,
      query: { id: String(deleted.id) },
    });
    await ingest(test.app, device, [4.5]);
    expect(await count()).toBe(0);
  });
});

describe('crash right after ingest', () => {
  it('delivers the push of acknowledged readings from a new app on the same database', async () => {
    const first = await deliveryTestApp();
    let second: TestApp | undefined;
    try {
      const token = await login(first.app, 'demo_operator');
      const { device } = await deviceWithAlarm(first.app);
      const config = await createConfig(first.app, token, device.accountId, ['readings']);
      // Nothing after the commit runs: the node dies as soon as the device has its answer.
      first.app.ctx.telemetryEvents.removeAllListeners('readings');
      const acked = await ingest(first.app, device, [6.5]);
      await first.app.close();
      expect(acked.status).toBe(200);

      second = await createTestApp({
        db: createDb(
          TEST_DIALECT === 'postgres' ? first.config.databaseUrl : first.where,
          TEST_DIALECT === 'postgres' ? { schema: first.where, poolSize: 4 } : {},
        ),
      });
      await second.app.delivery.jobs.stop();
      const before = receiver.received.length;
      await second.app.delivery.dataPush.drain();
      const pushed = receiver.received.slice(before);
      expect(pushed).toHaveLength(1);
      const [request] = pushed;
      const body = request?.body ?? '';
      const signature = String(request?.headers[SIGNATURE_HEADER]);
      expect(verifySignature(config.secret, body, signature, Number(/t=(\d+)/.exec(signature)?.[1]))).toBe(
        true,
      );
      expect(request?.headers[EVENT_HEADER]).toBe('readings');
      const event = JSON.parse(body) as { id: string; device: { guid: string }; data: unknown };
      expect(request?.headers[DELIVERY_HEADER]).toBe(event.id);
      expect(event.device.guid).toBe(device.deviceGuid);
      expect(event.data).toEqual([
        { channel: 101, kind: 'temperature', probe: 1, ts: acked.timestamps[0], value: 6.5 },
      ]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
