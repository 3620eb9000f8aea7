import { z } from 'zod';
import {
  CHART_POINTS_DEFAULT,
  CHART_POINTS_MAX,
  CHART_POINTS_MIN,
  DEVICE_INTERVAL_MAX_S,
  DEVICE_INTERVAL_MIN_S,
  GEOFENCE_AREAS_MAX,
  GEOFENCE_NAME_MAX,
  GEOFENCE_POLYGON_POINTS_MAX,
  GEOFENCE_POLYGON_POINTS_MIN,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  TEMPERATURE_UNITS,
  TRACK_TEMPLATE_NAME_MAX,
  TRACK_TEMPLATE_POINTS_MAX,
  WAYBILL_ACTIONS,
  WAYBILL_ADDRESS_MAX,
  WAYBILL_AIR_START_WAYS,
  WAYBILL_BATCH_MAX,
  WAYBILL_COMPANY_MAX,
  WAYBILL_CONTACT_NAME_MAX,
  WAYBILL_CONTACTS_MAX,
  WAYBILL_COOLER_CODE_MAX,
  WAYBILL_EXPRESS_NUMBER_MAX,
  WAYBILL_FENCE_EVENTS,
  WAYBILL_GOODS_NAME_MAX,
  WAYBILL_HUMIDITY_MAX,
  WAYBILL_HUMIDITY_MIN,
  WAYBILL_ORDER_NUM_MAX,
  WAYBILL_PERSON_NAME_MAX,
  WAYBILL_SHARE_VALIDITIES,
  WAYBILL_START_DELAY_MAX_MIN,
  WAYBILL_STATES,
  WAYBILL_TEMPLATE_NAME_MAX,
  WAYBILL_TRIGGERS,
} from '../constants.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation.ts';
import { flagSchema, pageRequestSchema } from './common.ts';
import { chartSeriesSchema, epochMsSchema, latestReadingSchema } from './device-data.ts';

