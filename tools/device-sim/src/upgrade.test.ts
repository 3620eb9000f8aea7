import { connectDevice } from '@coldchain/server/ingest/test-support';
import { signedIn } from '@coldchain/server/modules/devices/test-support';
import {
  createVersion,
  upgradableDevice,
  upgradableType,
} from '@coldchain/server/modules/firmware/test-support';
import { call, createTestApp, type TestApp } from '@coldchain/server/test/harness';
import type { PageResponse, UpgradeBatchResult, UpgradeRecord } from '@coldchain/shared';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fleet, startFleet } from './fleet.ts';

let t: TestApp;
let httpUrl: string;
let fleet: Fleet | null = null;
let silentClient: MqttClient | null = null;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false', UPGRADE_TIMEOUT_MS: '4000' } });
  await t.app.ingest.startMqtt({ port: 0, host: '127.0.0.1' });
  httpUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await fleet?.stop();
  await silentClient?.endAsync(true);
  await t.close();
});

describe('online upgrade through the real broker', () => {
  it('upgrades two simulated devices that download, report progress and come back with the new version; a silent third fails', async () => {
    const operator = await signedIn(t.app, { roleCode: 'operator' });
    const typeId = await upgradableType(t.app);
    const version = await createVersion(t.app, operator.token, typeId, '2.0.0', Buffer.alloc(300_000, 7));
    const a = await upgradableDevice(t.app, typeId);
    const b = await upgradableDevice(t.app, typeId);
    const silent = await upgradableDevice(t.app, typeId);

    fleet = await startFleet({
      devices: [
        { ...a, profile: 'coldRoom', version: '1.0.0' },
        { ...b, profile: 'freezer', version: '1.0.0' },
      ],
      url: `mqtt://127.0.0.1:${t.app.ingest.mqttPort}`,
      recordIntervalMs: 1_000,
      uploadIntervalMs: 1_000,
      upgrade: { httpUrl, stepMs: 60, rebootMs: 300, failureRate: 0 },
    });
    expect(fleet.stats.connected).toBe(2);
    // The third device is connected and listening, but never answers.
    const silentCommands: string[] = [];
    silentClient = await connectDevice(t.app.ingest.mqttPort ?? 0, silent.guid, silent.secret);
    silentClient.on('message', (_topic, payload) => silentCommands.push(payload.toString()));
    await silentClient.subscribeAsync(deviceTopic(silent.guid, 'commands'), { qos: 1 });

    const started = await call<UpgradeBatchResult>(
      t.app,
      'POST',
      '/api/device/DeviceUpgradeRecord/batchUpgrade',
      {
        token: operator.token,
        body: { versionId: version.id, deviceIds: [a.id, b.id, silent.id] },
      },
    );
    expect(started.code).toBe(0);
    await t.app.ingest.deliverCommands();

    const seen = new Map<number, Set<string>>();
    const deadline = Date.now() + 20_000;
    let records: UpgradeRecord[] = [];
    while (Date.now() < deadline) {
      const page = await call<PageResponse<UpgradeRecord>>(
        t.app,
        'POST',
        '/api/device/DeviceUpgradeRecord/page',
        {
          token: operator.token,
          body: { batchId: started.data.batchId },
        },
      );
      records = page.data.data;
      for (const r of records) {
        const states = seen.get(r.deviceId) ?? new Set<string>();
        states.add(`${r.state}${r.state === 'downloading' ? ` ${r.progress}` : ''}`);
        seen.set(r.deviceId, states);
      }
      if (records.every((r) => r.state === 'succeeded' || r.state === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const byDevice = new Map(records.map((r) => [r.deviceId, r]));
    for (const d of [a, b]) {
      expect(byDevice.get(d.id)).toMatchObject({ state: 'succeeded', progress: 100, fromVersion: '1.0.0' });
      const states = [...(seen.get(d.id) ?? [])];
      expect(states.some((s) => s.startsWith('downloading'))).toBe(true);
      expect(states).toContain('installing');
      const row = await t.app.ctx.db
        .selectFrom('device')
        .select('version')
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(row.version).toBe('2.0.0');
    }
    expect(fleet.members.map((m) => m.firmwareVersion)).toEqual(['2.0.0', '2.0.0']);
    expect(silentCommands.length).toBeGreaterThan(0);
    expect(byDevice.get(silent.id)).toMatchObject({ state: 'failed', failure: 'timeout', progress: 0 });
  }, 40_000);
});
