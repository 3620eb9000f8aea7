import type { WaybillContact, WaybillInsertInput } from '@coldchain/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { joinTrackingNumbers } from './waybill-rules.ts';

/**
 * The waybill form's values and their conversion to and from the API's fields (002 §3): instants are
 * date pickers here and ms there, switches are booleans here and 0/1 flags there, empty texts are
 * left out.
 */

type Trigger = NonNullable<WaybillInsertInput['startTrigger']>;
type FenceEvent = NonNullable<WaybillInsertInput['startFenceEvent']>;
type AirStartWay = NonNullable<WaybillInsertInput['airStartWay']>;

export interface WaybillFormValues {
  orderNum?: string;
  goodsName?: string;
  expressNumber?: string;
  coolerCode?: string;
  deviceId?: number;
  timeZone?: string;
  trackTemplateId?: number;
  recordInterval?: number;
  uploadInterval?: number;
  alarmRecordInterval?: number;
  alarmUploadInterval?: number;
  upperLimit?: number;
  lowerLimit?: number;
  warnUpperLimit?: number;
  warnLowerLimit?: number;
  humidityUpperLimit?: number;
  humidityLowerLimit?: number;
  startDelay?: number;
  startTrigger: Trigger;
  stopTrigger: Trigger;
  startTime?: Dayjs;
  endTime?: Dayjs;
  startFenceId?: number;
  startFenceEvent: FenceEvent;
  stopFenceId?: number;
  stopFenceEvent: FenceEvent;
  airFlag: boolean;
  airStartWay?: AirStartWay;
  airStartTime?: Dayjs;
  airStopTime?: Dayjs;
  fenceModelId?: number;
  devicePower: boolean;
  deliveryMan?: string;
  deliveryPhone?: string;
  deliveryCompany?: string;
  deliveryAddress?: string;
  receiverMan?: string;
  receiverPhone?: string;
  receiverCompany?: string;
  receiverAddress?: string;
  contacts: { name?: string; phone?: string; email?: string }[];
  expectedReceiveTime?: Dayjs;
  receiveAlarm: boolean;
}

/** What a new waybill starts with. */
export const EMPTY_WAYBILL: WaybillFormValues = {
  startTrigger: 'manual',
  stopTrigger: 'manual',
  startFenceEvent: 'leave',
  stopFenceEvent: 'enter',
  airFlag: false,
  devicePower: false,
  contacts: [],
  receiveAlarm: false,
  startDelay: 0,
};

const TEXT_FIELDS = [
  'orderNum',
  'goodsName',
  'expressNumber',
  'coolerCode',
  'timeZone',
  'deliveryMan',
  'deliveryPhone',
  'deliveryCompany',
  'deliveryAddress',
  'receiverMan',
  'receiverPhone',
  'receiverCompany',
  'receiverAddress',
] as const;
const NUMBER_FIELDS = [
  'deviceId',
  'trackTemplateId',
  'recordInterval',
  'uploadInterval',
  'alarmRecordInterval',
  'alarmUploadInterval',
  'upperLimit',
  'lowerLimit',
  'warnUpperLimit',
  'warnLowerLimit',
  'humidityUpperLimit',
  'humidityLowerLimit',
  'startDelay',
  'startFenceId',
  'stopFenceId',
  'fenceModelId',
] as const;
const TIME_FIELDS = ['startTime', 'endTime', 'airStartTime', 'airStopTime', 'expectedReceiveTime'] as const;

/** Fields a template leaves out: they belong to one shipment (its numbers and its calendar). */
export const NOT_IN_TEMPLATE = ['orderNum', 'expressNumber', ...TIME_FIELDS] as const;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';
const ms = (d: Dayjs | undefined) => (d ? d.valueOf() : undefined);