/**
 * Waybills, waybill templates, track templates and geofences (002 §3-§5, §7, §9). All paths are under
 * /api; instants are milliseconds since the epoch (UTC); lengths count characters.
 *
 * Signed in (permission key in brackets):
 *   POST   /device/DeviceWaybillInfo/page           waybillPageSchema -> page of waybillRowSchema [waybill.list:query]
 *   POST   /device/DeviceWaybillInfo/insert         waybillInsertSchema -> waybillDetailSchema [waybill.list:add]
 *   PUT    /device/DeviceWaybillInfo/update         waybillUpdateSchema -> waybillDetailSchema [waybill.list:edit]
 *          (replaces every field; a started waybill changes only parties, contacts and receipt settings)
 *   DELETE /device/DeviceWaybillInfo/delete?ids=1,2 waybillIdsQuerySchema -> { deleted } [waybill.list:delete]
 *   GET    /device/DeviceWaybillInfo/detail?id= or ?waybillPk=  waybillDetailQuerySchema -> waybillDetailSchema
 *          [waybill.list:query]
 *   POST   /device/DeviceWaybillInfo/changeState    waybillChangeStateSchema -> waybillDetailSchema
 *          [waybill.list:edit]; an offline device answers deviceOfflineConfirm unless confirm = 1
 *   POST   /device/DeviceWaybillInfo/share          waybillShareSchema -> waybillShareAnswerSchema [waybill.list:query]
 *          (the answer's path opens the public detail with the track; the receiver may confirm receipt there)
 *   POST   /device/DeviceWaybillInfo/overview       waybillIdSchema -> waybillOverviewSchema [waybill.list:query]
 *   POST   /device/DeviceWaybillInfo/track          waybillRangeSchema -> waybillTrackSchema [waybill.list:query]
 *   POST   /device/DeviceWaybillInfo/chart          waybillChartSchema -> waybillChartAnswerSchema [waybill.list:query]
 *   POST   /device/DeviceWaybillInfo/alarms         waybillAlarmPageSchema -> waybillAlarmPageAnswerSchema [waybill.list:query]
 *   GET    /device/DeviceWaybillInfo/export         waybillExportQuerySchema -> blob XLSX of the list [waybill.list:export]
 *   GET    /device/DeviceWaybillInfo/report?id=     waybillIdQuerySchema -> blob PDF report [waybill.list:export]
 *   POST   /device/DeviceWaybillModel/page          waybillTemplatePageSchema -> page of waybillTemplateSchema [waybill.list:query]
 *   POST   /device/DeviceWaybillModel/insert        waybillTemplateInsertSchema -> waybillTemplateSchema [waybill.list:add]
 *   DELETE /device/DeviceWaybillModel/delete?ids=   waybillIdsQuerySchema -> { deleted } [waybill.list:delete]
 *   POST   /device/DeviceTrackModel/page            trackTemplatePageSchema -> page of trackTemplateSchema [waybill.list:query]
 *   POST   /device/DeviceTrackModel/insert          trackTemplateInsertSchema -> trackTemplateSchema [waybill.list:add]
 *   DELETE /device/DeviceTrackModel/delete?ids=     waybillIdsQuerySchema -> { deleted } [waybill.list:delete]
 *   POST   /device/DeviceFenceModel/page            geofencePageSchema -> page of geofenceSchema [waybill.geofence:query]
 *   GET    /device/DeviceFenceModel/detail?id=      waybillIdQuerySchema -> geofenceSchema [waybill.geofence:query]
 *   POST   /device/DeviceFenceModel/insert          geofenceInsertSchema -> geofenceSchema [waybill.geofence:add]
 *   PUT    /device/DeviceFenceModel/update          geofenceUpdateSchema -> geofenceSchema [waybill.geofence:edit]
 *   DELETE /device/DeviceFenceModel/delete?ids=     waybillIdsQuerySchema -> { deleted } [waybill.geofence:delete]
 *
 * Public (no session; 30 calls a minute per address; only waybills of the request's platform):
 *   GET    /device/QuickSearch/mapConfig            -> mapConfigSchema (tile URL and attribution)
 *   POST   /device/QuickSearch/waybillList          publicWaybillLookupSchema -> { data: publicWaybillRowSchema[] }
 *   POST   /device/QuickSearch/waybillDetail        publicWaybillDetailRequestSchema -> publicWaybillDetailSchema
 *   POST   /device/QuickSearch/waybillReceive       publicWaybillReceiveSchema -> publicWaybillDetailSchema
 *
 * An insert or update whose air-mode times were moved into the waybill period answers code 0 with
 * `msg` = the waybillTimeCorrected message (002 §5 "auto-corrected"). Temperatures (limits, warning
 * limits, curve, statistics, alarm values, templates) are in the caller's unit, °C or °F (the
 * account's temperatureUnit; stored in °C); humidity in %RH. Public pages answer °C.
 * Messages of custom rules are translation keys under `rules.`.
 */

const idSchema = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
/** An optional text: empty or null clears it. */
const optionalText = (max: number) => text(max).nullable().optional();
/**
 * Temperatures come in the caller's unit (°C or °F, the account's temperatureUnit): the server
 * converts them and checks WAYBILL_TEMPERATURE_MIN..MAX (°C), naming the bound in the caller's unit.
 */
const temperatureSchema = z.number();
/** The unit of a waybill answer's temperatures: the caller's ('C' or 'F'). */
export const waybillTemperatureUnitSchema = z.enum(TEMPERATURE_UNITS);
const humiditySchema = z.number().min(WAYBILL_HUMIDITY_MIN).max(WAYBILL_HUMIDITY_MAX);
const intervalSchema = z.number().int().min(DEVICE_INTERVAL_MIN_S).max(DEVICE_INTERVAL_MAX_S);
const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { message: 'rules.phone' });
const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, { message: 'rules.email' });

export const waybillStateSchema = z.literal(WAYBILL_STATES);
export type WaybillState = z.infer<typeof waybillStateSchema>;
export const waybillTriggerSchema = z.enum(WAYBILL_TRIGGERS);
export type WaybillTrigger = z.infer<typeof waybillTriggerSchema>;
export const waybillFenceEventSchema = z.enum(WAYBILL_FENCE_EVENTS);
export type WaybillFenceEvent = z.infer<typeof waybillFenceEventSchema>;

