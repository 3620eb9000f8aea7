import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories.ts';
import { createTestApp, login, type TestApp } from '../test/harness.ts';
import { createOwnedDevice, insertReadings } from './test-support.ts';

const MINUTE = 60_000;
/** 2026-07-01 12:00 in New York (daylight saving time, UTC-4). */
const SUMMER = Date.UTC(2026, 6, 1, 16, 0, 0);
/** 2026-01-15 12:00 in New York (standard time, UTC-5). */
const WINTER = Date.UTC(2026, 0, 15, 17, 0, 0);
const TEMPERATURE_1 = 101;
const BATTERY = 400;
const SIGNAL = 500;
const LATITUDE = 600;

describe('export headers', () => {
  let t: TestApp;
  let token: string;
  let device: { id: number };
  let other: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    const { account, password } = await createAccount(t.app);
    token = await login(t.app, account.userName, password);
    device = await createOwnedDevice(t.app, account, { name: 'Truck', timeZone: 'America/New_York' });
    other = await createOwnedDevice(t.app, account, { name: 'Store', timeZone: 'Asia/Kolkata' });
    for (const start of [WINTER, SUMMER]) {
      await insertReadings(t.app.ctx.db, device.id, TEMPERATURE_1, [[start, 4.5]]);
      await insertReadings(t.app.ctx.db, device.id, BATTERY, [[start, 80]]);
      await insertReadings(t.app.ctx.db, device.id, SIGNAL, [[start, -71]]);
      await insertReadings(t.app.ctx.db, device.id, LATITUDE, [[start, 40.7]]);
    }
    await t.app.ctx.db
      .updateTable('device')
      .set({ lastSeenAt: new Date(WINTER).toISOString() })
      .where('id', 'in', [device.id, other.id])
      .execute();
  });

  afterAll(async () => {
    await t.close();
  });

  const csvOf = async (startTime: number, locale: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/device/DeviceData/export',
      query: {
        deviceId: String(device.id),
        startTime: String(startTime),
        endTime: String(startTime + MINUTE),
        format: 'csv',
      },
      headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
    });
    expect(response.statusCode).toBe(200);
    return response.body.replace('\uFEFF', '').split('\r\n');
  };

  it('names history columns as the data table does, with units and the device zone, in the reader language', async () => {
    const english = await csvOf(SUMMER, 'en-US');
    expect(english[0]).toBe(
      'Time (America/New_York),Temperature 1 (°C),Battery (%),Signal (dBm),Latitude (°)',
    );
    expect(english[1]).toBe('2026-07-01 12:00:00,4.5,80,-71,40.7');
    const german = await csvOf(WINTER, 'de-DE');
    expect(german[0]).toBe('Zeit (America/New_York),Temperatur 1 (°C),Akku (%),Signal (dBm),Breitengrad (°)');
    expect(german[1]).toBe('2026-01-15 12:00:00,4.5,80,-71,40.7');
  });

  it('names units and the zone of times in the device list export', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/Device/export',
      payload: { ids: [device.id, other.id] },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [sheet] = book.worksheets;
    if (!sheet) throw new Error('the export has no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining([
        "Last seen (device's time zone)",
        'Battery (%)',
        'Signal (dBm)',
        'Time zone',
        "Service expires (device's time zone)",
      ]),
    );
    const column = (header: string) => headers.indexOf(header) + 1;
    const rows = [2, 3].map((r) => sheet.getRow(r));
    const byName = new Map(rows.map((row) => [String(row.getCell(column('Device name')).value), row]));
    const lastSeen = (name: string) =>
      byName.get(name)?.getCell(column("Last seen (device's time zone)")).value;
    const zone = (name: string) => byName.get(name)?.getCell(column('Time zone')).value;
    expect([lastSeen('Truck'), zone('Truck')]).toEqual(['2026-01-15 12:00:00', 'America/New_York']);
    expect([lastSeen('Store'), zone('Store')]).toEqual(['2026-01-15 22:30:00', 'Asia/Kolkata']);
  });
});
