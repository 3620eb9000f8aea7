import type {
  AlarmMessage,
  DeviceDetail,
  DeviceRow,
  OperationLog,
  PageResponse,
  Platform,
  PushRecord,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { nextGuid, publishedType, signedIn } from './test-support.ts';

const DEVICE = '/api/device/Device';
const HOST_B = 'platform-view-b.example.com';
type Caller = { id: number; userName: string; token: string; host?: string };

/**
 * The operator's platform view: the back office's lists read every account of the operator's
 * platform, the console stays the operator's own, and opening a customer's device is a logged
 * back-office act.
 */
describe('the operator’s platform view', () => {
  let t: TestApp;
  let typeId: number;
  let operator: Caller;
  let operatorB: Caller;
  let customer: Caller;
  let customerB: Caller;
  let device: DeviceDetail;
  let deviceB: DeviceDetail;
  let alarmId: number;
  let alarmBId: number;
  let platformBId: number;

  const as = (who: Caller) => ({ token: who.token, ...(who.host ? { host: who.host } : {}) });
  const insertDevice = async (who: Caller, deviceName: string) => {
    const answer = await call<DeviceDetail>(t.app, 'POST', `${DEVICE}/insert`, {
      ...as(who),
      body: { deviceGuid: nextGuid(), deviceName, deviceTypeId: typeId, timeZone: 'Europe/Berlin' },
    });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  };
  const alarmOn = async (on: DeviceDetail, accountId: number, platformId: number) =>
    (
      await t.app.ctx.db
        .insertInto('alarmMessage')
        .values({
          platformId,
          accountId,
          deviceId: on.id,
          messageType: 'temperatureHigh',
          state: 'untreated',
          newFlag: 1,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const alarmIds = async (who: Caller, path: 'page' | 'sysPage') => {
    const answer = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `/api/device/alarm/${path}`, {
      ...as(who),
      body: { start: 1, pageSize: 100 },
    });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data.data.map((m) => m.id);
  };
  const views = (deviceId: number) =>
    t.app.ctx.db
      .selectFrom('operationLog')
      .select(['accountName', 'newValue'])
      .where('action', '=', 'device.backOfficeView')
      .where('entityId', '=', String(deviceId))
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    const demoOperator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, demoOperator)).type.id;
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: demoOperator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    expect(platformB.code, platformB.msg).toBe(0);
    platformBId = platformB.data.id;
    operator = await signedIn(t.app, { roleCode: 'operator' });
    customer = await signedIn(t.app);
    operatorB = {
      ...(await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host: HOST_B })),
      host: HOST_B,
    };
    customerB = {
      ...(await signedIn(t.app, { platformId: platformB.data.id, host: HOST_B })),
      host: HOST_B,
    };
    device = await insertDevice(customer, 'Customer fridge');
    deviceB = await insertDevice(customerB, 'Tenant B fridge');
    alarmId = await alarmOn(device, customer.id, 1);
    alarmBId = await alarmOn(deviceB, customerB.id, platformB.data.id);
  });
  afterAll(async () => t.close());

  it('lists every account’s alarms in the back office, and keeps the console list the operator’s own', async () => {
    expect(await alarmIds(operator, 'sysPage')).toContain(alarmId);
    expect(await alarmIds(operator, 'page')).not.toContain(alarmId);
    expect(await alarmIds(customer, 'page')).toContain(alarmId);
  });

  it('keeps an operator of another platform to its own platform’s alarms', async () => {
    const seen = await alarmIds(operatorB, 'sysPage');
    expect(seen).toContain(alarmBId);
    expect(seen).not.toContain(alarmId);
  });

  it('refuses the back-office lists to a personal user and an organization member', async () => {
    const member = await signedIn(t.app, { roleCode: 'organizationMember' });
    for (const who of [customer, member]) {
      for (const url of ['/api/device/alarm/sysPage', `${DEVICE}/sysPage`, '/api/device/PushRecord/page']) {
        const answer = await call(t.app, 'POST', url, { ...as(who), body: { start: 1, pageSize: 10 } });
        expect(answer.status, url).toBe(403);
      }
    }
  });

  it('lists the platform’s devices and push records in the back office, and no other platform’s', async () => {
    const page = async (who: Caller) =>
      (
        await call<PageResponse<DeviceRow>>(t.app, 'POST', `${DEVICE}/sysPage`, {
          ...as(who),
          body: { start: 1, pageSize: 100, deviceName: 'fridge' },
        })
      ).data.data.map((d) => d.id);
    expect(await page(operator)).toContain(device.id);
    expect(await page(operatorB)).toEqual([deviceB.id]);
    const consoleList = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${DEVICE}/page`, {
      ...as(operator),
      body: { start: 1, pageSize: 100, deviceName: 'fridge' },
    });
    expect(consoleList.data.totalCount).toBe(0);

    for (const [on, accountId, platformId] of [
      [device, customer.id, 1],
      [deviceB, customerB.id, platformBId],
    ] as const)
      await t.app.ctx.db
        .insertInto('pushRecord')
        .values({
          platformId,
          accountId,
          deviceId: on.id,
          channel: 'email',
          target: `owner-${on.id}@example.com`,
          content: 'Too warm',
          status: 'sent',
          provider: 'smtp',
          attempt: 1,
          createdAt: new Date().toISOString(),
        })
        .execute();
    const records = async (who: Caller) =>
      (
        await call<PageResponse<PushRecord>>(t.app, 'POST', '/api/device/PushRecord/page', {
          ...as(who),
          body: { start: 1, pageSize: 100 },
        })
      ).data.data.map((r) => r.target);
    expect(await records(operator)).toContain(`owner-${device.id}@example.com`);
    expect(await records(operatorB)).toEqual([`owner-${deviceB.id}@example.com`]);
  });

  it('lets an operator open a customer’s device and its history, and logs each such view', async () => {
    const detail = await call<DeviceDetail>(t.app, 'GET', `${DEVICE}/detail`, {
      ...as(operator),
      query: { id: String(device.id) },
    });
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data.deviceName).toBe('Customer fridge');
    const now = Date.now();
    const chart = await call(t.app, 'POST', '/api/device/DeviceData/chart', {
      ...as(operator),
      body: { deviceId: device.id, startTime: now - 3_600_000, endTime: now },
    });
    expect(chart.code, chart.msg).toBe(0);

    const logged = await views(device.id);
    expect(logged.map((l) => l.accountName)).toEqual([operator.userName, operator.userName]);
    expect(logged.map((l) => JSON.parse(String(l.newValue)))).toEqual([
      {
        deviceName: 'Customer fridge',
        deviceGuid: device.deviceGuid,
        ownerAccountId: customer.id,
        part: 'detail',
      },
      {
        deviceName: 'Customer fridge',
        deviceGuid: device.deviceGuid,
        ownerAccountId: customer.id,
        part: 'history',
      },
    ]);
    const log = await call<PageResponse<OperationLog>>(t.app, 'POST', '/api/base/BaseOperationLog/page', {
      ...as(operator),
      body: { start: 1, pageSize: 10, entityType: 'device', entityId: String(device.id) },
      locale: 'en-US',
    });
    expect(log.code, log.msg).toBe(0);
    const names = log.data.data.filter((e) => e.action === 'device.backOfficeView').map((e) => e.actionName);
    expect(names).toEqual([
      'Customer device viewed from the back office',
      'Customer device viewed from the back office',
    ]);
  });

  it('does not log the owner reading its own device', async () => {
    const before = (await views(device.id)).length;
    const own = await call(t.app, 'GET', `${DEVICE}/detail`, {
      ...as(customer),
      query: { id: String(device.id) },
    });
    expect(own.code, own.msg).toBe(0);
    expect(await views(device.id)).toHaveLength(before);
  });

  it('answers "device not found" without a back-office key or on another platform, and logs nothing', async () => {
    const dealer = await signedIn(t.app, { roleCode: 'dealer' });
    const stranger = await signedIn(t.app);
    const before = (await views(device.id)).length;
    for (const who of [dealer, stranger, operatorB]) {
      const answer = await call(t.app, 'GET', `${DEVICE}/detail`, {
        ...as(who),
        query: { id: String(device.id) },
        locale: 'en-US',
      });
      expect(answer.code, who.userName).not.toBe(0);
      const missing = await call(t.app, 'GET', `${DEVICE}/detail`, {
        ...as(who),
        query: { id: '99999999' },
        locale: 'en-US',
      });
      expect([answer.status, answer.code, answer.msg]).toEqual([missing.status, missing.code, missing.msg]);
    }
    expect(await views(device.id)).toHaveLength(before);
  });
});
