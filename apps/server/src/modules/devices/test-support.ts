import type { DeviceDetail, DeviceType, Param } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../../test/factories.ts';
import { call, login } from '../../test/harness.ts';

/** Helpers for the device tests: a published type with a temperature probe, accounts and devices. */

let typeCounter = 0;
let guidCounter = 0;

/** A GUID no other test process uses: the pid keeps parallel test files apart on one PostgreSQL. */
export function nextGuid(): string {
  guidCounter += 1;
  return `${process.pid % 100_000}${String(guidCounter).padStart(6, '0')}`;
}

export function nextTypeCode(): string {
  typeCounter += 1;
  return (0x8000 + ((process.pid * 97 + typeCounter * 7919) % 0x7f0000)).toString(16).toUpperCase();
}

export async function celsiusId(app: FastifyInstance): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('baseUnit')
    .select('id')
    .where('unitCode', '=', 'C')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A device type users can add: published and pushed, converting units, with one temperature probe
 * (probe 1, Celsius, settable -40..85, 1 decimal) unless told otherwise.
 */
export async function publishedType(
  app: FastifyInstance,
  operator: string,
  options: { typeScenes?: number[]; probes?: number; push?: boolean; addType?: number } = {},
): Promise<{ type: DeviceType; params: Param[] }> {
  const created = await call<DeviceType>(app, 'POST', '/api/device/DeviceType/insert', {
    token: operator,
    body: {
      typeName: `Logger ${typeCounter + 1}`,
      typeCode: nextTypeCode(),
      typeScenes: options.typeScenes ?? [1],
      convertStatus: 1,
      addType: options.addType ?? 0,
    },
  });
  if (created.code !== 0) throw new Error(`type insert failed: ${created.msg}`);
  const unit = await celsiusId(app);
  const params: Param[] = [];
  for (let probe = 1; probe <= (options.probes ?? 1); probe += 1) {
    const param = await call<Param>(app, 'POST', '/api/device/DeviceTypeParam/insert', {
      token: operator,
      body: {
        deviceTypeId: created.data.id,
        paramName: `Temperature ${probe}`,
        paramKey: `A${probe}`,
        paramSortNo: probe,
        vocationalWork: 1,
        probeId: probe,
        precisionUnit: 1,
        paramMin: -40,
        paramMax: 85,
        paramUnit: unit,
      },
    });
    if (param.code !== 0) throw new Error(`param insert failed: ${param.msg}`);
    params.push(param.data);
  }
  await call(app, 'PUT', '/api/device/DeviceType/release', {
    token: operator,
    body: { id: created.data.id },
  });
  if (options.push !== false)
    await call(app, 'PUT', '/api/device/DeviceType/push', { token: operator, body: { id: created.data.id } });
  const type = await call<DeviceType>(app, 'GET', '/api/device/DeviceType/detail', {
    token: operator,
    query: { id: String(created.data.id) },
  });
  return { type: type.data, params };
}

/** A new account of a role, signed in. */
export async function signedIn(
  app: FastifyInstance,
  options: Parameters<typeof createAccount>[1] & { host?: string } = {},
): Promise<{ id: number; userName: string; token: string }> {
  const { host, ...rest } = options;
  const { account, password } = await createAccount(app, rest);
  const token = await login(app, account.userName, password, host);
  return { id: account.id, userName: account.userName, token };
}

export async function addDevice(
  app: FastifyInstance,
  token: string,
  deviceTypeId: number,
  body: Record<string, unknown> = {},
): Promise<DeviceDetail> {
  const answer = await call<DeviceDetail>(app, 'POST', '/api/device/Device/insert', {
    token,
    body: {
      deviceGuid: nextGuid(),
      deviceName: 'Freezer A',
      deviceTypeId,
      timeZone: 'Asia/Shanghai',
      ...body,
    },
  });
  if (answer.code !== 0) throw new Error(`device insert failed: ${answer.msg}`);
  return answer.data;
}
