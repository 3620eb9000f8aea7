import type { ParamSetting } from '@coldchain/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEVICES } from '../ingest/demo-devices.ts';
import { seedDemoWaybills } from '../modules/waybills/demo-waybills.ts';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';
import { DEMO_HISTORY_DAYS } from './demo-history.ts';
import { DEMO_ASSET, DEMO_ORGANIZATION, DEMO_PROJECT, DEMO_USER_ROLE } from './demo-organization.ts';
import { seedLivingDemo } from './living-demo.ts';

const DAY_MS = 86_400_000;
const guid = (profile: string, nth = 0) => DEMO_DEVICES.filter((d) => d.profile === profile)[nth]?.guid ?? '';

describe('living demo', () => {
  let t: TestApp;
  let firstSeedMs = 0;
  const counts = async () => {
    const db = t.app.ctx.db;
    const n = async (
      table: 'reading' | 'alarmMessage' | 'organization' | 'project' | 'asset' | 'waybill' | 'role',
    ) =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    return {
      readings: await n('reading'),
      alarms: await n('alarmMessage'),
      organizations: await n('organization'),
      projects: await n('project'),
      assets: await n('asset'),
      waybills: await n('waybill'),
      roles: await n('role'),
    };
  };
  const deviceId = async (deviceGuid: string) =>
    (
      await t.app.ctx.db
        .selectFrom('device')
        .select('id')
        .where('deviceGuid', '=', deviceGuid)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    const began = Date.now();
    expect(await seedLivingDemo(t.app)).toMatch(/demo-fleet\.json$/);
    firstSeedMs = Date.now() - began;
  }, 180_000);
  afterAll(() => t.close());

  it('gives every demo device a week of history quickly', async () => {
    // Measured 4 s on SQLite and 7 s on PostgreSQL with both cores of the test machine busy; the
    // bound catches a seed that stores readings one by one, not a busy machine.
    expect(firstSeedMs).toBeLessThan(30_000);
    const now = Date.now();
    for (const demo of DEMO_DEVICES) {
      const span = await t.app.ctx.db
        .selectFrom('reading')
        .select([
          sql<number>`min(ts)`.as('first'),
          sql<number>`max(ts)`.as('last'),
          sql<number>`count(*)`.as('n'),
        ])
        .where('deviceId', '=', await deviceId(demo.guid))
        .where('channel', '=', 101)
        .executeTakeFirstOrThrow();
      expect(Number(span.last) - Number(span.first)).toBeGreaterThanOrEqual(
        DEMO_HISTORY_DAYS * DAY_MS - 600_000,
      );
      expect(now - Number(span.last)).toBeLessThan(15 * 60_000);
      // One reading every five minutes, none missing (the outage was sent afterwards).
      expect(Number(span.n)).toBe(DEMO_HISTORY_DAYS * 288 + 1);
    }
    const defrosts = await t.app.ctx.db
      .selectFrom('deviceEvent')
      .select(sql<number>`count(*)`.as('n'))
      .where('deviceId', '=', await deviceId(guid('coldRoom')))
      .where('type', '=', 'defrost')
      .executeTakeFirstOrThrow();
    // A defrost an hour, each with a start and an end.
    expect(Number(defrosts.n)).toBeGreaterThan(DEMO_HISTORY_DAYS * 24);
  });

  it('raised and cleared an alarm for the freezer overnight, and for the door of cold room A, all seen', async () => {
    const alarms = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select(['deviceId', 'cause', 'startTime', 'endTime', 'newFlag', 'messageType'])
      .where('cause', 'is not', null)
      .where('messageType', '!=', 'clearedAlarm')
      .execute();
    const freezer = alarms.filter((a) => a.cause === 'high');
    expect(freezer).toHaveLength(1);
    const [excursion] = freezer;
    expect(excursion?.deviceId).toBe(await deviceId(guid('freezer')));
    // 01:40-03:10 in the device's zone (UTC+8) is 17:40-19:10 UTC; the alarm follows the temperature.
    const started = new Date(excursion?.startTime ?? '');
    const ended = new Date(excursion?.endTime ?? '');
    expect(started.getUTCHours()).toBeGreaterThanOrEqual(17);
    expect(ended.getTime() - started.getTime()).toBeGreaterThan(60 * 60_000);
    expect(ended.getTime() - started.getTime()).toBeLessThan(3 * 60 * 60_000);
    const door = alarms.filter((a) => a.cause === 'door');
    expect(door).toHaveLength(1);
    expect(door[0]?.deviceId).toBe(await deviceId(guid('coldRoom')));
    expect(door[0]?.endTime).not.toBeNull();
    expect(alarms.every((a) => a.newFlag === 0)).toBe(true);
    expect(alarms).toHaveLength(2);
  });

  it('groups the fleet into an organization of both demo users, a project and an asset', async () => {
    const db = t.app.ctx.db;
    const org = await db
      .selectFrom('organization')
      .select('id')
      .where('name', '=', DEMO_ORGANIZATION)
      .executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('organizationMember')
      .innerJoin('account', 'account.id', 'organizationMember.accountId')
      .select('account.userName')
      .where('organizationId', '=', org.id)
      .orderBy('account.userName')
      .execute();
    expect(members.map((m) => m.userName)).toEqual(['demo_operator', 'demo_user']);
    const orgDevices = await db
      .selectFrom('device')
      .select('deviceGuid')
      .where('organizationId', '=', org.id)
      .execute();
    expect(orgDevices.map((d) => d.deviceGuid).sort()).toEqual([
      guid('coldRoom'),
      guid('coldRoom', 1),
      guid('freezer'),
    ]);

    const token = await login(t.app, 'demo_user');
    const projects = await call<{ data: { projectName: string; counts: { total: number } }[] }>(
      t.app,
      'POST',
      '/api/base/BaseProject/list',
      { token, body: { start: 1, pageSize: 10 } },
    );
    expect(projects.data.data.map((p) => [p.projectName, p.counts.total])).toEqual([
      [DEMO_PROJECT, DEMO_DEVICES.length],
    ]);
    const inProject = await db.selectFrom('device').select('id').where('projectId', 'is not', null).execute();
    expect(inProject).toHaveLength(DEMO_DEVICES.length);
    const assets = await db
      .selectFrom('asset')
      .innerJoin('assetDevice', 'assetDevice.assetId', 'asset.id')
      .select('asset.combName')
      .execute();
    expect(assets.map((a) => a.combName)).toEqual([DEMO_ASSET, DEMO_ASSET, DEMO_ASSET]);

    // demo_user opens the cloud-chain scene (scene 2).
    const info = await call<{ baseSceneList: { sceneType: number }[] }>(
      t.app,
      'GET',
      '/api/base/BaseAccount/accountInfo',
      { token },
    );
    expect(info.data.baseSceneList.map((s) => s.sceneType)).toEqual([1, 2]);
    const role = await db
      .selectFrom('account')
      .select('roleCode')
      .where('userName', '=', 'demo_user')
      .executeTakeFirstOrThrow();
    expect(role.roleCode).toBe(DEMO_USER_ROLE);
  });

  it('gives the demo logger probe parameters, so each device has probe limits to edit', async () => {
    const token = await login(t.app, 'demo_user');
    const id = await deviceId(guid('coldRoom'));
    const setting = await call<ParamSetting>(t.app, 'GET', `/api/device/Device/getParamSetting?id=${id}`, {
      token,
    });
    expect(setting.code).toBe(0);
    expect(setting.data.probes.map((p) => [p.probeId, p.lowerLimit, p.upperLimit])).toEqual([
      [1, 2, 8],
      [2, 2, 8],
      [3, 30, 95],
    ]);
    const updated = await call<ParamSetting>(t.app, 'PUT', '/api/device/Device/updateParamSetting', {
      token,
      body: { id, probes: [{ probeId: 1, lowerLimit: 1, upperLimit: 7 }] },
    });
    expect(updated.code).toBe(0);
    expect(updated.data.probes.find((p) => p.probeId === 1)).toMatchObject({ lowerLimit: 1, upperLimit: 7 });
  });

  it('adds nothing on a second start, and the next demo waybill once the last one ended', async () => {
    const before = await counts();
    expect(before.waybills).toBe(1);
    await seedLivingDemo(t.app);
    expect(await counts()).toEqual(before);
    // The user's limit change stays.
    const kept = await t.app.ctx.db
      .selectFrom('deviceProbeSetting')
      .select('upperLimit')
      .where('deviceId', '=', await deviceId(guid('coldRoom')))
      .where('probeId', '=', 1)
      .executeTakeFirstOrThrow();
    expect(kept.upperLimit).toBe(7);

    await t.app.ctx.db
      .updateTable('waybill')
      .set({ waybillState: 2 })
      .where('orderNum', '=', 'DEMO-0001')
      .execute();
    expect(await seedDemoWaybills(t.app.ctx)).toBe(true);
    expect(await seedDemoWaybills(t.app.ctx)).toBe(true);
    const orders = await t.app.ctx.db
      .selectFrom('waybill')
      .select(['orderNum', 'waybillState'])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { orderNum: 'DEMO-0001', waybillState: 2 },
      { orderNum: 'DEMO-0002', waybillState: 0 },
    ]);
  });
});