/** A position in decimal degrees (WGS 84, as devices report it). */
export const geoPointSchema = z
  .object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
  .strict();
export type GeoPoint = z.infer<typeof geoPointSchema>;

/** Alarm contact (002 §3): name up to 20, and at least one of phone or e-mail (002 §5 alarm recipient). */
export const waybillContactSchema = z
  .object({
    name: z.string().trim().min(1).max(WAYBILL_CONTACT_NAME_MAX),
    phone: phoneSchema.nullable().optional(),
    email: emailSchema.nullable().optional(),
  })
  .strict()
  .refine((c) => Boolean(c.phone || c.email), { message: 'rules.phoneOrEmail', path: ['phone'] });
export type WaybillContact = z.infer<typeof waybillContactSchema>;

/**
 * Express numbers: comma separated, 100 characters in all (002 §3). Each number is letters, digits or
 * hyphens; full-width commas and blanks around numbers are normalised to "a,b".
 */
export const expressNumberSchema = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .join(','),
  )
  .pipe(
    z
      .string()
      .max(WAYBILL_EXPRESS_NUMBER_MAX)
      .regex(/^([A-Za-z0-9-]+(,[A-Za-z0-9-]+)*)?$/, { message: 'rules.expressNumber' }),
  );

/**
 * The editable fields of a waybill. Rules across fields (002 §5) are checked by the server, which
 * answers a message naming the field: upper above lower (temperature, warning, humidity), warning
 * limits inside the limits, end after start, air-mode start not after stop, a timed start or stop
 * needs its time, a geofence start or stop needs its geofence.
 */
const waybillFields = {
  orderNum: z.string().trim().min(1).max(WAYBILL_ORDER_NUM_MAX),
  goodsName: optionalText(WAYBILL_GOODS_NAME_MAX),
  expressNumber: expressNumberSchema.nullable().optional(),
  coolerCode: optionalText(WAYBILL_COOLER_CODE_MAX),
  deviceId: idSchema,
  /** Seconds; default the device's own. */
  recordInterval: intervalSchema.optional(),
  uploadInterval: intervalSchema.optional(),
  alarmRecordInterval: intervalSchema.nullable().optional(),
  alarmUploadInterval: intervalSchema.nullable().optional(),
  /** IANA zone; default the device's. */
  timeZone: z.string().trim().min(1).max(64).optional(),
  upperLimit: temperatureSchema,
  lowerLimit: temperatureSchema,
  warnUpperLimit: temperatureSchema.nullable().optional(),
  warnLowerLimit: temperatureSchema.nullable().optional(),
  humidityUpperLimit: humiditySchema.nullable().optional(),
  humidityLowerLimit: humiditySchema.nullable().optional(),
  /** How the waybill starts and stops; planned times are required for `timed`, fences for `geofence`. */
  startTrigger: waybillTriggerSchema.default('manual'),
  stopTrigger: waybillTriggerSchema.default('manual'),
  /** Planned start and stop (the waybill period until it actually starts or stops). */
  startTime: epochMsSchema.nullable().optional(),
  endTime: epochMsSchema.nullable().optional(),
  startFenceId: idSchema.nullable().optional(),
  startFenceEvent: waybillFenceEventSchema.default('leave'),
  stopFenceId: idSchema.nullable().optional(),
  stopFenceEvent: waybillFenceEventSchema.default('enter'),
  /** Air mode (002 §3): the device stops transmitting from the air start (at a time or on a fence) to the air stop. */
  airFlag: flagSchema.default(0),
  airStartWay: z.enum(WAYBILL_AIR_START_WAYS).nullable().optional(),
  airStartTime: epochMsSchema.nullable().optional(),
  airStopTime: epochMsSchema.nullable().optional(),
  /** The geofence that starts air mode when airStartWay is `geofence` (entering any of its areas). */
  fenceModelId: idSchema.nullable().optional(),
  /** 1: the device is switched off when the waybill ends. */
  devicePower: flagSchema.default(0),
  deliveryMan: optionalText(WAYBILL_PERSON_NAME_MAX),
  deliveryPhone: phoneSchema.nullable().optional(),
  deliveryCompany: optionalText(WAYBILL_COMPANY_MAX),
  deliveryAddress: optionalText(WAYBILL_ADDRESS_MAX),
  receiverMan: optionalText(WAYBILL_PERSON_NAME_MAX),
  receiverPhone: phoneSchema.nullable().optional(),
  receiverCompany: optionalText(WAYBILL_COMPANY_MAX),
  receiverAddress: optionalText(WAYBILL_ADDRESS_MAX),
  contacts: z.array(waybillContactSchema).max(WAYBILL_CONTACTS_MAX).default([]),
  /** Minutes after the start before readings count against the limits (the goods settle). */
  startDelay: z.number().int().min(0).max(WAYBILL_START_DELAY_MAX_MIN).default(0),
  expectedReceiveTime: epochMsSchema.nullable().optional(),
  /** 1: alarm the contacts when the waybill is not received by expectedReceiveTime. */
  receiveAlarm: flagSchema.default(0),
  /** Saved route shown on the map (a track template), optional. */
  trackTemplateId: idSchema.nullable().optional(),
};

