import type { DeviceType, DeviceTypeFile, DeviceTypeOption, Param } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, celsiusId, nextTypeCode, publishedType, signedIn } from '../devices/test-support.ts';

const TYPE = '/api/device/DeviceType';
const PARAM = '/api/device/DeviceTypeParam';

function multipart(filename: string, content: Buffer) {
  const boundary = `----coldchain${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function importFile(app: FastifyInstance, token: string, filename: string, content: string) {
  const { payload, headers } = multipart(filename, Buffer.from(content));
  const response = await app.inject({
    method: 'POST',
    url: `${TYPE}/import`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
  return JSON.parse(response.body) as { code: number; msg: string; data: DeviceType };
}

describe('device types', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  it('creates, pages, updates and reads a type with every field of 002 §3', async () => {
    const series = await call<{ id: number }>(t.app, 'POST', '/api/device/DeviceSeries/insert', {
      token: operator,
      body: { seriesName: 'Cold storage S1' },
    });
    const code = nextTypeCode();
    const created = await call<DeviceType>(t.app, 'POST', `${TYPE}/insert`, {
      token: operator,
      body: {
        typeName: 'Cold room controller',
        typeCode: code.toLowerCase(),
        typeSeries: series.data.id,
        mapMode: 1,
        connectType: 2,
        energyStatus: 1,
        energyType: 2,
        phoneStatus: 1,
        autoSms: 1,
        autoEmail: 1,
        batchParamStatus: 1,
        onlineUpgradeStatus: 1,
        waybillStatus: 0,
        convertStatus: 1,
        netType: 3,
        wifiType: 1,
        nodeType: 2,
        gatewayDataStatus: 1,
        deviceImg: '/api/files/types/room.png',
        manualUrl: 'https://docs.example.com/room.pdf',
        typeDesc: 'Controller for walk-in cold rooms',
        pushParamModified: 1,
        typeScenes: [2, 1],
        addType: 2,
      },
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      typeCode: code,
      typeStatus: 0,
      pushStatus: 0,
      seriesName: 'Cold storage S1',
      typeScenes: [2, 1],
      addType: 2,
      energyType: 2,
    });
    const page = await call<{ data: DeviceType[]; totalCount: number }>(t.app, 'POST', `${TYPE}/page`, {
      token: operator,
      body: { start: 1, pageSize: 10, typeName: 'cold room' },
    });
    expect(page.data.totalCount).toBe(1);
    const updated = await call<DeviceType>(t.app, 'PUT', `${TYPE}/update`, {
      token: operator,
      body: { id: created.data.id, typeName: 'Cold room controller II', typeStatus: 1 },
    });
    expect(updated.data).toMatchObject({ typeName: 'Cold room controller II', typeStatus: 1 });
    const log = await t.app.ctx.db
      .selectFrom('operationLog')
      .select(['action', 'entityId'])
      .where('entityType', '=', 'deviceType')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['deviceType.insert', 'deviceType.update']);
  });

  it('releases, pushes and unpushes; only a published type can be pushed or added by users', async () => {
    const created = await call<DeviceType>(t.app, 'POST', `${TYPE}/insert`, {
      token: operator,
      body: { typeName: 'Freezer logger', typeCode: nextTypeCode(), typeScenes: [3] },
    });
    const id = created.data.id;
    const early = await call(t.app, 'PUT', `${TYPE}/push`, {
      token: operator,
      body: { id },
      locale: 'en-US',
    });
    expect(early.code).toBe(4107);
    expect(early.msg).toBe('Only a published device type can be pushed');
    const user = await signedIn(t.app);
    const options = async () =>
      (await call<DeviceTypeOption[]>(t.app, 'GET', `${TYPE}/options`, { token: user.token })).data.map(
        (o) => o.id,
      );
    expect(await options()).not.toContain(id);
    const released = await call<DeviceType>(t.app, 'PUT', `${TYPE}/release`, {
      token: operator,
      body: { id },
    });
    expect(released.data.typeStatus).toBe(2);
    const pushed = await call<DeviceType>(t.app, 'PUT', `${TYPE}/push`, { token: operator, body: { id } });
    expect(pushed.data.pushStatus).toBe(1);
    expect(await options()).toContain(id);
    const refused = await call(t.app, 'POST', '/api/device/Device/insert', {
      token: user.token,
      body: {
        deviceGuid: '99000001',
        deviceName: 'x',
        deviceTypeId: created.data.id - 1000,
        timeZone: 'UTC',
      },
      locale: 'en-US',
    });
    expect(refused.code).toBe(1001);
    const unpushed = await call<DeviceType>(t.app, 'PUT', `${TYPE}/unpush`, {
      token: operator,
      body: { id },
    });
    expect(unpushed.data.pushStatus).toBe(0);
    expect(await options()).not.toContain(id);
    const unavailable = await call(t.app, 'POST', '/api/device/Device/insert', {
      token: user.token,
      body: { deviceGuid: '99000002', deviceName: 'Freezer', deviceTypeId: id, timeZone: 'UTC' },
    });
    expect(unavailable.code).toBe(4108);
    // Back to testing withdraws a pushed type.
    await call(t.app, 'PUT', `${TYPE}/push`, { token: operator, body: { id } });
    const back = await call<DeviceType>(t.app, 'PUT', `${TYPE}/update`, {
      token: operator,
      body: { id, typeStatus: 1 },
    });
    expect(back.data).toMatchObject({ typeStatus: 1, pushStatus: 0 });
  });

  it('refuses app-only types on the platform', async () => {
    const { type } = await publishedType(t.app, operator, { addType: 1 });
    const user = await signedIn(t.app);
    const answer = await call(t.app, 'POST', '/api/device/Device/insert', {
      token: user.token,
      body: { deviceGuid: '99000003', deviceName: 'App only', deviceTypeId: type.id, timeZone: 'UTC' },
      locale: 'en-US',
    });
    expect(answer.code).toBe(4109);
    expect(answer.msg).toBe('Devices of this type can only be added in the app');
  });

  it('validates every field with a message naming it, and stores nothing on failure', async () => {
    const ok = { typeName: 'Valid', typeScenes: [1] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, typeName: 'X', typeCode: 'A000' }, 'Type name: must be at least 2 characters'],
      [{ ...ok, typeName: 'x'.repeat(51), typeCode: 'A000' }, 'Type name: must be at most 50 characters'],
      [
        { ...ok, typeCode: 'ZZ12' },
        'Type code: must be a hexadecimal number of at most 6 digits, at least 8000',
      ],
      [
        { ...ok, typeCode: '7FFF' },
        'Type code: must be a hexadecimal number of at most 6 digits, at least 8000',
      ],
      [
        { ...ok, typeCode: '1000000' },
        'Type code: must be a hexadecimal number of at most 6 digits, at least 8000',
      ],
      [{ ...ok }, 'Type code: is required'],
      [
        { ...ok, typeCode: 'A000', typeDesc: 'd'.repeat(121) },
        'Type description: must be at most 120 characters',
      ],
      [{ ...ok, typeCode: 'A000', typeScenes: [] }, 'Scenes: needs at least 1 items'],
      [{ ...ok, typeCode: 'A000', typeScenes: [4] }, 'Scenes: must be one of: 1, 2, 3'],
      [{ ...ok, typeCode: 'A000', typeScenes: [1, 1] }, 'Scenes: contains duplicates'],
      [{ ...ok, typeCode: 'A000', addType: 3 }, 'Where to add: must be one of: 0, 1, 2'],
      [{ ...ok, typeCode: 'A000', typeStatus: 2 }, 'Type status: must be one of: 0, 1'],
      [{ ...ok, typeCode: 'A000', manualUrl: 'manual.pdf' }, 'Manual: must be a web address or a path'],
      [{ ...ok, typeCode: 'A000', energyType: 3 }, 'Energy type: must be one of: 1, 2'],
      [{ ...ok, typeCode: 'A000', typeSeries: 999999 }, 'Series: does not exist'],
      [
        { ...ok, typeCode: 'A000', energyParamId: 1 },
        'Energy parameter: must name another parameter of the same device type',
      ],
      [{ ...ok, typeCode: 'A000', pushStatus: 1 }, 'Push status: is not an accepted field'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, 'POST', `${TYPE}/insert`, { token: operator, body, locale: 'en-US' });
      expect(answer.status, message).toBe(200);
      expect(answer.code, message).toBe(1001);
      expect(answer.msg).toBe(message);
    }
    const stored = await t.app.ctx.db
      .selectFrom('deviceType')
      .select('id')
      .where('typeCode', '=', 'A000')
      .execute();
    expect(stored).toEqual([]);
    const code = nextTypeCode();
    await call(t.app, 'POST', `${TYPE}/insert`, { token: operator, body: { ...ok, typeCode: code } });
    const taken = await call(t.app, 'POST', `${TYPE}/insert`, {
      token: operator,
      body: { ...ok, typeCode: `00${code}`.slice(-6) },
      locale: 'en-US',
    });
    expect(taken.code).toBe(4104);
  });

  it('refuses to delete a type with devices, deletes one without along with its parameters', async () => {
    const { type } = await publishedType(t.app, operator);
    const user = await signedIn(t.app);
    await addDevice(t.app, user.token, type.id);
    const inUse = await call(t.app, 'DELETE', `${TYPE}/delete`, {
      token: operator,
      query: { id: String(type.id) },
      locale: 'en-US',
    });
    expect(inUse.code).toBe(4103);
    expect(inUse.msg).toBe('Device type is still in use and cannot be deleted');
    const spare = await publishedType(t.app, operator);
    const removed = await call(t.app, 'DELETE', `${TYPE}/delete`, {
      token: operator,
      query: { id: String(spare.type.id) },
    });
    expect(removed.code).toBe(0);
    const params = await t.app.ctx.db
      .selectFrom('deviceTypeParam')
      .select('id')
      .where('deviceTypeId', '=', spare.type.id)
      .execute();
    expect(params).toEqual([]);
  });

  it('exports a type with its parameters as JSON and imports it as a new type to be tested', async () => {
    const { type, params } = await publishedType(t.app, operator, { probes: 2 });
    const combined = await call<Param[]>(t.app, 'POST', `${PARAM}/combine`, {
      token: operator,
      body: { ids: params.map((p) => p.id) },
    });
    expect(combined.code).toBe(0);
    const humidity = await call<Param>(t.app, 'POST', `${PARAM}/insert`, {
      token: operator,
      body: {
        deviceTypeId: type.id,
        paramName: 'Door',
        paramKey: 'B1',
        paramSortNo: 3,
        precisionUnit: 0,
        valueRange: [
          { value: '0', text: 'closed' },
          { value: '1', text: 'open' },
        ],
        paramMinType: 1,
        paramMinRefId: params[0]?.id,
        refParamExpression: 'X*10',
      },
    });
    expect(humidity.code).toBe(0);
    await call(t.app, 'PUT', `${TYPE}/update`, {
      token: operator,
      body: { id: type.id, energyParamId: humidity.data.id },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `${TYPE}/export?id=${type.id}`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toContain(`device-type-${type.typeCode}.json`);
    const file = JSON.parse(response.body) as DeviceTypeFile;
    expect(file.format).toBe('coldchain.deviceType');
    expect(file.params).toHaveLength(3);
    expect(file.params[2]).toMatchObject({ paramKey: 'B1', paramMinRefKey: 'A1', paramUnitCode: null });
    expect(file.params[0]).toMatchObject({ paramUnitCode: 'C', combineKey: 'A1' });
    expect(file.deviceType.energyParamKey).toBe('B1');

    const same = await importFile(t.app, operator, 'type.json', response.body);
    expect(same.code).toBe(4104);
    const code = nextTypeCode();
    const copy = { ...file, deviceType: { ...file.deviceType, typeCode: code, typeName: 'Imported logger' } };
    const imported = await importFile(t.app, operator, 'type.json', JSON.stringify(copy));
    expect(imported.code).toBe(0);
    expect(imported.data).toMatchObject({
      typeCode: code,
      typeStatus: 0,
      pushStatus: 0,
      typeName: 'Imported logger',
    });
    const list = await call<Param[]>(t.app, 'GET', `${PARAM}/list`, {
      token: operator,
      query: { deviceTypeId: String(imported.data.id) },
    });
    const [a1, a2, b1] = list.data;
    expect(list.data).toHaveLength(3);
    expect(a1?.combineGroup).toBe(a1?.id);
    expect(a2?.combineGroup).toBe(a1?.id);
    expect(b1).toMatchObject({
      paramMinRefId: a1?.id,
      valueRange: [
        { value: '0', text: 'closed' },
        { value: '1', text: 'open' },
      ],
    });
    expect(imported.data.energyParamId).toBe(b1?.id);
    expect(a1?.paramUnit).toBe(await celsiusId(t.app));
  });

  it('refuses files that are not a device type export, naming what is wrong', async () => {
    const wrongType = await importFile(t.app, operator, 'type.txt', '{}');
    expect(wrongType.code).toBe(1103);
    expect(wrongType.msg).toBe('Only JSON files are allowed');
    const notJson = await importFile(t.app, operator, 'type.json', '{not json');
    expect(notJson.code).toBe(1101);
    const base = {
      format: 'coldchain.deviceType',
      version: 1,
      deviceType: { typeName: 'Broken', typeCode: nextTypeCode(), typeScenes: [1] },
      params: [] as unknown[],
    };
    const badName = await importFile(
      t.app,
      operator,
      'type.json',
      JSON.stringify({ ...base, deviceType: { ...base.deviceType, typeName: 'B' } }),
    );
    expect(badName.code).toBe(1001);
    expect(badName.msg).toBe('Type name: must be at least 2 characters');
    const param = { paramName: 'T', paramKey: 'A1', paramSortNo: 1, precisionUnit: 1 };
    const badUnit = await importFile(
      t.app,
      operator,
      'type.json',
      JSON.stringify({ ...base, params: [{ ...param, paramUnitCode: 'K' }] }),
    );
    expect(badUnit.msg).toBe('Unit: does not exist');
    const badRef = await importFile(
      t.app,
      operator,
      'type.json',
      JSON.stringify({ ...base, params: [{ ...param, refParamKey: 'FF' }] }),
    );
    expect(badRef.msg).toBe('Reference parameter: must name another parameter of the same device type');
    const badPrecision = await importFile(
      t.app,
      operator,
      'type.json',
      JSON.stringify({ ...base, params: [{ ...param, viewPrecisionUnit: 2 }] }),
    );
    expect(badPrecision.msg).toBe('Display precision: must not exceed the transmission precision');
    const loneCombination = await importFile(
      t.app,
      operator,
      'type.json',
      JSON.stringify({ ...base, params: [{ ...param, vocationalWork: 1, probeId: 1, combineKey: 'A1' }] }),
    );
    expect(loneCombination.code).toBe(4110);
    const stored = await t.app.ctx.db
      .selectFrom('deviceType')
      .select('id')
      .where('typeName', '=', 'Broken')
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps the product catalogue to operators', async () => {
    const user = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
    for (const [method, path, body] of [
      ['POST', `${TYPE}/page`, {}],
      ['POST', `${TYPE}/insert`, { typeName: 'Evil', typeCode: 'ABCD', typeScenes: [1] }],
      ['PUT', `${TYPE}/update`, { id: 1, typeName: 'Evil' }],
      ['PUT', `${TYPE}/release`, { id: 1 }],
      ['PUT', `${TYPE}/push`, { id: 1 }],
      ['POST', `${PARAM}/insert`, { deviceTypeId: 1 }],
      ['POST', '/api/base/BaseUnit/insert', {}],
      ['POST', '/api/device/DeviceModel/insert', {}],
      ['POST', '/api/device/DeviceSeries/insert', {}],
    ] as const) {
      const answer = await call(t.app, method, path, { token: user.token, body });
      expect(answer.status, path).toBe(403);
    }
    const exported = await call(t.app, 'GET', `${TYPE}/export`, { token: user.token, query: { id: '1' } });
    expect(exported.status).toBe(403);
  });
});
