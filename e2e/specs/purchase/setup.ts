import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { api, apiLogin, DEMO_OPERATOR, demoFleetFile } from '../../harness.ts';

/** Set-up for the purchase specs: a service package sold for a device type, and device service states. */

let made = 0;

/**
 * A service package of two levels for a device type, made and enabled by demo_operator: a free
 * level and "E2E Standard" at 120.00 a year (one 12-month row). Answers the paid level's name.
 */
export async function packageForType(baseUrl: string, deviceTypeId: number): Promise<{ levelName: string }> {
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  made += 1;
  const code = String((Date.now() + made) % 100_000_000).padStart(8, '0');
  const levelName = `E2E Standard ${made}`;
  const inserted = await api<{ id: number }>(
    baseUrl,
    operator,
    'POST',
    '/payment/PayServicePackages/insert',
    {
      packageName: `E2E package ${code.slice(-4)}`,
      packageCode: code,
      currency: 'CNY',
      levelList: [
        {
          levelName: `E2E Free ${made}`,
          free: 1,
          yearList: [{ timeLength: 2, serviceFee: 0, dataFee: 0, discount: 100 }],
        },
        {
          levelName,
          yearList: [{ timeLength: 12, serviceFee: 10_000, dataFee: 2_000, discount: 100, topStatus: 1 }],
        },
      ],
    },
  );
  assert.equal(inserted.code, 0, inserted.msg);
  const id = inserted.data.id;
  const enabled = await api(baseUrl, operator, 'POST', '/payment/PayServicePackages/enablePackage', { id });
  assert.equal(enabled.code, 0, enabled.msg);
  const related = await api(baseUrl, operator, 'PUT', '/payment/PayDeviceTypeService/update', {
    packageId: id,
    deviceTypeIds: [deviceTypeId],
  });
  assert.equal(related.code, 0, related.msg);
  return { levelName };
}

/** Sets a device's service expiry and SIM country code directly in the server's database. */
export function setDeviceService(
  deviceId: number,
  values: { serviceExpiredDate?: string; countryCode?: string | null },
): void {
  const db = new Database(path.join(path.dirname(demoFleetFile()), 'coldchain.db'));
  db.pragma('busy_timeout = 5000');
  try {
    if (values.serviceExpiredDate !== undefined)
      db.prepare('update device set service_expired_date = ? where id = ?').run(
        values.serviceExpiredDate,
        deviceId,
      );
    if (values.countryCode !== undefined)
      db.prepare('update device set country_code = ? where id = ?').run(values.countryCode, deviceId);
  } finally {
    db.close();
  }
}
