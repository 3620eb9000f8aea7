import type { PushConfig, PushConfigUpdate } from '@coldchain/shared';
import type { DeviceEventPayload, TelemetryRecord } from '@coldchain/shared/device-protocol';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { call, login } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { alarmEngineOf } from './alarms.routes.ts';

/** A clock the test moves by hand (ctx.clock of the app under test). */
export class ManualClock implements Clock {
  constructor(public ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
}

export const MINUTE = 60_000;
export const at = (base: number, minutes: number) => base + minutes * MINUTE;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A signed-in user owning one device of a published type with probe 1 limited to 2..8 °C. */
export async function deviceWithLimits(app: FastifyInstance) {
  const operator = await login(app, 'demo_operator');
  const { type } = await publishedType(app, operator);
  const user = await signedIn(app);
  const device = await addDevice(app, user.token, type.id);
  const limits = await call(app, 'PUT', '/api/device/Device/updateParamSetting', {
    token: user.token,
    body: { id: device.id, probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2 }] },
  });
  if (limits.code !== 0) throw new Error(`limits not set: ${limits.msg}`);
  const secret = deviceSecret(app.ctx.deviceKey, device.deviceGuid, 0);
  const auth = `Basic ${Buffer.from(`${device.deviceGuid}:${secret}`).toString('base64')}`;
  const base = `/api/mqtt-broker/transport/service/devices/${device.deviceGuid}`;

  async function send(path: string, payload: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: `${base}/${path}`,
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    if (response.statusCode !== 200) throw new Error(`ingest refused: ${response.body}`);
    await alarmEngineOf(app).idle();
  }

  return {
    user,
    device,
    /** Sends temperature readings of probe 1 as the device would, and waits for the engine. */
    readings: (points: [ts: number, value: number][]) =>
      send('telemetry', {
        records: points.map(
          ([ts, value]): TelemetryRecord => ({ ts, values: [{ kind: 'temperature', probe: 1, value }] }),
        ),
      }),
    events: (events: DeviceEventPayload[]) => send('events', { events }),
    pushConfig: (body: PushConfigUpdate) =>
      call<PushConfig>(app, 'PUT', `/api/device/Device/pushConfig/${device.id}`, {
        token: user.token,
        body,
        locale: 'en-US',
      }),
  };
}

/** Alarm messages of a device (not delivery's system messages), oldest first. */
export function messagesOf(app: FastifyInstance, deviceId: number) {
  return app.ctx.db
    .selectFrom('alarmMessage')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .where('messageType', '<>', 'system')
    .orderBy('id')
    .execute();
}

/** Notifications the engine enqueued for a device (not delivery's fallbacks), oldest first. */
export function outboxOf(app: FastifyInstance, deviceId: number) {
  return app.ctx.db
    .selectFrom('notificationOutbox')
    .select(['alarmMessageId', 'kind', 'level', 'channel', 'recipientName', 'subject', 'body', 'dedupeKey'])
    .where('deviceId', '=', deviceId)
    .where('dedupeKey', 'like', 'alarm:%')
    .where('dedupeKey', 'not like', '%:fallback')
    .orderBy('id')
    .execute();
}
