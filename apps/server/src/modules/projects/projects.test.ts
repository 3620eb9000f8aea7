import type { DeviceRow, PageResponse, Project } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';

const PROJECT = '/api/base/BaseProject';

describe('projects', () => {
  let t: TestApp;
  let typeId: number;
  let owner: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app, { roleCode: 'enterpriseAdmin' });
  });
  afterAll(async () => t.close());

  const insert = (token: string, body: unknown) =>
    call<Project>(t.app, 'POST', `${PROJECT}/insert`, { token, body, locale: 'en-US' });

  it('keeps project names to 2-20 characters, naming the field', async () => {
    for (const projectName of ['P', 'p'.repeat(21)]) {
      const refused = await insert(owner.token, { projectName });
      expect(refused.code).toBe(1001);
      expect(refused.msg).toMatch(/^Project name: must be at (least 2|most 20) characters$/);
    }
    const made = await insert(owner.token, { projectName: '  Vaccines  ' });
    expect(made.data).toMatchObject({ projectName: 'Vaccines', counts: { total: 0 } });
  });

  it('groups devices, counts them by state, lists and pages them, and releases them on delete', async () => {
    const [a, b, c] = [
      await addDevice(t.app, owner.token, typeId, { deviceName: 'Fridge A' }),
      await addDevice(t.app, owner.token, typeId, { deviceName: 'Fridge B' }),
      await addDevice(t.app, owner.token, typeId, { deviceName: 'Fridge C' }),
    ];
    const project = (await insert(owner.token, { projectName: 'Pharmacy', deviceIds: [a.id, b.id] })).data;
    expect(project.counts.total).toBe(2);
    await call(t.app, 'PUT', '/api/device/Device/batchStop', { token: owner.token, body: { ids: [b.id] } });
    expect(
      (
        await call<{ deviceIds: number[] }>(t.app, 'PUT', `${PROJECT}/bindDevices`, {
          token: owner.token,
          body: { id: project.id, deviceIds: [c.id] },
        })
      ).data.deviceIds,
    ).toEqual([c.id]);
    const detail = await call<Project>(t.app, 'GET', `${PROJECT}/detail`, {
      token: owner.token,
      query: { id: String(project.id) },
    });
    expect(detail.data.counts).toMatchObject({ total: 3, disabled: 1 });
    expect(detail.data.counts.online + detail.data.counts.offline).toBe(2);

    const devices = await call<PageResponse<DeviceRow>>(t.app, 'POST', `${PROJECT}/devicePage`, {
      token: owner.token,
      body: { id: project.id, start: 1, pageSize: 2 },
    });
    expect(devices.data.totalCount).toBe(3);
    expect(devices.data.data.map((d) => d.deviceName)).toEqual(['Fridge C', 'Fridge B']);

    await call(t.app, 'PUT', `${PROJECT}/unbindDevices`, {
      token: owner.token,
      body: { id: project.id, deviceIds: [a.id] },
    });
    const list = await call<PageResponse<Project>>(t.app, 'POST', `${PROJECT}/list`, {
      token: owner.token,
      body: { start: 1, pageSize: 10, projectName: 'pharm' },
    });
    expect(list.data.data.map((p) => [p.projectName, p.counts.total])).toEqual([['Pharmacy', 2]]);
    const overview = await call<Project[]>(t.app, 'GET', `${PROJECT}/overview`, { token: owner.token });
    expect(overview.data.map((p) => p.projectName)).toEqual(['Vaccines', 'Pharmacy']);

    await call(t.app, 'PUT', `${PROJECT}/update`, {
      token: owner.token,
      body: { id: project.id, projectName: 'Pharmacy 2' },
    });
    expect(
      (
        await call(t.app, 'DELETE', `${PROJECT}/delete`, {
          token: owner.token,
          query: { id: String(project.id) },
        })
      ).code,
    ).toBe(0);
    const rows = await t.app.ctx.db
      .selectFrom('device')
      .select('projectId')
      .where('id', 'in', [a.id, b.id, c.id])
      .execute();
    expect(rows.map((r) => r.projectId)).toEqual([null, null, null]);
  });

  it('lets read-only members list projects but not change them', async () => {
    const member = await signedIn(t.app, { roleCode: 'organizationMember' });
    expect(
      (
        await call(t.app, 'POST', `${PROJECT}/list`, {
          token: member.token,
          body: { start: 1, pageSize: 10 },
        })
      ).code,
    ).toBe(0);
    expect((await insert(member.token, { projectName: 'Mine' })).status).toBe(403);
  });
});
