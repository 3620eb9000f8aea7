import assert from 'node:assert/strict';
import { startFleet } from '@coldchain/device-sim';
import {
  api,
  apiLogin,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  DEMO_USER,
  mqttUrl,
  pickOption,
  settledConfirm,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';
import { addDevice, publishedType } from '../devices/setup.ts';

test('an operator upgrades two simulated devices and watches their progress until both run the new version', async ({
  page,
  baseUrl,
}) => {
  const type = await publishedType(baseUrl, 'E2E upgrade type', { onlineUpgradeStatus: 1 });
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  const user = await apiLogin(baseUrl, DEMO_USER);

  // A firmware version of the type, uploaded like the version page does.
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(200_000).fill(42)]), 'e2e-2.0.0.bin');
  const uploaded = (await (
    await fetch(`${baseUrl}/api/device/DeviceSoftwareVersion/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${operator}` },
      body: form,
    })
  ).json()) as { code: number; msg: string; data: { fileKey: string; fileName: string } };
  assert.equal(uploaded.code, 0, uploaded.msg);
  const version = await api<{ id: number }>(
    baseUrl,
    operator,
    'POST',
    '/device/DeviceSoftwareVersion/insert',
    {
      deviceTypeId: type.id,
      value: '2.0.0',
      label: 'E2E release',
      fileKey: uploaded.data.fileKey,
      fileName: uploaded.data.fileName,
    },
  );
  assert.equal(version.code, 0, version.msg);

  // Two devices of the type, simulated over MQTT with their own credentials.
  const devices = [];
  for (const name of ['Upgrade room 1', 'Upgrade room 2']) {
    const device = await addDevice(baseUrl, user, type.id, name);
    const credentials = (await (
      await fetch(`${baseUrl}/api/device/Device/credentials?id=${device.id}`, {
        headers: { Authorization: `Bearer ${user}` },
      })
    ).json()) as { deviceGuid: string; secret: string };
    devices.push({ guid: credentials.deviceGuid, secret: credentials.secret, version: '1.0.0' });
  }
  const fleet = await startFleet({
    devices: devices.map((d) => ({ ...d, profile: 'coldRoom' as const })),
    url: mqttUrl(),
    recordIntervalMs: 5_000,
    uploadIntervalMs: 5_000,
    upgrade: { httpUrl: baseUrl, stepMs: 700, rebootMs: 1_000, failureRate: 0 },
  });
  try {
    assert.equal(fleet.stats.connected, 2);
    await page.goto('/operation/upgrade');
    await waitForPath(page, '/user/login');
    await signIn(page, DEMO_OPERATOR, DEMO_PASSWORD);
    await waitForPath(page, '/operation/upgrade');

    await pickOption(page, page.getByTestId('upgrade-type'), type.typeName);
    await pickOption(page, page.getByTestId('upgrade-version'), '2.0.0');
    const candidates = page.getByTestId('upgrade-candidates');
    for (const d of devices)
      await candidates
        .locator('.ant-table-row')
        .filter({ hasText: d.guid })
        .locator('.ant-checkbox-input')
        .check();
    await page.getByTestId('upgrade-start').click();
    // OK stays pending while the batch starts (slow on a busy machine): one click, then wait.
    await (await settledConfirm(page)).locator('.ant-btn-primary').click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached', timeout: 20_000 });

    // The records follow the devices live: states and progress change without a reload.
    const seen = new Map<string, Set<string>>(devices.map((d) => [d.guid, new Set<string>()]));
    const deadline = Date.now() + 40_000;
    for (;;) {
      const done: boolean[] = [];
      for (const d of devices) {
        const cell = page.getByTestId(`upgrade-state-${d.guid}`);
        const state = (await cell.count()) > 0 ? await cell.getAttribute('data-state') : null;
        const progress = (await cell.count()) > 0 ? await cell.getAttribute('data-progress') : null;
        if (state) seen.get(d.guid)?.add(`${state} ${progress}`);
        done.push(state === 'succeeded');
      }
      if (done.every(Boolean)) break;
      assert.ok(Date.now() < deadline, `upgrades did not finish: ${JSON.stringify([...seen])}`);
      await page.waitForTimeout(200);
    }
    for (const d of devices) {
      const states = [...(seen.get(d.guid) ?? [])];
      assert.ok(
        states.some((s) => s.startsWith('downloading') || s.startsWith('installing')),
        `${d.guid} was seen in progress: ${states.join(', ')}`,
      );
      assert.ok(states.length >= 3, `${d.guid} went through several states: ${states.join(', ')}`);
    }
    assert.deepEqual(
      fleet.members.map((m) => m.firmwareVersion),
      ['2.0.0', '2.0.0'],
    );
  } finally {
    await fleet.stop();
  }
});