export const waybillInsertSchema = z.object(waybillFields).strict();
export type WaybillInsert = z.infer<typeof waybillInsertSchema>;
export type WaybillInsertInput = z.input<typeof waybillInsertSchema>;

/** Not started waybills change every field; started ones only the parties, contacts and receive settings. */
export const waybillUpdateSchema = z.object({ id: idSchema, ...waybillFields }).strict();
export type WaybillUpdate = z.infer<typeof waybillUpdateSchema>;

export const waybillIdSchema = z.object({ id: idSchema }).strict();
export const waybillIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
/** A waybill's page opens by its id or by its key (000 §2.4 /waybill/detail/{waybillPk}): one of the two. */
export const waybillDetailQuerySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    waybillPk: z.string().trim().min(1).max(64).optional(),
  })
  .refine((q) => (q.id === undefined) !== (q.waybillPk === undefined), {
    message: 'rules.waybillIdOrKeyRequired',
    path: ['waybillPk'],
  });
export type WaybillDetailQuery = z.infer<typeof waybillDetailQuerySchema>;
export const waybillIdsQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .max(WAYBILL_BATCH_MAX * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/, { message: 'rules.idList' })
    .transform((v) => v.split(',').map(Number))
    .refine((v) => v.length <= WAYBILL_BATCH_MAX, { message: 'rules.idList' }),
});
export const deletedAnswerSchema = z.object({ deleted: z.number().int() });

/** Columns each list sorts by (sortField); any other name is refused with a field error. */
export const WAYBILL_SORT_FIELDS = [
  'orderNum',
  'expressNumber',
  'goodsName',
  'deviceName',
  'deviceGuid',
  'waybillState',
  'startTime',
  'endTime',
  'startedAt',
  'stoppedAt',
  'receivedAt',
  'expectedReceiveTime',
  'createdAt',
  'id',
] as const;
export type WaybillSortField = (typeof WAYBILL_SORT_FIELDS)[number];
export const WAYBILL_TEMPLATE_SORT_FIELDS = ['modelName', 'createdAt', 'id'] as const;
export const TRACK_TEMPLATE_SORT_FIELDS = ['name', 'createdAt', 'id'] as const;
export const GEOFENCE_SORT_FIELDS = ['name', 'createdAt', 'id'] as const;

export const waybillPageSchema = pageRequestSchema.extend({
  sortField: z.enum(WAYBILL_SORT_FIELDS).optional(),
  /** Matches order number or any express number (contains). */
  keyword: z.string().trim().max(WAYBILL_EXPRESS_NUMBER_MAX).optional(),
  waybillState: waybillStateSchema.optional(),
  deviceId: idSchema.optional(),
  /** Waybills created in [createdFrom, createdTo). */
  createdFrom: epochMsSchema.optional(),
  createdTo: epochMsSchema.optional(),
});
export type WaybillPageRequest = z.infer<typeof waybillPageSchema>;

