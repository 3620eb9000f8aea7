import crypto from 'node:crypto';
import type { GeofenceArea } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { DEMO_DEVICES } from '../../ingest/demo-devices.ts';

/** The demo truck's loop (tools/device-sim routePosition) passes both places once every two hours. */
const DEPOT: GeofenceArea = { shape: 'circle', center: { lat: 31.23, lon: 121.55 }, radius: 1500 };
const HOSPITAL: GeofenceArea = { shape: 'circle', center: { lat: 31.23, lon: 121.39 }, radius: 1500 };
const DEMO_ORDER = 'DEMO-0001';

/**
 * Gives demo_user two geofences on the demo trucks' loop and a waybill for the first truck that
 * starts on leaving the depot and ends on reaching the hospital, so a first start shows waybills
 * moving on their own. Idempotent; answers true once the waybill exists. The demo devices are
 * created after the app is built on a fresh data directory, so the sweep calls this again until the
 * truck is there.
 */
export async function seedDemoWaybills(ctx: AppContext): Promise<boolean> {
  const owner = await ctx.db
    .selectFrom('account')
    .innerJoin('platform', 'platform.id', 'account.platformId')
    .select(['account.id', 'account.platformId'])
    .where('account.userName', '=', 'demo_user')
    .where('platform.isDefault', '=', 1)
    .executeTakeFirst();
  if (!owner) return false;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const fenceId = async (name: string, area: GeofenceArea) => {
    const found = await ctx.db
      .selectFrom('geofence')
      .select('id')
      .where('accountId', '=', owner.id)
      .where('name', '=', name)
      .executeTakeFirst();
    if (found) return found.id;
    const row = await ctx.db
      .insertInto('geofence')
      .values({
        platformId: owner.platformId,
        accountId: owner.id,
        name,
        areas: JSON.stringify([area]),
        createdAt: iso,
        updatedAt: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const depot = await fenceId('Depot', DEPOT);
  const hospital = await fenceId('City Hospital', HOSPITAL);

  const truckGuid = DEMO_DEVICES.find((d) => d.profile === 'truck')?.guid ?? '';
  const truck = await ctx.db
    .selectFrom('device')
    .select(['id', 'deviceTypeId', 'timeZone'])
    .where('deviceGuid', '=', truckGuid)
    .where('accountId', '=', owner.id)
    .executeTakeFirst();
  if (!truck) return false;
  const existing = await ctx.db
    .selectFrom('waybill')
    .select('id')
    .where('accountId', '=', owner.id)
    .where('orderNum', '=', DEMO_ORDER)
    .executeTakeFirst();
  if (existing) return true;
  // The demo logger is a type whose waybills the platform starts (not "only at the device").
  await ctx.db
    .updateTable('deviceType')
    .set({ waybillStatus: 1 })
    .where('id', '=', truck.deviceTypeId)
    .execute();
  await ctx.db
    .insertInto('waybill')
    .values({
      platformId: owner.platformId,
      accountId: owner.id,
      waybillPk: crypto.randomBytes(16).toString('base64url'),
      orderNum: DEMO_ORDER,
      goodsName: 'Vaccines',
      expressNumber: 'SF1000200030,JD-778899',
      coolerCode: 'BOX-01',
      deviceId: truck.id,
      recordInterval: 60,
      uploadInterval: 300,
      alarmRecordInterval: null,
      alarmUploadInterval: null,
      timeZone: truck.timeZone,
      upperLimit: 8,
      lowerLimit: 2,
      warnUpperLimit: 7,
      warnLowerLimit: 3,
      humidityUpperLimit: null,
      humidityLowerLimit: null,
      startTrigger: 'geofence',
      stopTrigger: 'geofence',
      startTime: null,
      endTime: null,
      startFenceId: depot,
      startFenceEvent: 'leave',
      stopFenceId: hospital,
      stopFenceEvent: 'enter',
      airFlag: 0,
      airStartWay: null,
      airStartTime: null,
      airStopTime: null,
      fenceModelId: null,
      devicePower: 0,
      deliveryMan: 'Wang Wei',
      deliveryPhone: '13800138000',
      deliveryCompany: 'Demo Pharma',
      deliveryAddress: 'Depot, Pudong',
      receiverMan: 'Li Na',
      receiverPhone: '13900139000',
      receiverCompany: 'City Hospital',
      receiverAddress: 'Minhang, Shanghai',
      contacts: JSON.stringify([{ name: 'Duty desk', phone: '13700137000', email: null }]),
      startDelay: 0,
      expectedReceiveTime: new Date(now.getTime() + 4 * 3_600_000).toISOString(),
      receiveAlarm: 0,
      receiveAlarmAt: null,
      trackTemplateId: null,
      waybillState: 0,
      startedAt: null,
      stoppedAt: null,
      receivedAt: null,
      startedBy: null,
      stoppedBy: null,
      receivedBy: null,
      startCommandId: null,
      fenceState: '{}',
      createdAt: iso,
      updatedAt: iso,
    })
    .execute();
  return true;
}
