import assert from 'node:assert/strict';
import { MqttTransport } from '@coldchain/device-sim';
import type { TelemetryRecord } from '@coldchain/shared/device-protocol';
import { api, apiLogin, DEMO_OPERATOR, mqttUrl } from '../../harness.ts';

/** Set-up for the device specs: a device type users may add, devices, credentials, a simulated device. */

let made = 0;

/** A GUID no other test uses: digits only, 20 at most (002 §3). */
export function uniqueGuid(): string {
  made += 1;
  return `${Date.now()}${process.pid % 1000}${made}`.slice(0, 20);
}

/**
 * A device type a user may add: created by demo_operator, with one temperature probe (Celsius,
 * settable -40..85), released and pushed (apps/server/src/modules/devices/test-support.ts).
 */
export async function publishedType(
  baseUrl: string,
  name: string,
  typeFields: Record<string, unknown> = {},
): Promise<{ id: number; typeName: string }> {
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  made += 1;
  // Hex, at least 0x8000, at most 6 digits; unique per run.
  const typeCode = (0x100000 + ((Date.now() + made * 7919) % 0xe00000)).toString(16).toUpperCase();
  const typeName = `${name} ${typeCode}`;
  const type = await api<{ id: number }>(baseUrl, operator, 'POST', '/device/DeviceType/insert', {
    typeName,
    typeCode,
    typeScenes: [1],
    convertStatus: 1,
    addType: 0,
    ...typeFields,
  });
  assert.equal(type.code, 0, type.msg);
  const units = await api<{ id: number; unitCode: string }[]>(
    baseUrl,
    operator,
    'GET',
    '/base/BaseUnit/list',
  );
  const celsius = units.data.find((u) => u.unitCode === 'C');
  assert.ok(celsius, 'the Celsius unit exists');
  const param = await api(baseUrl, operator, 'POST', '/device/DeviceTypeParam/insert', {
    deviceTypeId: type.data.id,
    paramName: 'Temperature 1',
    paramKey: 'A1',
    paramSortNo: 1,
    vocationalWork: 1,
    probeId: 1,
    precisionUnit: 1,
    paramMin: -40,
    paramMax: 85,
    paramUnit: celsius.id,
  });
  assert.equal(param.code, 0, param.msg);
  for (const step of ['release', 'push']) {
    const done = await api(baseUrl, operator, 'PUT', `/device/DeviceType/${step}`, { id: type.data.id });
    assert.equal(done.code, 0, done.msg);
  }
  return { id: type.data.id, typeName };
}

/** Adds a device through the API as the token's account. */
export async function addDevice(
  baseUrl: string,
  token: string,
  deviceTypeId: number,
  deviceName: string,
): Promise<{ id: number; deviceGuid: string }> {
  const answer = await api<{ id: number; deviceGuid: string }>(
    baseUrl,
    token,
    'POST',
    '/device/Device/insert',
    {
      deviceGuid: uniqueGuid(),
      deviceName,
      deviceTypeId,
      timeZone: 'Asia/Shanghai',
    },
  );
  assert.equal(answer.code, 0, answer.msg);
  return answer.data;
}

/** A device of the platform speaking MQTT with its downloaded credentials (tools/device-sim). */
export async function connectDevice(
  baseUrl: string,
  token: string,
  deviceId: number,
): Promise<{ send: (records: TelemetryRecord[]) => Promise<void>; close: () => Promise<void> }> {
  const response = await fetch(`${baseUrl}/api/device/Device/credentials?id=${deviceId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200);
  const credentials = (await response.json()) as { deviceGuid: string; secret: string };
  const transport = new MqttTransport(
    mqttUrl(),
    { guid: credentials.deviceGuid, secret: credentials.secret },
    async () => ({ ok: true }),
  );
  await transport.connect();
  return { send: (records) => transport.sendTelemetry(records), close: () => transport.close() };
}

/** One reading of probe 1, now. */
export function temperature(value: number, extra: Partial<TelemetryRecord> = {}): TelemetryRecord {
  return { ts: Date.now(), values: [{ kind: 'temperature', probe: 1, value }], ...extra };
}