/** The list's filter in a query string (GET export). */
export const waybillExportQuerySchema = z.object({
  keyword: z.string().trim().max(WAYBILL_EXPRESS_NUMBER_MAX).optional(),
  waybillState: z.coerce.number().pipe(waybillStateSchema).optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  createdFrom: z.coerce.number().pipe(epochMsSchema).optional(),
  createdTo: z.coerce.number().pipe(epochMsSchema).optional(),
});
export type WaybillExportQuery = z.infer<typeof waybillExportQuerySchema>;

export const waybillRowSchema = z.object({
  id: z.number().int(),
  /** Opaque public key of the waybill: public pages and the report's QR code use it. */
  waybillPk: z.string(),
  orderNum: z.string(),
  goodsName: z.string().nullable(),
  expressNumber: z.string().nullable(),
  coolerCode: z.string().nullable(),
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  /** The device's connection state now (online / offline / ...). */
  deviceStatus: z.string(),
  waybillState: waybillStateSchema,
  startTrigger: waybillTriggerSchema,
  stopTrigger: waybillTriggerSchema,
  /** Planned start and stop. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  /** When it really started, stopped and was received. */
  startedAt: z.number().int().nullable(),
  stoppedAt: z.number().int().nullable(),
  receivedAt: z.number().int().nullable(),
  upperLimit: z.number(),
  lowerLimit: z.number(),
  /** Unit of the temperature limits in this answer. */
  temperatureUnit: waybillTemperatureUnitSchema,
  deliveryMan: z.string().nullable(),
  receiverMan: z.string().nullable(),
  receiverCompany: z.string().nullable(),
  expectedReceiveTime: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type WaybillRow = z.infer<typeof waybillRowSchema>;

export const waybillDetailSchema = waybillRowSchema.extend({
  recordInterval: z.number().int(),
  uploadInterval: z.number().int(),
  alarmRecordInterval: z.number().int().nullable(),
  alarmUploadInterval: z.number().int().nullable(),
  timeZone: z.string(),
  warnUpperLimit: z.number().nullable(),
  warnLowerLimit: z.number().nullable(),
  humidityUpperLimit: z.number().nullable(),
  humidityLowerLimit: z.number().nullable(),
  startFenceId: z.number().int().nullable(),
  startFenceEvent: waybillFenceEventSchema,
  stopFenceId: z.number().int().nullable(),
  stopFenceEvent: waybillFenceEventSchema,
  airFlag: flagSchema,
  airStartWay: z.enum(WAYBILL_AIR_START_WAYS).nullable(),
  airStartTime: z.number().int().nullable(),
  airStopTime: z.number().int().nullable(),
  fenceModelId: z.number().int().nullable(),
  devicePower: flagSchema,
  deliveryPhone: z.string().nullable(),
  deliveryCompany: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  contacts: z.array(
    z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  ),
  startDelay: z.number().int(),
  receiveAlarm: flagSchema,
  /** When the receive alarm went out (null while not due or not enabled). */
  receiveAlarmAt: z.number().int().nullable(),
  trackTemplateId: z.number().int().nullable(),
  /** 1 when the device's type can only be started at the device (no remote start). */
  startAtDeviceOnly: flagSchema,
  /** Who started, stopped and received it: 'manual', 'timed', 'geofence' or 'receiver'. */
  startedBy: z.string().nullable(),
  stoppedBy: z.string().nullable(),
  receivedBy: z.string().nullable(),
  /** Parameter command sent to the device at the start (its id), null before. */
  startCommandId: z.number().int().nullable(),
});
export type WaybillDetail = z.infer<typeof waybillDetailSchema>;

/**
 * POST changeState. `confirm` 1 goes ahead although the device is offline (002 §4); without it an
 * offline device answers deviceOfflineConfirm. `receiverMan` is recorded on receipt.
 */
export const waybillChangeStateSchema = z
  .object({
    id: idSchema,
    action: z.enum(WAYBILL_ACTIONS),
    confirm: flagSchema.default(0),
    receiverMan: optionalText(WAYBILL_PERSON_NAME_MAX),
  })
  .strict();
export type WaybillChangeState = z.infer<typeof waybillChangeStateSchema>;

/** POST share: a link to the public page that also shows the track, valid for the chosen time. */
export const waybillShareSchema = z
  .object({
    id: idSchema,
    validity: z.enum(WAYBILL_SHARE_VALIDITIES),
    /** Required for `custom`: when the link stops working (at most 90 days ahead). */
    expiresAt: epochMsSchema.optional(),
  })
  .strict();
export type WaybillShare = z.infer<typeof waybillShareSchema>;
export const waybillShareAnswerSchema = z.object({
  shareToken: z.string(),
  /** Path of the public page, relative to the console's origin. */
  path: z.string(),
  expiresAt: z.number().int(),
});
export type WaybillShareAnswer = z.infer<typeof waybillShareAnswerSchema>;

/**
 * Detail data calls take an optional range; it is clamped to the waybill period (start to stop, or
 * now while in progress) and `timeCorrected` 1 says so, with `notice` the spec's message
 * (waybillTimeCorrected) in the caller's language.
 */
export const waybillRangeSchema = z
  .object({ id: idSchema, startTime: epochMsSchema.optional(), endTime: epochMsSchema.optional() })
  .strict();
export type WaybillRange = z.infer<typeof waybillRangeSchema>;

const correctedRangeFields = {
  startTime: z.number().int(),
  endTime: z.number().int(),
  timeCorrected: flagSchema,
  notice: z.string().nullable(),
};

export const waybillChartSchema = z
  .object({
    id: idSchema,
    startTime: epochMsSchema.optional(),
    endTime: epochMsSchema.optional(),
    points: z.number().int().min(CHART_POINTS_MIN).max(CHART_POINTS_MAX).default(CHART_POINTS_DEFAULT),
  })
  .strict();
export type WaybillChartRequest = z.infer<typeof waybillChartSchema>;

export const waybillStatsSchema = z.object({
  channel: z.number().int(),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  /** Mean kinetic temperature (temperature channels only). */
  mkt: z.number().nullable(),
  /** Time above the upper and below the lower limit, ms. */
  aboveMs: z.number().int(),
  belowMs: z.number().int(),
});
export type WaybillStats = z.infer<typeof waybillStatsSchema>;

export const waybillChartAnswerSchema = z.object({
  ...correctedRangeFields,
  bucketMs: z.number().int(),
  downsampled: z.boolean(),
  upperLimit: z.number(),
  lowerLimit: z.number(),
  series: z.array(chartSeriesSchema),
  stats: z.array(waybillStatsSchema),
});
export type WaybillChartAnswer = z.infer<typeof waybillChartAnswerSchema>;

/** A track point: [ts, lat, lon]. */
export const trackPointSchema = z.tuple([z.number(), z.number(), z.number()]);
export const waybillTrackSchema = z.object({
  ...correctedRangeFields,
  points: z.array(trackPointSchema),
  /** True when the track was thinned to WAYBILL_TRACK_POINTS_MAX points. */
  downsampled: z.boolean(),
  /** The geofences the waybill uses, to draw with the track. */
  fences: z.array(z.lazy(() => geofenceSchema)),
  /** The saved route (track template), if one was chosen. */
  plannedRoute: z.array(geoPointSchema),
});
export type WaybillTrack = z.infer<typeof waybillTrackSchema>;

export const waybillAlarmPageSchema = pageRequestSchema
  .extend({ id: idSchema, startTime: epochMsSchema.optional(), endTime: epochMsSchema.optional() })
  .strict();
export type WaybillAlarmPageRequest = z.infer<typeof waybillAlarmPageSchema>;

export const waybillAlarmRowSchema = z.object({
  id: z.number().int(),
  /** Device time of the alarm, ms. */
  ts: z.number().int(),
  alarmType: z.string().nullable(),
  level: z.number().int().nullable(),
  content: z.string().nullable(),
  state: z.string().nullable(),
});
export type WaybillAlarmRow = z.infer<typeof waybillAlarmRowSchema>;
export const waybillAlarmPageAnswerSchema = z.object({
  ...correctedRangeFields,
  data: z.array(waybillAlarmRowSchema),
  start: z.number().int(),
  totalCount: z.number().int(),
});
export type WaybillAlarmPageAnswer = z.infer<typeof waybillAlarmPageAnswerSchema>;

/** Real-time monitoring (in progress) or overview (otherwise). */
export const waybillOverviewSchema = z.object({
  waybill: waybillDetailSchema,
  latest: z.array(latestReadingSchema),
  lastPosition: z.object({ ts: z.number().int(), lat: z.number(), lon: z.number() }).nullable(),
  stats: z.array(waybillStatsSchema),
  alarmCount: z.number().int(),
});
export type WaybillOverview = z.infer<typeof waybillOverviewSchema>;

/** Templates (002 §3): a waybill template keeps a waybill's fields under a name of up to 32. */
export const waybillTemplatePageSchema = pageRequestSchema.extend({
  sortField: z.enum(WAYBILL_TEMPLATE_SORT_FIELDS).optional(),
  name: z.string().trim().max(50).optional(),
});
export type WaybillTemplatePageRequest = z.infer<typeof waybillTemplatePageSchema>;
export const trackTemplatePageSchema = pageRequestSchema.extend({
  sortField: z.enum(TRACK_TEMPLATE_SORT_FIELDS).optional(),
  name: z.string().trim().max(50).optional(),
});
export type TrackTemplatePageRequest = z.infer<typeof trackTemplatePageSchema>;

export const waybillTemplateInsertSchema = z
  .object({
    modelName: z.string().trim().min(1).max(WAYBILL_TEMPLATE_NAME_MAX),
    /** Any subset of the waybill's fields (orderNum and deviceId not required). */
    content: z.object(waybillFields).partial().strict(),
  })
  .strict();
export type WaybillTemplateInsert = z.infer<typeof waybillTemplateInsertSchema>;
export const waybillTemplateSchema = z.object({
  id: z.number().int(),
  modelName: z.string(),
  content: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
});
export type WaybillTemplate = z.infer<typeof waybillTemplateSchema>;

/** Device track template (002 §3, name up to 10): a saved route to compare the real track with. */
export const trackTemplateInsertSchema = z
  .object({
    name: z.string().trim().min(1).max(TRACK_TEMPLATE_NAME_MAX),
    points: z.array(geoPointSchema).min(2).max(TRACK_TEMPLATE_POINTS_MAX),
  })
  .strict();
export type TrackTemplateInsert = z.infer<typeof trackTemplateInsertSchema>;
export const trackTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.array(geoPointSchema),
  createdAt: z.number().int(),
});
export type TrackTemplate = z.infer<typeof trackTemplateSchema>;

