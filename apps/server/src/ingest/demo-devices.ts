import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_DATA_GRACE_MONTHS, DEVICE_FREE_SERVICE_MONTHS } from '@coldchain/shared';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { DEMO_TRUCK_LAP_MINUTES, DEMO_TRUCK_ROUTE } from '../demo/demo-places.ts';
import { deviceSecret } from './device-credentials.ts';

/** Calendar months later, in UTC (the demo's service dates; the day is clamped to the month's end). */
function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), last));
  return target;
}

/** The demo fleet of demo_user: what tools/device-sim runs under `npm start`. */
export const DEMO_DEVICES = [
  { guid: '86100000000000000001', name: 'Cold room A', profile: 'coldRoom', upper: 8, lower: 2 },
  { guid: '86100000000000000002', name: 'Cold room B', profile: 'coldRoom', upper: 8, lower: 2 },
  { guid: '86100000000000000003', name: 'Vaccine freezer', profile: 'freezer', upper: -15, lower: -25 },
  { guid: '86100000000000000004', name: 'Truck SH-01', profile: 'truck', upper: 8, lower: 2 },
  { guid: '86100000000000000005', name: 'Truck SH-02', profile: 'truck', upper: 8, lower: 2 },
] as const;

/** A device of the simulator's fleet file (tools/device-sim FleetDevice). */
interface FleetEntry {
  guid: string;
  secret: string;
  profile: string;
  route?: { lat: number; lon: number }[];
  routeMinutes?: number;
  routeLoop?: boolean;
}

/** Where the demo fleet's credentials are written for the simulator (under DATA_DIR, like the keys). */
export const DEMO_FLEET_FILE = 'demo-fleet.json';
export const DEMO_TYPE_CODE = 'DE0001';
/** Seconds between records and between uploads of the demo devices (the simulator's defaults). */
const DEMO_RECORD_INTERVAL_S = 10;
const DEMO_UPLOAD_INTERVAL_S = 30;

/**
 * Gives demo_user five devices (two cold rooms, a freezer, two trucks) on first start and writes
 * their credentials to DATA_DIR/demo-fleet.json, which `npm start` hands to the simulator. Devices
 * are inserted directly, as the demo accounts are: there is no caller to go through the device API.
 * Returns the file, or null when demo_user does not exist.
 */
export async function seedDemoDevices(ctx: AppContext): Promise<string | null> {
  const owner = await ctx.db
    .selectFrom('account')
    .innerJoin('platform', 'platform.id', 'account.platformId')
    .select(['account.id', 'account.platformId'])
    .where('account.userName', '=', 'demo_user')
    .where('platform.isDefault', '=', 1)
    .executeTakeFirst();
  if (!owner) return null;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  let type = await ctx.db
    .selectFrom('deviceType')
    .select('id')
    .where('typeCode', '=', DEMO_TYPE_CODE)
    .executeTakeFirst();
  if (!type) {
    // Published (2) and offered to users (push_status 1), scenes: cold-chain monitoring.
    const inserted = await sql<{ id: number }>`
      insert into device_type (type_name, type_code, type_status, push_status, type_scenes, created_at, updated_at)
      values ('Demo cold-chain logger', ${DEMO_TYPE_CODE}, 2, 1, '1', ${iso}, ${iso}) returning id`.execute(
      ctx.db,
    );
    type = inserted.rows[0];
    if (!type) return null;
  }
  const service = addMonths(now, DEVICE_FREE_SERVICE_MONTHS);
  const fleet: FleetEntry[] = [];
  const firstTruck = DEMO_DEVICES.find((d) => d.profile === 'truck');
  for (const demo of DEMO_DEVICES) {
    let device = await ctx.db
      .selectFrom('device')
      .select(['id', 'credentialRotation'])
      .where('deviceGuid', '=', demo.guid)
      .executeTakeFirst();
    if (!device) {
      // Nodes starting together may both get here: the GUID is unique, the second insert does nothing.
      await ctx.db
        .insertInto('device')
        .values({
          platformId: owner.platformId,
          accountId: owner.id,
          deviceGuid: demo.guid,
          deviceName: demo.name,
          deviceDesc: null,
          deviceTypeId: type.id,
          deviceModelId: null,
          useState: 'enabled',
          deletedFlag: 0,
          status: 'offline',
          lastSeenAt: null,
          battery: null,
          signal: null,
          latitude: null,
          longitude: null,
          address: null,
          timeZone: 'Asia/Shanghai',
          recordInterval: DEMO_RECORD_INTERVAL_S,
          uploadInterval: DEMO_UPLOAD_INTERVAL_S,
          serviceExpiredDate: service.toISOString(),
          dataExpiredDate: addMonths(service, DEVICE_DATA_GRACE_MONTHS).toISOString(),
          upperLimit: demo.upper,
          lowerLimit: demo.lower,
          correctionValue: null,
          version: null,
          iccId: null,
          sensorCount: demo.profile === 'freezer' ? 1 : 3,
          alarmDelay: null,
          countryCode: '86',
          orderCode: null,
          creatorName: 'demo_user',
          createdAt: iso,
          updatedAt: iso,
        })
        .onConflict((oc) => oc.column('deviceGuid').doNothing())
        .execute();
      device = await ctx.db
        .selectFrom('device')
        .select(['id', 'credentialRotation'])
        .where('deviceGuid', '=', demo.guid)
        .executeTakeFirstOrThrow();
    }
    fleet.push({
      guid: demo.guid,
      secret: deviceSecret(ctx.deviceKey, demo.guid, device.credentialRotation),
      profile: demo.profile,
      // The first truck shuttles between the depot and the hospital, the demo waybills' fences.
      ...(demo === firstTruck
        ? { route: [...DEMO_TRUCK_ROUTE], routeMinutes: DEMO_TRUCK_LAP_MINUTES, routeLoop: true }
        : {}),
    });
  }
  const file = path.join(ctx.config.dataDir, DEMO_FLEET_FILE);
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(fleet, null, 2)}\n`, { mode: 0o600 });
  return file;
}