/** The API's fields of a filled form; texts trimmed, empty ones left out, flags as 0/1. */
export function insertOf(values: WaybillFormValues): WaybillInsertInput {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    if (!blank(value)) body[field] = value?.trim();
  }
  if (typeof body.expressNumber === 'string') body.expressNumber = joinTrackingNumbers(body.expressNumber);
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (typeof value === 'number' && Number.isFinite(value)) body[field] = value;
  }
  for (const field of TIME_FIELDS) {
    const value = ms(values[field]);
    if (value !== undefined) body[field] = value;
  }
  body.startTrigger = values.startTrigger;
  body.stopTrigger = values.stopTrigger;
  body.startFenceEvent = values.startFenceEvent;
  body.stopFenceEvent = values.stopFenceEvent;
  body.airFlag = values.airFlag ? 1 : 0;
  if (values.airFlag && values.airStartWay) body.airStartWay = values.airStartWay;
  if (!values.airFlag) {
    // Air-mode settings mean nothing without air mode.
    delete body.airStartTime;
    delete body.airStopTime;
    delete body.fenceModelId;
  }
  if (values.startTrigger !== 'geofence') delete body.startFenceId;
  if (values.stopTrigger !== 'geofence') delete body.stopFenceId;
  body.devicePower = values.devicePower ? 1 : 0;
  body.receiveAlarm = values.receiveAlarm ? 1 : 0;
  body.contacts = values.contacts
    .filter((c) => !blank(c.name) || !blank(c.phone) || !blank(c.email))
    .map((c): WaybillContact => {
      const contact: WaybillContact = { name: (c.name ?? '').trim() };
      if (!blank(c.phone)) contact.phone = c.phone?.trim();
      if (!blank(c.email)) contact.email = c.email?.trim();
      return contact;
    });
  return body as unknown as WaybillInsertInput;
}

/** A template's content: the form's fields without those of one shipment. */
export function templateContentOf(values: WaybillFormValues): Partial<WaybillInsertInput> {
  const content: Record<string, unknown> = { ...insertOf(values) };
  for (const field of NOT_IN_TEMPLATE) delete content[field];
  return content as Partial<WaybillInsertInput>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const asText = (v: unknown) => (typeof v === 'string' ? v : undefined);
const asNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const asTime = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? dayjs(v) : undefined);

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/**
 * Form values from a saved waybill or a template's content (a record of any of the fields). Unknown
 * or malformed entries are ignored, so an old template still opens.
 */
export function formValuesOf(source: Record<string, unknown>): WaybillFormValues {
  const values: WaybillFormValues = { ...EMPTY_WAYBILL, contacts: [] };
  const target = values as unknown as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = asText(source[field]);
    if (value !== undefined) target[field] = value;
  }
  for (const field of NUMBER_FIELDS) {
    const value = asNumber(source[field]);
    if (value !== undefined) target[field] = value;
  }
  for (const field of TIME_FIELDS) {
    const value = asTime(source[field]);
    if (value !== undefined) target[field] = value;
  }
  const triggers = ['manual', 'timed', 'geofence'] as const;
  const events = ['enter', 'leave'] as const;
  values.startTrigger = oneOf(source.startTrigger, triggers, 'manual');
  values.stopTrigger = oneOf(source.stopTrigger, triggers, 'manual');
  values.startFenceEvent = oneOf(source.startFenceEvent, events, 'leave');
  values.stopFenceEvent = oneOf(source.stopFenceEvent, events, 'enter');
  values.airFlag = source.airFlag === 1;
  const way = source.airStartWay;
  if (way === 'timed' || way === 'geofence') values.airStartWay = way;
  values.devicePower = source.devicePower === 1;
  values.receiveAlarm = source.receiveAlarm === 1;
  values.contacts = Array.isArray(source.contacts)
    ? source.contacts.filter(isRecord).map((c) => ({
        name: asText(c.name) ?? '',
        phone: asText(c.phone) ?? '',
        email: asText(c.email) ?? '',
      }))
    : [];
  return values;
}
