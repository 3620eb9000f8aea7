import crypto from 'node:crypto';
import { type GeofenceArea, WAYBILL_STATE_IN_PROGRESS, WAYBILL_STATE_NOT_STARTED } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { DEPOT_AREA, HOSPITAL_AREA } from '../../demo/demo-places.ts';
import { DEMO_DEVICES } from '../../ingest/demo-devices.ts';

/** Demo waybills are numbered DEMO-0001, DEMO-0002, ... */
const DEMO_ORDER_PREFIX = 'DEMO-';
const demoOrder = (n: number) => `${DEMO_ORDER_PREFIX}${String(n).padStart(4, '0')}`;

/**
 * Gives demo_user two geofences on the first demo truck's round (demo-places.ts) and a waybill for
 * that truck that starts on leaving the depot and ends on reaching the hospital, so a first start
 * shows waybills moving on their own. Once a demo waybill has ended the next call adds the next one
 * (the demo calls this at every start and every half minute), so the demo keeps living. Answers true
 * when a demo waybill is waiting or under way; false while the demo truck does not exist yet.
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
  const depot = await fenceId('Depot', DEPOT_AREA);
  const hospital = await fenceId('City Hospital', HOSPITAL_AREA);

  const truckGuid = DEMO_DEVICES.find((d) => d.profile === 'truck')?.guid ?? '';
  const truck = await ctx.db
    .selectFrom('device')
    .select(['id', 'deviceTypeId', 'timeZone'])
    .where('deviceGuid', '=', truckGuid)
    .where('accountId', '=', owner.id)
    .executeTakeFirst();
  if (!truck) return false;
  const demos = await ctx.db
    .selectFrom('waybill')
    .select(['orderNum', 'waybillState'])
    .where('accountId', '=', owner.id)
    .where('orderNum', 'like', `${DEMO_ORDER_PREFIX}%`)
    .execute();
  const live = [WAYBILL_STATE_NOT_STARTED, WAYBILL_STATE_IN_PROGRESS] as number[];
  if (demos.some((w) => live.includes(w.waybillState))) return true;
  const numbers = demos
    .map((w) => Number(w.orderNum.slice(DEMO_ORDER_PREFIX.length)))
    .filter(Number.isFinite);
  const orderNum = demoOrder(Math.max(0, ...numbers) + 1);
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
      orderNum,
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