/** A geofence area: a circle (centre and radius in metres) or a polygon (3-100 corners). */
export const geofenceAreaSchema = z.discriminatedUnion('shape', [
  z
    .object({
      shape: z.literal('circle'),
      center: geoPointSchema,
      radius: z.number().min(GEOFENCE_RADIUS_MIN_M).max(GEOFENCE_RADIUS_MAX_M),
    })
    .strict(),
  z
    .object({
      shape: z.literal('polygon'),
      points: z.array(geoPointSchema).min(GEOFENCE_POLYGON_POINTS_MIN).max(GEOFENCE_POLYGON_POINTS_MAX),
    })
    .strict(),
]);
export type GeofenceArea = z.infer<typeof geofenceAreaSchema>;

/** Geofence (002 §3, §5): name required up to 20, at least one area, at most 10. */
export const geofenceInsertSchema = z
  .object({
    name: z.string().trim().min(1).max(GEOFENCE_NAME_MAX),
    areas: z
      .array(geofenceAreaSchema)
      .min(1, { message: 'rules.geofenceAreaRequired' })
      .max(GEOFENCE_AREAS_MAX),
  })
  .strict();
export type GeofenceInsert = z.infer<typeof geofenceInsertSchema>;
export const geofenceUpdateSchema = geofenceInsertSchema.extend({ id: idSchema }).strict();
export type GeofenceUpdate = z.infer<typeof geofenceUpdateSchema>;
export const geofencePageSchema = pageRequestSchema.extend({
  sortField: z.enum(GEOFENCE_SORT_FIELDS).optional(),
  name: z.string().trim().max(GEOFENCE_NAME_MAX).optional(),
});
export type GeofencePageRequest = z.infer<typeof geofencePageSchema>;
export const geofenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  areas: z.array(geofenceAreaSchema),
  /** Waybills (not ended) using it; a fence in use cannot be deleted. */
  inUse: z.number().int(),
  createdAt: z.number().int(),
});
export type Geofence = z.infer<typeof geofenceSchema>;

