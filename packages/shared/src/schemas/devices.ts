import { z } from 'zod';
import {
  APPROVER_MAX,
  DEVICE_ADDRESS_MAX,
  DEVICE_BATCH_MAX,
  DEVICE_CORRECTION_MAX,
  DEVICE_DESC_MAX,
  DEVICE_GUID_MAX,
  DEVICE_INTERVAL_MAX_S,
  DEVICE_INTERVAL_MIN_S,
  DEVICE_NAME_MAX,
  DEVICE_SCENES,
  DEVICE_STATUSES,
  DEVICE_USE_STATES,
  EXPIRE_INFO_TYPES,
  EXPIRED_FLAG_DEFAULT,
  EXPIRED_FLAGS,
  EXPIRED_PAGE_SIZE,
  HOME_TILE_KEYS,
  HOME_TILES_MIN,
  MAINTAIN_TEXT_MAX,
  MAINTAINER_MAX,
  PAGE_SIZE_MAX,
  PROBE_NAME_MAX,
} from '../constants.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

/**
 * Devices of 002 §3-§5: adding, listing, detail, parameter settings, maintenance records, batch
 * operations, expiry and the home dashboard. Messages of custom rules are translation keys under `rules.`.
 */

const idSchema = z.number().int().positive();
export const deviceGuidSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,${DEVICE_GUID_MAX}}$`), { message: 'rules.deviceGuid' });
export const deviceNameSchema = z.string().trim().min(1).max(DEVICE_NAME_MAX);
export const deviceDescSchema = z.string().trim().max(DEVICE_DESC_MAX).nullable().optional();
/** An IANA zone; the server checks it against the zones it knows. */
export const deviceTimeZoneSchema = z.string().trim().min(1).max(64);
const latitudeSchema = z.number().min(-90).max(90).nullable().optional();
const longitudeSchema = z.number().min(-180).max(180).nullable().optional();
const intervalSchema = z.number().int().min(DEVICE_INTERVAL_MIN_S).max(DEVICE_INTERVAL_MAX_S);

export const deviceInsertSchema = z
  .object({
    deviceGuid: deviceGuidSchema,
    deviceName: deviceNameSchema,
    deviceTypeId: idSchema,
    timeZone: deviceTimeZoneSchema,
    deviceDesc: deviceDescSchema,
    deviceModelId: idSchema.nullable().optional(),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    address: z.string().trim().max(DEVICE_ADDRESS_MAX).nullable().optional(),
    /** Back office only (operation.device:add): the owner account, on the caller's platform. */
    accountId: idSchema.optional(),
  })
  .strict();
export type DeviceInsert = z.infer<typeof deviceInsertSchema>;

export const deviceUpdateSchema = z
  .object({
    id: idSchema,
    deviceName: deviceNameSchema.optional(),
    deviceDesc: deviceDescSchema,
    deviceModelId: idSchema.nullable().optional(),
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    address: z.string().trim().max(DEVICE_ADDRESS_MAX).nullable().optional(),
  })
  .strict();
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>;

/** PUT /device/Device/updateRemark/:id (002 §7: remark, path with an id segment). */
export const deviceRemarkSchema = z.object({ deviceDesc: z.string().trim().max(DEVICE_DESC_MAX) }).strict();
export const deviceIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const deviceIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const devicePageSchema = pageRequestSchema.extend({
  deviceName: z.string().trim().max(DEVICE_NAME_MAX).optional(),
  deviceGuid: z.string().trim().max(DEVICE_GUID_MAX).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  useState: z.enum(DEVICE_USE_STATES).optional(),
  deviceTypeId: idSchema.optional(),
  /** Owner account (the back office's filter). */
  accountId: idSchema.optional(),
  /** Devices of one organization, among those the caller sees. */
  organizationId: idSchema.optional(),
  /** List tab: 1 cold-chain monitoring, 2 smart cold storage, 3 smart freezer (by the type's scenes). */
  scene: z.literal(DEVICE_SCENES).optional(),
});
export type DevicePageRequest = z.infer<typeof devicePageSchema>;

/** Batch operations name their devices; an empty list answers "nothing selected" (002 §5). */
export const deviceIdsSchema = z.object({ ids: z.array(idSchema).max(DEVICE_BATCH_MAX) }).strict();
export type DeviceIds = z.infer<typeof deviceIdsSchema>;
/** The same list in a query string (DELETE): "1,2,3". */
export const deviceIdsQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .max(DEVICE_BATCH_MAX * 11)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, { message: 'rules.idList' })
    .transform((v) => (v ? v.split(',').map(Number) : []))
    .refine((v) => v.length <= DEVICE_BATCH_MAX, { message: 'rules.idList' }),
});

/** The list, map and board modes read the same rows. */
export const deviceRowSchema = z.object({
  id: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  deviceDesc: z.string().nullable(),
  deviceTypeId: z.number().int(),
  typeName: z.string(),
  typeCode: z.string(),
  deviceImg: z.string().nullable(),
  scenes: z.array(z.number().int()),
  status: z.enum(DEVICE_STATUSES),
  useState: z.enum(DEVICE_USE_STATES),
  lastSeenAt: z.string().nullable(),
  battery: z.number().int().nullable(),
  signal: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  upperLimit: z.number().nullable(),
  lowerLimit: z.number().nullable(),
  serviceExpiredDate: z.string(),
  /** 1 when the service has lapsed */
  expired: flagSchema,
  accountId: z.number().int(),
  ownerName: z.string(),
  createdAt: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRowSchema>;

export const deviceDetailSchema = deviceRowSchema.extend({
  deviceModelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  dataExpiredDate: z.string(),
  recordInterval: z.number().int(),
  uploadInterval: z.number().int(),
  correctionValue: z.number().nullable(),
  version: z.string().nullable(),
  iccId: z.string().nullable(),
  sensorCount: z.number().int().nullable(),
  countryCode: z.string().nullable(),
  serverLevel: z.number().int(),
  smsCount: z.number().int(),
  voiceCount: z.number().int(),
  creatorName: z.string().nullable(),
  manualUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

// ---- parameter settings

export const probeSettingInputSchema = z
  .object({
    probeId: z.number().int().min(1).max(99),
    probeName: z.string().trim().max(PROBE_NAME_MAX).nullable().optional(),
    upperLimit: z.number().finite(),
    lowerLimit: z.number().finite(),
    correctionValue: z.number().min(-DEVICE_CORRECTION_MAX).max(DEVICE_CORRECTION_MAX).optional(),
  })
  .strict();
export const paramSettingUpdateSchema = z
  .object({
    id: idSchema,
    timeZone: deviceTimeZoneSchema.optional(),
    recordInterval: intervalSchema.optional(),
    uploadInterval: intervalSchema.optional(),
    probes: z.array(probeSettingInputSchema).max(99).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    (v.probes ?? []).forEach((p, i) => {
      if (p.lowerLimit >= p.upperLimit)
        ctx.addIssue({ code: 'custom', path: ['probes', i, 'lowerLimit'], message: 'rules.lowerBelowUpper' });
    });
    const ids = (v.probes ?? []).map((p) => p.probeId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['probes'], message: 'rules.duplicates' });
    if (
      v.recordInterval !== undefined &&
      v.uploadInterval !== undefined &&
      v.uploadInterval < v.recordInterval
    )
      ctx.addIssue({ code: 'custom', path: ['uploadInterval'], message: 'rules.uploadInterval' });
  });
export type ParamSettingUpdate = z.infer<typeof paramSettingUpdateSchema>;

export const COMMAND_STATES = ['pending', 'sent', 'acked', 'failed'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const deviceCommandSchema = z.object({
  id: z.number().int(),
  commandType: z.string(),
  state: z.enum(COMMAND_STATES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  result: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const probeSettingSchema = z.object({
  probeId: z.number().int(),
  probeName: z.string().nullable(),
  paramId: z.number().int(),
  paramName: z.string(),
  /** The caller's unit (Celsius or Fahrenheit when the type converts units). */
  unitCode: z.string().nullable(),
  precision: z.number().int(),
  /** The settable range of the type's parameter, in the caller's unit; null when open. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  upperLimit: z.number().nullable(),
  lowerLimit: z.number().nullable(),
  correctionValue: z.number(),
  /** Combined probes share a group id. */
  combineGroup: z.number().int().nullable(),
});
export const paramSettingSchema = z.object({
  id: z.number().int(),
  timeZone: z.string(),
  recordInterval: z.number().int(),
  uploadInterval: z.number().int(),
  probes: z.array(probeSettingSchema),
  /** The newest settings command and how far the device has taken it. */
  command: deviceCommandSchema.nullable(),
});
export type ParamSetting = z.infer<typeof paramSettingSchema>;

// ---- operation log and maintenance

export const deviceLogPageSchema = pageRequestSchema.extend({ deviceId: idSchema });
export type DeviceLogPageRequest = z.infer<typeof deviceLogPageSchema>;

const isoSchema = z.iso.datetime({ offset: true });
const maintainText = z.string().trim().max(MAINTAIN_TEXT_MAX).nullable().optional();
export const maintainFieldsSchema = z.object({
  reportDate: isoSchema,
  startTime: isoSchema,
  endTime: isoSchema,
  maintainer: z.string().trim().min(1).max(MAINTAINER_MAX),
  approver: z.string().trim().max(APPROVER_MAX).nullable().optional(),
  reason: maintainText,
  content: maintainText,
  standard: maintainText,
  result: maintainText,
});
export const maintainInsertSchema = maintainFieldsSchema
  .extend({ deviceId: idSchema })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.endTime) <= Date.parse(v.startTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'rules.endAfterStart' });
  });
export type MaintainInsert = z.infer<typeof maintainInsertSchema>;
export const maintainUpdateSchema = maintainFieldsSchema.partial().extend({ id: idSchema }).strict();
export type MaintainUpdate = z.infer<typeof maintainUpdateSchema>;
export const maintainListQuerySchema = pageRequestSchema.extend({
  deviceId: z.coerce.number().int().positive(),
});
export type MaintainListQuery = z.infer<typeof maintainListQuerySchema>;
export const maintainRecordSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  reportDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  maintainer: z.string(),
  approver: z.string().nullable(),
  reason: z.string().nullable(),
  content: z.string().nullable(),
  standard: z.string().nullable(),
  result: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintainRecord = z.infer<typeof maintainRecordSchema>;

// ---- credentials

export const deviceCredentialsSchema = z.object({
  deviceGuid: z.string(),
  secret: z.string(),
  rotation: z.number().int(),
  mqtt: z.object({
    url: z.string(),
    clientId: z.string(),
    username: z.string(),
    password: z.string(),
    topicRoot: z.string(),
  }),
  http: z.object({ url: z.string(), username: z.string(), password: z.string() }),
});
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

// ---- expiry (000 §3, §7)

export const expiredDeviceQuerySchema = z.object({
  start: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(EXPIRED_PAGE_SIZE),
  accountId: z.coerce.number().int().positive().optional(),
  expiredFlag: z.coerce
    .number()
    .int()
    .refine((v) => (EXPIRED_FLAGS as readonly number[]).includes(v), { message: 'rules.expiredFlag' })
    .default(EXPIRED_FLAG_DEFAULT),
});
export type ExpiredDeviceQuery = z.infer<typeof expiredDeviceQuerySchema>;
export const expiredDeviceSchema = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  deviceTypeName: z.string(),
  typeId: z.number().int(),
  serviceExpiredDate: z.string(),
  countryCode: z.string().nullable(),
});
export const expiredDeviceListSchema = z.object({
  list: z.array(expiredDeviceSchema),
  total: z.number().int(),
});

const expireInfoType = z.coerce
  .number()
  .int()
  .refine((v) => (EXPIRE_INFO_TYPES as readonly number[]).includes(v), { message: 'rules.expireInfoType' });
export const expireInfoQuerySchema = z.object({ type: expireInfoType });
export const expireInfoUpdateSchema = z.object({ type: expireInfoType, pushMessages: flagSchema }).strict();
export const expireInfoSchema = z.object({
  /** 0 until the account stores a choice */
  id: z.number().int(),
  /** 1: open the expired-device modal at login */
  pushMessages: flagSchema,
  /** The filter the modal opens with: the most urgent flag among the caller's devices */
  expiredFlag: z.number().int(),
  /** The caller's devices under each expiredFlag 1-4 (000 §3), for the expired-devices notice. */
  counts: z.array(z.object({ expiredFlag: z.number().int(), count: z.number().int() })),
});
export type ExpireInfo = z.infer<typeof expireInfoSchema>;

// ---- home dashboard (002 §2, §5, §9)

export const deviceCountsSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  alarm: z.number().int(),
  disabled: z.number().int(),
  scrapped: z.number().int(),
  expired: z.number().int(),
  notEnabled: z.number().int(),
});
export type DeviceCounts = z.infer<typeof deviceCountsSchema>;
export const devicePositionSchema = z.object({
  id: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  typeName: z.string(),
  status: z.enum(DEVICE_STATUSES),
  useState: z.enum(DEVICE_USE_STATES),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
});
export type DevicePosition = z.infer<typeof devicePositionSchema>;
/** The organization home (/home/organization): one organization the caller is a member of. */
export const organizationHomeQuerySchema = z.object({ organizationId: z.coerce.number().int().positive() });
export type OrganizationHomeQuery = z.infer<typeof organizationHomeQuerySchema>;
export const homeTilesSchema = z.object({ tiles: z.array(z.enum(HOME_TILE_KEYS)) });
export const homeTilesUpdateSchema = z
  .object({
    tiles: z
      .array(z.enum(HOME_TILE_KEYS))
      .min(HOME_TILES_MIN)
      .max(HOME_TILE_KEYS.length)
      .refine((v) => new Set(v).size === v.length, { message: 'rules.duplicates' }),
  })
  .strict();
export type HomeTilesUpdate = z.infer<typeof homeTilesUpdateSchema>;
