import {
  type ConsolePushRecord,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  PUSH_RECORD_STATUSES,
  type PushRecord,
  type PushRecordStatus,
} from '@coldchain/shared';
import type { PushRecordRow } from './push-records.repo.ts';

const asChannel = (value: string): DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(value) ? (value as DeliveryChannel) : 'webhook';
const asStatus = (value: string): PushRecordStatus =>
  (PUSH_RECORD_STATUSES as readonly string[]).includes(value) ? (value as PushRecordStatus) : 'failed';

export function presentPushRecord(row: PushRecordRow): PushRecord {
  return {
    id: row.id,
    channel: asChannel(row.channel),
    target: row.target,
    recipientName: row.recipientName,
    subject: row.subject,
    content: row.content,
    status: asStatus(row.status),
    provider: row.provider,
    deviceId: row.deviceId,
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    userName: row.userName,
    dataPushConfigId: row.dataPushConfigId,
    attempt: row.attempt,
    httpStatus: row.httpStatus,
    error: row.error,
    createdAt: row.createdAt,
  };
}

/** A record as the cloud-chain push record page shows it to a device's users. */
export function presentConsolePushRecord(row: PushRecordRow): ConsolePushRecord {
  const record = presentPushRecord(row);
  return {
    id: record.id,
    channel: record.channel,
    target: record.target,
    recipientName: record.recipientName,
    subject: record.subject,
    content: record.content,
    status: record.status,
    deviceId: record.deviceId,
    deviceGuid: record.deviceGuid,
    deviceName: record.deviceName,
    attempt: record.attempt,
    createdAt: record.createdAt,
  };
}
