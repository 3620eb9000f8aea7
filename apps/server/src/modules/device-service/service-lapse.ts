import { AppError } from '../../errors.ts';

/**
 * What a device's service dates allow (001 §9, 002 §8, §9), asked by ingest, history, exports and
 * the alarm engine:
 * - before serviceExpiredDate the service is active: data is stored and alarms are raised;
 * - from serviceExpiredDate until dataExpiredDate (3 months later) the service has lapsed: data is
 *   still stored and history and exports stay readable, but no alarm is raised or reminded;
 * - from dataExpiredDate on cloud monitoring has stopped: uploads are refused (and counted), history
 *   and exports answer the expired-service message.
 */
export type ServicePhase = 'active' | 'lapsed' | 'stopped';

export interface ServiceDates {
  serviceExpiredDate: string;
  dataExpiredDate: string;
}

const iso = (now: Date | number) => new Date(now).toISOString();

export function servicePhase(device: ServiceDates, now: Date | number): ServicePhase {
  const at = iso(now);
  if (at < device.serviceExpiredDate) return 'active';
  if (at < device.dataExpiredDate) return 'lapsed';
  return 'stopped';
}

/** Whether the cloud stores what the device uploads. */
export function acceptsUploads(device: Pick<ServiceDates, 'dataExpiredDate'>, now: Date | number): boolean {
  return iso(now) < device.dataExpiredDate;
}

/** Whether the alarm engine raises (and reminds of) alarms for the device. */
export function raisesAlarms(device: Pick<ServiceDates, 'serviceExpiredDate'>, now: Date | number): boolean {
  return iso(now) < device.serviceExpiredDate;
}

/** Why an upload was refused, as sent to the device on its rejects topic. */
export function lapsedUploadDetail(device: Pick<ServiceDates, 'dataExpiredDate'>): string {
  return `service lapsed: data upload ended ${device.dataExpiredDate.slice(0, 10)}, renew the service`;
}

/** History and exports of a device whose data period has ended answer the expired-service message. */
export function assertHistoryReadable(
  device: Pick<ServiceDates, 'dataExpiredDate'>,
  now: Date | number,
): void {
  if (!acceptsUploads(device, now)) throw new AppError('deviceServiceLapsed');
}
