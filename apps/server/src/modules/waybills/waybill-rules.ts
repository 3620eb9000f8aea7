import type { WaybillInsert } from '@coldchain/shared';
import { fieldError } from '../../errors.ts';
import { isTimeZone } from '../dicts/time-zones.ts';

/** The fields the rules read, after defaults (limits in °C, times in ms). */
export type WaybillDraft = Omit<WaybillInsert, 'timeZone' | 'recordInterval' | 'uploadInterval'> & {
  timeZone: string;
  recordInterval: number;
  uploadInterval: number;
};

/**
 * The rules of 002 §5 across fields; each failure names its field. Air-mode times outside the planned
 * period are not refused: the caller corrects them with clampAirTimes (the spec's "auto-corrected").
 */
export function checkWaybillRules(d: WaybillDraft): void {
  if (!isTimeZone(d.timeZone)) throw fieldError('timeZone', 'rules.timeZone');
  if (d.uploadInterval < d.recordInterval) throw fieldError('uploadInterval', 'rules.uploadInterval');
  if (
    d.alarmRecordInterval != null &&
    d.alarmUploadInterval != null &&
    d.alarmUploadInterval < d.alarmRecordInterval
  )
    throw fieldError('alarmUploadInterval', 'rules.uploadInterval');
  if (d.lowerLimit >= d.upperLimit) throw fieldError('lowerLimit', 'rules.lowerBelowUpper');
  const inside = (v: number) => v >= d.lowerLimit && v <= d.upperLimit;
  if (d.warnUpperLimit != null && !inside(d.warnUpperLimit))
    throw fieldError('warnUpperLimit', 'rules.warnInsideLimits');
  if (d.warnLowerLimit != null && !inside(d.warnLowerLimit))
    throw fieldError('warnLowerLimit', 'rules.warnInsideLimits');
  if (d.warnUpperLimit != null && d.warnLowerLimit != null && d.warnLowerLimit >= d.warnUpperLimit)
    throw fieldError('warnLowerLimit', 'rules.lowerBelowUpper');
  if (
    d.humidityUpperLimit != null &&
    d.humidityLowerLimit != null &&
    d.humidityLowerLimit >= d.humidityUpperLimit
  )
    throw fieldError('humidityLowerLimit', 'rules.lowerBelowUpper');
  if (d.startTrigger === 'timed' && d.startTime == null)
    throw fieldError('startTime', 'rules.requiredForTimed');
  if (d.stopTrigger === 'timed' && d.endTime == null) throw fieldError('endTime', 'rules.requiredForTimed');
  if (d.startTrigger === 'geofence' && d.startFenceId == null)
    throw fieldError('startFenceId', 'rules.requiredForGeofence');
  if (d.stopTrigger === 'geofence' && d.stopFenceId == null)
    throw fieldError('stopFenceId', 'rules.requiredForGeofence');
  if (d.startTime != null && d.endTime != null && d.endTime <= d.startTime)
    throw fieldError('endTime', 'rules.endAfterStart');
  if (d.airFlag === 1) {
    if (d.airStartWay == null) throw fieldError('airStartWay', 'rules.requiredForAirMode');
    if (d.airStartWay === 'timed' && d.airStartTime == null)
      throw fieldError('airStartTime', 'rules.requiredForAirMode');
    if (d.airStartWay === 'geofence' && d.fenceModelId == null)
      throw fieldError('fenceModelId', 'rules.requiredForAirMode');
    if (d.airStopTime == null) throw fieldError('airStopTime', 'rules.requiredForAirMode');
    if (d.airStartTime != null && d.airStartTime > d.airStopTime)
      throw fieldError('airStartTime', 'rules.airStartNotAfterStop');
  }
  if (d.receiveAlarm === 1 && d.expectedReceiveTime == null)
    throw fieldError('expectedReceiveTime', 'rules.required');
  const seen = new Set<string>();
  for (const [i, c] of d.contacts.entries()) {
    for (const value of [c.phone, c.email?.toLowerCase()]) {
      if (!value) continue;
      if (seen.has(value)) throw fieldError(`contacts.${i}`, 'rules.duplicates');
      seen.add(value);
    }
  }
}

/**
 * Air-mode times must fall within the waybill's planned period (002 §5); times outside it are moved
 * to its edges. Answers whether anything moved, so the caller can show the spec's notice.
 */
export function clampAirTimes(d: WaybillDraft): boolean {
  if (d.airFlag !== 1) return false;
  let moved = false;
  const clamp = (v: number | null | undefined): number | null | undefined => {
    if (v == null) return v;
    let out = v;
    if (d.startTime != null && out < d.startTime) out = d.startTime;
    if (d.endTime != null && out > d.endTime) out = d.endTime;
    if (out !== v) moved = true;
    return out;
  };
  d.airStartTime = clamp(d.airStartTime);
  d.airStopTime = clamp(d.airStopTime);
  return moved;
}

/** Fields a started waybill may still change: the parties, contacts and the receipt settings. */
export const CHANGEABLE_WHEN_STARTED = new Set<string>([
  'goodsName',
  'expressNumber',
  'coolerCode',
  'deliveryMan',
  'deliveryPhone',
  'deliveryCompany',
  'deliveryAddress',
  'receiverMan',
  'receiverPhone',
  'receiverCompany',
  'receiverAddress',
  'contacts',
  'expectedReceiveTime',
  'receiveAlarm',
  'trackTemplateId',
]);
