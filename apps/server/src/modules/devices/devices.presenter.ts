import type {
  DeviceCommand,
  DeviceDetail,
  DevicePosition,
  DeviceRow,
  DeviceStatus,
  DeviceUseState,
  MaintainRecord,
} from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { DeviceMaintainRecordTable } from '../../db/database.ts';
import type { CommandRow, DeviceRecord, DeviceView } from './devices.repo.ts';

const scenesOf = (stored: string): number[] => stored.split(',').filter(Boolean).map(Number);

export function presentDeviceRow(row: DeviceView, now: string): DeviceRow {
  return {
    id: row.id,
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    deviceDesc: row.deviceDesc,
    deviceTypeId: row.deviceTypeId,
    typeName: row.typeName,
    typeCode: row.typeCode,
    deviceImg: row.deviceImg,
    scenes: scenesOf(row.typeScenes),
    status: row.status as DeviceStatus,
    useState: row.useState as DeviceUseState,
    lastSeenAt: row.lastSeenAt,
    battery: row.battery,
    signal: row.signal,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    timeZone: row.timeZone,
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    serviceExpiredDate: row.serviceExpiredDate,
    expired: row.serviceExpiredDate < now ? 1 : 0,
    accountId: row.accountId,
    ownerName: row.ownerName,
    createdAt: row.createdAt,
  };
}

export function presentDeviceDetail(row: DeviceView, now: string): DeviceDetail {
  return {
    ...presentDeviceRow(row, now),
    deviceModelId: row.deviceModelId,
    modelName: row.modelName,
    dataExpiredDate: row.dataExpiredDate,
    recordInterval: row.recordInterval,
    uploadInterval: row.uploadInterval,
    correctionValue: row.correctionValue,
    version: row.version,
    iccId: row.iccId,
    sensorCount: row.sensorCount,
    countryCode: row.countryCode,
    serverLevel: row.serverLevel,
    smsCount: row.smsCount,
    voiceCount: row.voiceCount,
    creatorName: row.creatorName,
    manualUrl: row.manualUrl,
    updatedAt: row.updatedAt,
  };
}

/**
 * A device whose first probe the caller may not see (000 §6): its limits and correction mirror that
 * probe's settings (002 §5), so they are answered empty.
 */
export function withoutProbeLimits<T extends DeviceRecord>(row: T): T {
  return { ...row, upperLimit: null, lowerLimit: null, correctionValue: null };
}

/** What the operation log keeps of a device change: the fields a user can set, never secrets. */
export function auditDevice(row: DeviceRecord) {
  return {
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    deviceDesc: row.deviceDesc,
    deviceTypeId: row.deviceTypeId,
    deviceModelId: row.deviceModelId,
    accountId: row.accountId,
    useState: row.useState,
    deletedFlag: row.deletedFlag,
    timeZone: row.timeZone,
    recordInterval: row.recordInterval,
    uploadInterval: row.uploadInterval,
    upperLimit: row.upperLimit,
    lowerLimit: row.lowerLimit,
    correctionValue: row.correctionValue,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    serviceExpiredDate: row.serviceExpiredDate,
    credentialRotation: row.credentialRotation,
  };
}

export function presentCommand(row: CommandRow): DeviceCommand {
  return {
    id: row.id,
    commandType: row.commandType,
    state: row.state as DeviceCommand['state'],
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    ackedAt: row.ackedAt,
    result: row.result,
  };
}

export function presentPosition(row: {
  id: number;
  deviceName: string;
  deviceGuid: string;
  typeName: string;
  status: string;
  useState: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
}): DevicePosition {
  return {
    id: row.id,
    deviceName: row.deviceName,
    deviceGuid: row.deviceGuid,
    typeName: row.typeName,
    status: row.status as DeviceStatus,
    useState: row.useState as DeviceUseState,
    latitude: row.latitude ?? 0,
    longitude: row.longitude ?? 0,
    address: row.address,
  };
}

export function presentMaintainRecord(row: Selectable<DeviceMaintainRecordTable>): MaintainRecord {
  return {
    id: row.id,
    deviceId: row.deviceId,
    reportDate: row.reportDate,
    startTime: row.startTime,
    endTime: row.endTime,
    maintainer: row.maintainer,
    approver: row.approver,
    reason: row.reason,
    content: row.content,
    standard: row.standard,
    result: row.result,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