/** GET /device/QuickSearch/mapConfig: public, so the public pages draw maps too. */
export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof mapConfigSchema>;

/**
 * Public look-up by tracking number (the order number or one of the express numbers, exact match) or
 * by device GUID (its waybills, newest first). Exactly one of the two.
 */
export const publicWaybillLookupSchema = z
  .object({
    trackingNumber: z.string().trim().min(1).max(WAYBILL_EXPRESS_NUMBER_MAX).optional(),
    deviceGuid: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { message: 'rules.deviceGuid' })
      .optional(),
  })
  .strict()
  .refine((r) => (r.trackingNumber === undefined) !== (r.deviceGuid === undefined), {
    message: 'rules.trackingOrDevice',
    path: ['trackingNumber'],
  });
export type PublicWaybillLookup = z.infer<typeof publicWaybillLookupSchema>;

/** What a public page shows of a waybill: no people, phones, addresses, contacts or owner. */
export const publicWaybillRowSchema = z.object({
  waybillPk: z.string(),
  orderNum: z.string(),
  expressNumber: z.string().nullable(),
  goodsName: z.string().nullable(),
  deviceGuid: z.string(),
  waybillState: waybillStateSchema,
  startedAt: z.number().int().nullable(),
  stoppedAt: z.number().int().nullable(),
  receivedAt: z.number().int().nullable(),
  upperLimit: z.number(),
  lowerLimit: z.number(),
  timeZone: z.string(),
});
export type PublicWaybillRow = z.infer<typeof publicWaybillRowSchema>;
export const publicWaybillListSchema = z.object({ data: z.array(publicWaybillRowSchema) });
export type PublicWaybillList = z.infer<typeof publicWaybillListSchema>;

