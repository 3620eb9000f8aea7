import type { DeviceDetail, GeofenceArea, WaybillDetail } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { type Answer, call } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';

/** Helpers for the waybill tests: devices whose type starts waybills from the platform, fences, waybills. */

export const WAYBILL = '/api/device/DeviceWaybillInfo';
export const FENCE = '/api/device/DeviceFenceModel';
export const QUICK = '/api/device/QuickSearch';

export interface WaybillWorld {
  operator: { token: string };
  /** A type whose waybills the platform starts (waybillStatus 1) and one that starts only at the device. */
  typeId: number;
  deviceOnlyTypeId: number;
}

export async function waybillWorld(app: FastifyInstance): Promise<WaybillWorld> {
  const operator = await signedIn(app, { roleCode: 'operator' });
  const { type } = await publishedType(app, operator.token);
  const { type: deviceOnly } = await publishedType(app, operator.token);
  await app.ctx.db.updateTable('deviceType').set({ waybillStatus: 1 }).where('id', '=', type.id).execute();
  await app.ctx.db
    .updateTable('deviceType')
    .set({ waybillStatus: 0 })
    .where('id', '=', deviceOnly.id)
    .execute();
  return { operator, typeId: type.id, deviceOnlyTypeId: deviceOnly.id };
}

/** A signed-in user with a device of the given type (online unless told otherwise). */
export async function userWithDevice(
  app: FastifyInstance,
  typeId: number,
  options: { status?: string } = {},
): Promise<{ token: string; id: number; device: DeviceDetail & { secret: string } }> {
  const user = await signedIn(app);
  const device = await addDevice(app, user.token, typeId, { timeZone: 'Asia/Shanghai' });
  await app.ctx.db
    .updateTable('device')
    .set({ status: options.status ?? 'online' })
    .where('id', '=', device.id)
    .execute();
  const row = await app.ctx.db
    .selectFrom('device')
    .select('credentialRotation')
    .where('id', '=', device.id)
    .executeTakeFirstOrThrow();
  return {
    token: user.token,
    id: user.id,
    device: { ...device, secret: deviceSecret(app.ctx.deviceKey, device.deviceGuid, row.credentialRotation) },
  };
}

export function waybillBody(deviceId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderNum: `SO${Date.now() % 1_000_000_000}${Math.floor(Math.random() * 1000)}`.slice(0, 20),
    goodsName: 'Vaccines',
    expressNumber: 'SF123,JD-456',
    coolerCode: 'BOX-7',
    deviceId,
    upperLimit: 8,
    lowerLimit: 2,
    deliveryMan: 'Wang Wei',
    deliveryPhone: '13800138000',
    deliveryCompany: 'North Pharma',
    deliveryAddress: 'Dock 3, Shanghai',
    receiverMan: 'Li Na',
    receiverPhone: '13900139000',
    receiverCompany: 'City Hospital',
    receiverAddress: 'Ward 2, Hangzhou',
    contacts: [{ name: 'Duty desk', phone: '13700137000', email: 'duty@example.com' }],
    ...extra,
  };
}

export async function insertWaybill(
  app: FastifyInstance,
  token: string,
  deviceId: number,
  extra: Record<string, unknown> = {},
): Promise<WaybillDetail> {
  const answer = await call<WaybillDetail>(app, 'POST', `${WAYBILL}/insert`, {
    token,
    body: waybillBody(deviceId, extra),
  });
  if (answer.code !== 0) throw new Error(`waybill insert failed: ${answer.msg}`);
  return answer.data;
}

export function changeState(
  app: FastifyInstance,
  token: string,
  body: { id: number; action: 'start' | 'stop' | 'receive'; confirm?: 0 | 1; receiverMan?: string },
): Promise<Answer<WaybillDetail>> {
  return call<WaybillDetail>(app, 'POST', `${WAYBILL}/changeState`, { token, body, locale: 'en-US' });
}

export async function insertFence(
  app: FastifyInstance,
  token: string,
  name: string,
  areas: GeofenceArea[],
): Promise<{ id: number }> {
  const answer = await call<{ id: number }>(app, 'POST', `${FENCE}/insert`, { token, body: { name, areas } });
  if (answer.code !== 0) throw new Error(`fence insert failed: ${answer.msg}`);
  return answer.data;
}

/** Sends telemetry through the real HTTP ingest, as the device would. */
export async function sendTelemetry(
  app: FastifyInstance,
  device: { deviceGuid: string; secret: string },
  records: unknown[],
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/mqtt-broker/transport/service/devices/${device.deviceGuid}/telemetry`,
    headers: {
      'content-type': 'application/json',
      'x-device-guid': device.deviceGuid,
      'x-device-secret': device.secret,
    },
    payload: JSON.stringify({ records }),
  });
  if (response.statusCode !== 200) throw new Error(`ingest refused: ${response.body}`);
}
