import type {
  PublicWaybillRow,
  TrackTemplate,
  WaybillContact,
  WaybillDetail,
  WaybillRow,
  WaybillState,
  WaybillTemplate,
  WaybillTrigger,
} from '@coldchain/shared';
import { type TemperatureUnit, temperaturesShown } from './temperature-unit.ts';
import type { TrackTemplateRow, WaybillTemplateRow, WaybillWithDevice } from './waybills.repo.ts';

export const ms = (value: string | null): number | null => (value === null ? null : Date.parse(value));
export const isoOf = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const flag = (v: number): 0 | 1 => (v ? 1 : 0);

/** A waybill of the list, its temperature limits in the caller's unit. */
export function presentWaybillRow(stored: WaybillWithDevice, unit: TemperatureUnit): WaybillRow {
  const row = temperaturesShown(stored, unit);
  return {
    id: row.id,
    waybillPk: row.waybillPk,
    orderNum: row.orderNum,
    goodsName: row.goodsName,
    expressNumber: row.expressNumber,
    coolerCode: row.coolerCode,
    deviceId: row.deviceId,
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    deviceStatus: row.deviceStatus,
    waybillState: row.waybillState as WaybillState,
    startTrigger: row.startTrigger as WaybillTrigger,
    stopTrigger: row.stopTrigger as WaybillTrigger,
    startTime: ms(row.startTime),
    endTime: ms(row.endTime),
    startedAt: ms(row.startedAt),
    stoppedAt: ms(row.stoppedAt),
    receivedAt: ms(row.receivedAt),
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    temperatureUnit: unit,
    deliveryMan: row.deliveryMan,
    receiverMan: row.receiverMan,
    receiverCompany: row.receiverCompany,
    expectedReceiveTime: ms(row.expectedReceiveTime),
    createdAt: Date.parse(row.createdAt),
  };
}

export function parseContacts(json: string): { name: string; phone: string | null; email: string | null }[] {
  return (JSON.parse(json) as WaybillContact[]).map((c) => ({
    name: c.name,
    phone: c.phone ?? null,
    email: c.email ?? null,
  }));
}

export function presentWaybillDetail(
  stored: WaybillWithDevice,
  startAtDeviceOnly: boolean,
  unit: TemperatureUnit,
): WaybillDetail {
  const row = temperaturesShown(stored, unit);
  return {
    ...presentWaybillRow(stored, unit),
    recordInterval: row.recordInterval,
    uploadInterval: row.uploadInterval,
    alarmRecordInterval: row.alarmRecordInterval,
    alarmUploadInterval: row.alarmUploadInterval,
    timeZone: row.timeZone,
    warnUpperLimit: row.warnUpperLimit,
    warnLowerLimit: row.warnLowerLimit,
    humidityUpperLimit: row.humidityUpperLimit,
    humidityLowerLimit: row.humidityLowerLimit,
    startFenceId: row.startFenceId,
    startFenceEvent: row.startFenceEvent as 'enter' | 'leave',
    stopFenceId: row.stopFenceId,
    stopFenceEvent: row.stopFenceEvent as 'enter' | 'leave',
    airFlag: flag(row.airFlag),
    airStartWay: row.airStartWay as 'timed' | 'geofence' | null,
    airStartTime: ms(row.airStartTime),
    airStopTime: ms(row.airStopTime),
    fenceModelId: row.fenceModelId,
    devicePower: flag(row.devicePower),
    deliveryPhone: row.deliveryPhone,
    deliveryCompany: row.deliveryCompany,
    deliveryAddress: row.deliveryAddress,
    receiverPhone: row.receiverPhone,
    receiverAddress: row.receiverAddress,
    contacts: parseContacts(row.contacts),
    startDelay: row.startDelay,
    receiveAlarm: flag(row.receiveAlarm),
    receiveAlarmAt: ms(row.receiveAlarmAt),
    trackTemplateId: row.trackTemplateId,
    startAtDeviceOnly: startAtDeviceOnly ? 1 : 0,
    startedBy: row.startedBy,
    stoppedBy: row.stoppedBy,
    receivedBy: row.receivedBy,
    startCommandId: row.startCommandId,
  };
}

/** Only what a public page shows: no parties, phones, addresses, contacts, owner or internal ids. */
export function presentPublicRow(row: WaybillWithDevice): PublicWaybillRow {
  return {
    waybillPk: row.waybillPk,
    orderNum: row.orderNum,
    expressNumber: row.expressNumber,
    goodsName: row.goodsName,
    deviceGuid: row.deviceGuid,
    waybillState: row.waybillState as WaybillState,
    startedAt: ms(row.startedAt),
    stoppedAt: ms(row.stoppedAt),
    receivedAt: ms(row.receivedAt),
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    timeZone: row.timeZone,
  };
}

/** A waybill template, its temperature fields (stored in °C) in the caller's unit. */
export function presentWaybillTemplate(row: WaybillTemplateRow, unit: TemperatureUnit): WaybillTemplate {
  return {
    id: row.id,
    modelName: row.modelName,
    content: temperaturesShown(JSON.parse(row.content) as Record<string, unknown>, unit),
    createdAt: Date.parse(row.createdAt),
  };
}

export function presentTrackTemplate(row: TrackTemplateRow): TrackTemplate {
  return {
    id: row.id,
    name: row.name,
    points: JSON.parse(row.points) as TrackTemplate['points'],
    createdAt: Date.parse(row.createdAt),
  };
}

/** What the operation log keeps of a waybill (no contacts' details beyond names). */
export function auditWaybill(row: WaybillWithDevice) {
  return {
    orderNum: row.orderNum,
    deviceGuid: row.deviceGuid,
    waybillState: row.waybillState,
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    startTrigger: row.startTrigger,
    stopTrigger: row.stopTrigger,
    startTime: row.startTime,
    endTime: row.endTime,
  };
}