/** Detail by the waybill's public key, or by a share token (which adds the track). */
export const publicWaybillDetailRequestSchema = z
  .object({
    waybillPk: z.string().trim().min(1).max(64).optional(),
    shareToken: z.string().trim().min(1).max(64).optional(),
    points: z.number().int().min(CHART_POINTS_MIN).max(CHART_POINTS_MAX).default(CHART_POINTS_DEFAULT),
  })
  .strict()
  .refine((r) => (r.waybillPk === undefined) !== (r.shareToken === undefined), {
    message: 'rules.waybillKeyRequired',
    path: ['waybillPk'],
  });
export type PublicWaybillDetailRequest = z.infer<typeof publicWaybillDetailRequestSchema>;

export const publicWaybillDetailSchema = z.object({
  waybill: publicWaybillRowSchema,
  /** Latest temperature/humidity readings (no position). */
  latest: z.array(latestReadingSchema),
  chart: z.object({
    startTime: z.number().int(),
    endTime: z.number().int(),
    bucketMs: z.number().int(),
    downsampled: z.boolean(),
    series: z.array(chartSeriesSchema),
  }),
  stats: z.array(waybillStatsSchema),
  /** Only through a share link: positions [ts, lat, lon]; null otherwise. */
  track: z.array(trackPointSchema).nullable(),
  /** 1 when opened through a share link (the receiver may confirm receipt). */
  shared: flagSchema,
  shareExpiresAt: z.number().int().nullable(),
});
export type PublicWaybillDetail = z.infer<typeof publicWaybillDetailSchema>;

/** The receiver confirms receipt through a share link (002 §4 received). */
export const publicWaybillReceiveSchema = z
  .object({
    shareToken: z.string().trim().min(1).max(64),
    receiverMan: optionalText(WAYBILL_PERSON_NAME_MAX),
  })
  .strict();
export type PublicWaybillReceive = z.infer<typeof publicWaybillReceiveSchema>;
