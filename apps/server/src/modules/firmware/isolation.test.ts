import type {
  AppVersion,
  PageResponse,
  Platform,
  UpgradeBatchResult,
  UpgradeRecord,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { FIRMWARE_PROBES, type FirmwareTarget } from './isolation-probes.ts';
import { createVersion, upgradableDevice, upgradableType } from './test-support.ts';

const HOST_B = 'firmware-b.example.com';
const MISSING = 999_999;

describe('isolation between platforms: upgrade records, devices to upgrade and app versions', () => {
  let t: TestApp;
  let operatorA: string;
  const victim: Record<FirmwareTarget, number> = { record: 0, device: 0, apk: 0, ios: 0, version: 0 };
  const intruders: { name: string; token: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    operatorA = await login(t.app, 'demo_operator');
    const typeId = await upgradableType(t.app);
    const version = await createVersion(t.app, operatorA, typeId, '9.0.0');
    victim.version = version.id;
    const device = await upgradableDevice(t.app, typeId);
    victim.device = (await upgradableDevice(t.app, typeId)).id;
    const batch = await call<UpgradeBatchResult>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/batchUpgrade',
      {
        token: operatorA,
        body: { versionId: version.id, deviceIds: [device.id] },
      },
    );
    const records = await call<PageResponse<UpgradeRecord>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/page',
      {
        token: operatorA,
        body: { batchId: batch.data.batchId },
      },
    );
    victim.record = records.data.data[0]?.id ?? 0;
    victim.apk = (
      await call<AppVersion>(t.app, 'POST', '/api/base/BaseApkVersion/insert', {
        token: operatorA,
        body: { version: '1.0.0', releaseNotes: 'A', storeUrl: 'https://example.com/a.apk' },
      })
    ).data.id;
    victim.ios = (
      await call<AppVersion>(t.app, 'POST', '/api/base/BaseIosVersion/insert', {
        token: operatorA,
        body: { version: '1.0.0', releaseNotes: 'A', storeUrl: 'https://apps.apple.com/app/a' },
      })
    ).data.id;
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operatorA,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    for (const roleCode of ['operator', 'enterpriseAdmin', 'personalUser'] as const)
      intruders.push({
        name: `${roleCode} of another platform`,
        token: (await signedIn(t.app, { roleCode, platformId: platformB.data.id, host: HOST_B })).token,
      });
  });
  afterAll(async () => t.close());

  it('answers every call naming another platform’s things exactly as for a missing id', async () => {
    for (const intruder of intruders) {
      for (const probe of FIRMWARE_PROBES) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.path ? probe.path(id) : probe.url, {
            token: intruder.token,
            host: HOST_B,
            locale: 'en-US',
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(victim[probe.target]);
        const missing = await ask(MISSING);
        const label = `${intruder.name} ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        if (probe.name !== 'record page by version') expect(foreign.code, label).not.toBe(0);
      }
    }
    const record = await call<UpgradeRecord>(t.app, 'GET', '/api/device/DeviceUpgradeRecord/detail', {
      token: operatorA,
      query: { id: String(victim.record) },
    });
    expect(record.data.state).toBe('pending');
    const apk = await call<PageResponse<AppVersion>>(t.app, 'POST', '/api/base/BaseApkVersion/page', {
      token: operatorA,
      body: {},
    });
    expect(apk.data.data.map((v) => v.forced)).toEqual([0]);
  });

  it('shows another platform’s operator none of this platform’s devices, records or release notes', async () => {
    const operatorB = intruders[0]?.token ?? '';
    const records = await call<PageResponse<UpgradeRecord>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/page',
      {
        token: operatorB,
        host: HOST_B,
        body: {},
      },
    );
    expect(records.data.totalCount).toBe(0);
    const typeOfVictim = await t.app.ctx.db
      .selectFrom('device')
      .select('deviceTypeId')
      .where('id', '=', victim.device)
      .executeTakeFirstOrThrow();
    const candidates = await call<PageResponse<unknown>>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/candidates',
      {
        token: operatorB,
        host: HOST_B,
        body: { deviceTypeId: typeOfVictim.deviceTypeId },
      },
    );
    expect(candidates.data.totalCount).toBe(0);
    const notes = await call<PageResponse<AppVersion>>(t.app, 'POST', '/api/base/BaseNotice/releaseNotes', {
      host: HOST_B,
      body: {},
    });
    expect(notes.data.totalCount).toBe(0);
    const insert = await call(t.app, 'POST', '/api/device/DeviceSoftwareVersion/insert', {
      token: operatorB,
      host: HOST_B,
      body: {
        deviceTypeId: typeOfVictim.deviceTypeId,
        value: '1.2.3',
        label: 'x',
        fileKey: 'a'.repeat(32),
        fileName: 'x',
      },
    });
    expect(insert.status).toBe(403);
  });
});
