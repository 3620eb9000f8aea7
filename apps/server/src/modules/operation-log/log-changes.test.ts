import type { OperationLog } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { logChanges, objectName } from './log-changes.ts';

type Page = { data: OperationLog[]; start: number; totalCount: number };

describe('operation log changes', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedIn>>;
  let deviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signedIn(t.app);
    const typeId = (await publishedType(t.app, await login(t.app, 'demo_operator'))).type.id;
    const device = await addDevice(t.app, user.token, typeId, { deviceName: 'Freezer A' });
    deviceId = device.id;
    const updated = await call(t.app, 'PUT', '/api/device/Device/update', {
      token: user.token,
      body: { id: device.id, deviceName: 'Freezer B', address: 'Dock 3' },
    });
    expect(updated.code).toBe(0);
  });
  afterAll(async () => t.close());

  const entries = async (locale: string) => {
    const page = await call<Page>(t.app, 'POST', '/api/base/BaseOperationLog/page', {
      token: user.token,
      body: { start: 1, pageSize: 10, action: 'device.update' },
      locale,
    });
    expect(page.code).toBe(0);
    return page.data.data;
  };

  it('shows an edit as the fields it changed, named in the reader language, with the object name', async () => {
    const [german] = await entries('de-DE');
    expect(german).toMatchObject({
      entityType: 'device',
      entityId: String(deviceId),
      entityTypeName: 'Gerät',
      entityName: 'Freezer B',
    });
    expect(german?.changes).toEqual([
      { field: 'deviceName', label: 'Gerätename', from: 'Freezer A', to: 'Freezer B' },
      { field: 'address', label: 'Adresse', from: null, to: 'Dock 3' },
    ]);
    const [chinese] = await entries('zh-CN');
    expect(chinese?.changes.map((c) => c.label)).toEqual(['设备名称', '地址']);
  });

  it('shows the same presentation on the device operation log tab', async () => {
    const page = await call<Page>(t.app, 'POST', '/api/device/Device/operationLog', {
      token: user.token,
      body: { deviceId, start: 1, pageSize: 10 },
      locale: 'en-US',
    });
    expect(page.code).toBe(0);
    const edit = page.data.data.find((e) => e.action === 'device.update');
    expect(edit?.changes[0]).toEqual({
      field: 'deviceName',
      label: 'Device name',
      from: 'Freezer A',
      to: 'Freezer B',
    });
    const creation = page.data.data.find((e) => e.action === 'device.insert');
    expect(creation?.entityName).toBe('Freezer A');
    expect(creation?.changes).toEqual(
      expect.arrayContaining([{ field: 'timeZone', label: 'Time zone', from: null, to: 'Asia/Shanghai' }]),
    );
    expect(creation?.changes.every((c) => c.from === null && c.to !== null)).toBe(true);
  });

  it('lists a removal by its old values, spells lists and records, and words keys it cannot name', () => {
    expect(logChanges('en-US', { projectName: 'North', id: 4 }, null)).toEqual([
      { field: 'projectName', label: 'Project name', from: 'North', to: null },
    ]);
    expect(
      logChanges(
        'en-US',
        { tierList: [1, 2], limits: { upperLimit: 8 } },
        { tierList: [1], limits: { upperLimit: 6 } },
      ),
    ).toEqual([
      { field: 'tierList', label: 'Tier list', from: '1, 2', to: '1' },
      { field: 'limits', label: 'Limits', from: 'Upper limit: 8', to: 'Upper limit: 6' },
    ]);
    expect(logChanges('en-US', [{ state: 'unread' }], [{ state: 'read' }])).toEqual([
      { field: '', label: '', from: 'State: unread', to: 'State: read' },
    ]);
    expect(objectName({ orderNum: 'WB-1' }, null)).toBe('WB-1');
    expect(objectName(null, [{ deviceName: 'x' }])).toBeNull();
  });
});
