import assert from 'node:assert/strict';
import fs from 'node:fs';
import { type FleetDevice, MqttTransport, PROFILES, SimulatedDevice } from '@coldchain/device-sim';
import {
  api,
  apiLogin,
  DEMO_PASSWORD,
  DEMO_USER,
  demoFleetFile,
  mqttUrl,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

/** The demo truck's round, sped up: a lap in half a minute, so it reaches the hospital within ~12 s. */
const LAP_MINUTES = 0.5;
const TICK_MS = 1_000;

interface WaybillRow {
  id: number;
  orderNum: string;
  waybillState: number;
}

test('the demo waybill starts and ends on its own as the demo truck drives its round', async ({
  page,
  baseUrl,
}) => {
  const fleet = JSON.parse(fs.readFileSync(demoFleetFile(), 'utf8')) as FleetDevice[];
  const truck = fleet.find((d) => d.route);
  assert.ok(truck?.route, 'the fleet file gives the first truck its round');
  const token = await apiLogin(baseUrl, DEMO_USER);
  const demoWaybill = async () => {
    const page = await api<{ data: WaybillRow[] }>(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/page', {
      start: 1,
      pageSize: 50,
    });
    return page.data.data.find((w) => w.orderNum === 'DEMO-0001');
  };
  const waiting = await demoWaybill();
  assert.ok(waiting, 'DEMO-0001 exists');
  assert.equal(waiting.waybillState, 0, 'DEMO-0001 waits for the truck');
  await page.goto('/waybill/list');
  await waitForPath(page, '/user/login');
  await signIn(page, DEMO_USER, DEMO_PASSWORD);
  await waitForPath(page, '/waybill/list');
  await page.getByTestId(`waybill-state-${waiting.id}`).filter({ hasText: '未开始' }).waitFor();

  // The truck as the simulator runs it, without the door openings and outages that would slow a test.
  const profile = { ...PROFILES.truck, doorEveryMinutes: Number.POSITIVE_INFINITY, outageEveryMinutes: 0 };
  const device = new SimulatedDevice(
    truck,
    {
      profile,
      recordIntervalMs: TICK_MS,
      uploadIntervalMs: TICK_MS,
      route: { points: truck.route, minutes: LAP_MINUTES, loop: true },
    },
    Date.now(),
  );
  const transport = new MqttTransport(mqttUrl(), truck, async () => ({ ok: true }));
  await transport.connect();
  let driving = true;
  const drive = (async () => {
    while (driving) {
      device.sample(Date.now());
      const pending = device.pending();
      await transport.sendTelemetry(pending.records);
      device.uploaded(pending);
      await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    }
  })();
  try {
    const states = new Set<number>();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = (await demoWaybill())?.waybillState;
      if (state !== undefined) states.add(state);
      if (state === 2) break;
      assert.ok(Date.now() < deadline, `DEMO-0001 reached states ${[...states].join(', ')} only`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.ok(states.has(1), 'the waybill was under way before it ended');
  } finally {
    driving = false;
    await drive;
    await transport.close();
  }

  await page.reload();
  await page.waitForFunction(
    (id) => document.querySelector(`[data-testid="waybill-state-${id}"]`)?.textContent?.includes('已结束'),
    waiting.id,
    { timeout: 15_000 },
  );
});
