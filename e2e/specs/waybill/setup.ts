import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { api } from '../../harness.ts';
import { connectDevice, publishedType } from '../devices/setup.ts';

/** Set-up for the waybill specs: a waybill through the API, and a truck driving a short route. */

let made = 0;

/** A waybill or express number no other test uses. */
export function uniqueNumber(prefix: string): string {
  made += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${made}`.slice(0, 20);
}

/**
 * A device type users may add whose devices start waybills remotely (`waybillStatus` 1; otherwise a
 * waybill can only be started at the device): created by demo_operator with one temperature probe,
 * released and pushed.
 */
export function waybillDeviceType(baseUrl: string, name: string): Promise<{ id: number; typeName: string }> {
  return publishedType(baseUrl, name, { waybillStatus: 1 });
}

/** A few fixes across Shanghai, west to east, with temperatures rising towards the upper limit. */
export const ROUTE: readonly { lat: number; lon: number; value: number }[] = [
  { lat: 31.2, lon: 121.3, value: 4.1 },
  { lat: 31.21, lon: 121.35, value: 4.6 },
  { lat: 31.22, lon: 121.4, value: 5.2 },
  { lat: 31.23, lon: 121.45, value: 6.0 },
  { lat: 31.24, lon: 121.5, value: 7.3 },
  { lat: 31.25, lon: 121.55, value: 8.4 },
];

export interface WaybillAnswer {
  id: number;
  waybillPk: string;
  orderNum: string;
  startedAt: number | null;
  waybillState: number;
}

export async function waybillDetail(baseUrl: string, token: string, id: number): Promise<WaybillAnswer> {
  const answer = await api<WaybillAnswer>(baseUrl, token, 'GET', `/device/DeviceWaybillInfo/detail?id=${id}`);
  assert.equal(answer.code, 0, answer.msg);
  return answer.data;
}

/**
 * The device reports the route over MQTT with its own credentials: one reading per fix, with its
 * position, spread between the waybill's start and now (so every reading falls inside the waybill).
 */
export async function driveRoute(
  baseUrl: string,
  token: string,
  deviceId: number,
  startedAt: number,
): Promise<void> {
  const device = await connectDevice(baseUrl, token, deviceId);
  try {
    const now = Date.now();
    assert.ok(now - startedAt > ROUTE.length, 'time has passed since the start');
    const step = (now - startedAt) / (ROUTE.length + 1);
    await device.send(
      ROUTE.map((fix, i) => ({
        ts: Math.round(startedAt + step * (i + 1)),
        values: [{ kind: 'temperature' as const, probe: 1, value: fix.value }],
        position: { lat: fix.lat, lon: fix.lon },
      })),
    );
  } finally {
    await device.close();
  }
}

/** A waybill created, started and driven through the API: the state the public and report specs need. */
export async function drivenWaybill(
  baseUrl: string,
  token: string,
  deviceId: number,
): Promise<WaybillAnswer & { expressNumber: string }> {
  const orderNum = uniqueNumber('WB');
  const expressNumber = uniqueNumber('SF');
  const created = await api<WaybillAnswer>(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/insert', {
    orderNum,
    expressNumber,
    goodsName: 'Vaccines',
    deviceId,
    upperLimit: 8,
    lowerLimit: 2,
  });
  assert.equal(created.code, 0, created.msg);
  // The device has never reported, so it is offline: the start is confirmed up front.
  const started = await api<WaybillAnswer>(baseUrl, token, 'POST', '/device/DeviceWaybillInfo/changeState', {
    id: created.data.id,
    action: 'start',
    confirm: 1,
  });
  assert.equal(started.code, 0, started.msg);
  assert.ok(started.data.startedAt, 'the waybill has started');
  await waitUntilPast(started.data.startedAt);
  await driveRoute(baseUrl, token, deviceId, started.data.startedAt);
  return { ...started.data, expressNumber };
}

/** Readings must fall after the start: wait (at most a moment) until the clock has moved past it. */
async function waitUntilPast(ms: number): Promise<void> {
  while (Date.now() - ms <= ROUTE.length + 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Waits until a chart or map element says it is drawn with at least `min` of `attribute`. */
export async function waitForDrawn(
  page: Page,
  testId: string,
  attribute: string,
  min: number,
): Promise<void> {
  try {
    await page.waitForFunction(
      ({ id, name, least }) => {
        const element = document.querySelector(`[data-testid="${id}"]`);
        return element?.getAttribute('data-ready') === 'true' && Number(element.getAttribute(name)) >= least;
      },
      { id: testId, name: attribute, least: min },
      // The chart and map libraries load with the page; a busy machine needs a while.
      { timeout: 25_000 },
    );
  } catch (error) {
    throw new Error(`${testId} on ${page.url()} never showed ${attribute} >= ${min}`, { cause: error });
  }
}

/** Tiles come from outside this server; like a machine without internet, every such request fails. */
export async function blockOutside(page: Page, baseUrl: string): Promise<void> {
  const own = new URL(baseUrl).host;
  await page.route(
    (url) => url.host !== own,
    (route) => route.abort(),
  );
}

export async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  assert.ok(file, 'the download was saved');
  return fs.readFileSync(file);
}
