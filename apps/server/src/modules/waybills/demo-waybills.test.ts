import type { PageResponse, WaybillRow } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDevices } from '../../ingest/demo-devices.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { seedDemoWaybills } from './demo-waybills.ts';

describe('demo waybill', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives demo_user two geofences at once and a geofence waybill once the demo truck exists', async () => {
    const token = await login(t.app, 'demo_user');
    const fences = await call<PageResponse<{ name: string }>>(
      t.app,
      'POST',
      '/api/device/DeviceFenceModel/page',
      {
        token,
        body: { start: 1, pageSize: 10 },
      },
    );
    expect(fences.data.data.map((f) => f.name).sort()).toEqual(['City Hospital', 'Depot']);
    expect(await seedDemoWaybills(t.app.ctx)).toBe(false);

    await seedDemoDevices(t.app.ctx);
    expect(await seedDemoWaybills(t.app.ctx)).toBe(true);
    expect(await seedDemoWaybills(t.app.ctx)).toBe(true);
    const waybills = await call<PageResponse<WaybillRow>>(
      t.app,
      'POST',
      '/api/device/DeviceWaybillInfo/page',
      {
        token,
        body: { start: 1, pageSize: 10 },
      },
    );
    expect(waybills.data.data).toHaveLength(1);
    expect(waybills.data.data[0]).toMatchObject({
      orderNum: 'DEMO-0001',
      waybillState: 0,
      startTrigger: 'geofence',
      stopTrigger: 'geofence',
      deviceGuid: '86100000000000000004',
    });
  });
});
