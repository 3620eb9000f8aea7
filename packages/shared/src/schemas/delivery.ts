import { z } from 'zod';
import {
  DATA_PUSH_NAME_MAX,
  DATA_PUSH_REMARK_MAX,
  DATA_PUSH_SECRET_MAX,
  DATA_PUSH_SECRET_MIN,
  DATA_PUSH_URL_MAX,
} from '../constants.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

/**
 * Notification delivery and data push (issue 5), for the back office pages /operation/pushRecord and
 * /operation/dataPush. All paths relative to /api, answers in the {code,msg,data} envelope:
 *
 *   POST   /device/PushRecord/page         body pushRecordPageSchema      → page of pushRecordSchema
 *                                          (permission operation.pushRecord:query)
 *   POST   /device/PushRecord/consolePage  body consolePushRecordPageSchema → page of consolePushRecordSchema
 *                                          (cloudChain.pushRecord:query; notifications about the devices
 *                                          the caller may see in the console, of one project if given)
 *   POST   /device/DataPushConfig/page     body dataPushConfigPageSchema  → page of dataPushConfigSchema
 *                                          (operation.dataPush:query)
 *   GET    /device/DataPushConfig/detail   query ?id=                     → dataPushConfigDetailSchema
 *                                          (operation.dataPush:get; the only answer with the secret)
 *   POST   /device/DataPushConfig/insert   body dataPushConfigInsertSchema → dataPushConfigDetailSchema
 *                                          (operation.dataPush:add; secret generated when omitted)
 *   PUT    /device/DataPushConfig/update   body dataPushConfigUpdateSchema → dataPushConfigDetailSchema
 *                                          (operation.dataPush:edit; secret omitted keeps the old one)
 *   DELETE /device/DataPushConfig/delete   query ?id=                     → null
 *                                          (operation.dataPush:delete)
 *   POST   /device/DataPushConfig/test     body {id}                      → dataPushTestResultSchema
 *                                          (operation.dataPush:edit; sends one signed test event now)
 *
 * Webhook requests carry the JSON body of dataPushEventSchema and the headers
 * X-Coldchain-Event, X-Coldchain-Delivery (event id, repeats on retry) and
 * X-Coldchain-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 */

export const DELIVERY_CHANNELS = ['sms', 'voice', 'email', 'wechat', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/**
 * sent: the carrier, SMTP server or receiver accepted it; retrying: a failed attempt that will be
 * tried again; failed: given up; exhausted: the device's SMS or voice count ran out (an e-mail went
 * instead); refused: the address is not allowed (private network) or unusable.
 */
export const PUSH_RECORD_STATUSES = ['sent', 'retrying', 'failed', 'exhausted', 'refused'] as const;
export type PushRecordStatus = (typeof PUSH_RECORD_STATUSES)[number];

export const pushRecordPageSchema = pageRequestSchema.extend({
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(PUSH_RECORD_STATUSES).optional(),
  /** Part of the phone, e-mail address or URL. */
  target: z.string().trim().max(100).optional(),
  deviceGuid: z.string().trim().max(20).optional(),
  /** ISO-8601 bounds of createdAt, inclusive. */
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
});
export type PushRecordPageRequest = z.infer<typeof pushRecordPageSchema>;

export const pushRecordSchema = z.object({
  id: z.number().int(),
  channel: z.enum(DELIVERY_CHANNELS),
  target: z.string(),
  recipientName: z.string().nullable(),
  subject: z.string().nullable(),
  content: z.string(),
  status: z.enum(PUSH_RECORD_STATUSES),
  /** smtp, sandbox, webhook, or a real carrier's name */
  provider: z.string(),
  deviceId: z.number().int().nullable(),
  deviceGuid: z.string().nullable(),
  deviceName: z.string().nullable(),
  userName: z.string().nullable(),
  dataPushConfigId: z.number().int().nullable(),
  /** 1 for the first attempt */
  attempt: z.number().int(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type PushRecord = z.infer<typeof pushRecordSchema>;

/** Channels that carry notifications to people; webhooks are the back office's data push. */
export const NOTIFICATION_CHANNELS = [
  'sms',
  'voice',
  'email',
  'wechat',
] as const satisfies readonly DeliveryChannel[];

/** The cloud-chain push record page (000 §2.7): the filters it offers, within one project. */
export const consolePushRecordPageSchema = pageRequestSchema.extend({
  projectId: z.coerce.number().int().positive().optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
  status: z.enum(PUSH_RECORD_STATUSES).optional(),
  /** Part of the phone number or e-mail address. */
  target: z.string().trim().max(100).optional(),
  /** ISO-8601 bounds of createdAt, inclusive. */
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
});
export type ConsolePushRecordPageRequest = z.infer<typeof consolePushRecordPageSchema>;

/** A push record as a device's users see it: no carrier, HTTP or error details of the back office. */
export const consolePushRecordSchema = pushRecordSchema.pick({
  id: true,
  channel: true,
  target: true,
  recipientName: true,
  subject: true,
  content: true,
  status: true,
  deviceId: true,
  deviceGuid: true,
  deviceName: true,
  attempt: true,
  createdAt: true,
});
export type ConsolePushRecord = z.infer<typeof consolePushRecordSchema>;

export const DATA_PUSH_TYPES = ['readings', 'alarms'] as const;
export type DataPushType = (typeof DATA_PUSH_TYPES)[number];

/** http(s) only; whether the host may be private is checked on the server against its addresses. */
export const pushUrlSchema = z
  .string()
  .trim()
  .max(DATA_PUSH_URL_MAX)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { message: 'rules.url' })
  .refine((value) => URL.canParse(value), { message: 'rules.url' });

const dataPushFieldsSchema = z.object({
  /** The account whose devices' readings and alarms are pushed. */
  accountId: z.number().int().positive(),
  configName: z.string().trim().min(1).max(DATA_PUSH_NAME_MAX),
  pushUrl: pushUrlSchema,
  pushTypes: z
    .array(z.enum(DATA_PUSH_TYPES))
    .min(1)
    .max(DATA_PUSH_TYPES.length)
    .refine((types) => new Set(types).size === types.length, { message: 'rules.duplicates' }),
  enabled: flagSchema.default(1),
  /** 1 lets the URL reach private, loopback and link-local addresses (an operator's decision). */
  allowPrivate: flagSchema.default(0),
  remark: z.string().trim().max(DATA_PUSH_REMARK_MAX).nullable().optional(),
});
const secretSchema = z
  .string()
  .trim()
  .min(DATA_PUSH_SECRET_MIN)
  .max(DATA_PUSH_SECRET_MAX)
  .regex(/^[\x21-\x7e]+$/, { message: 'rules.secret' });

export const dataPushConfigInsertSchema = dataPushFieldsSchema
  .extend({ secret: secretSchema.optional() })
  .strict();
export type DataPushConfigInsert = z.infer<typeof dataPushConfigInsertSchema>;
export const dataPushConfigUpdateSchema = dataPushFieldsSchema
  .extend({ id: z.number().int().positive(), secret: secretSchema.optional() })
  .strict();
export type DataPushConfigUpdate = z.infer<typeof dataPushConfigUpdateSchema>;

export const dataPushConfigPageSchema = pageRequestSchema.extend({
  configName: z.string().trim().max(DATA_PUSH_NAME_MAX).optional(),
  userName: z.string().trim().max(50).optional(),
  enabled: flagSchema.optional(),
});
export type DataPushConfigPageRequest = z.infer<typeof dataPushConfigPageSchema>;

export const dataPushConfigSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  userName: z.string(),
  configName: z.string(),
  pushUrl: z.string(),
  pushTypes: z.array(z.enum(DATA_PUSH_TYPES)),
  enabled: flagSchema,
  allowPrivate: flagSchema,
  remark: z.string().nullable(),
  /** The secret's first four characters, to tell secrets apart without showing them. */
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataPushConfig = z.infer<typeof dataPushConfigSchema>;
export const dataPushConfigDetailSchema = dataPushConfigSchema.extend({ secret: z.string() });
export type DataPushConfigDetail = z.infer<typeof dataPushConfigDetailSchema>;

export const dataPushTestResultSchema = z.object({
  status: z.enum(PUSH_RECORD_STATUSES),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DataPushTestResult = z.infer<typeof dataPushTestResultSchema>;

/** The body of every webhook request. */
export const dataPushEventSchema = z.object({
  /** Unique per event; the same on every retry (also in X-Coldchain-Delivery). */
  id: z.string(),
  type: z.enum(['readings', 'alarm', 'test']),
  createdAt: z.string(),
  /** name is null on readings events (the batch carries no name) */
  device: z.object({ id: z.number().int(), guid: z.string(), name: z.string().nullable() }).nullable(),
  /** readings: [{channel, kind, probe, ts, value}]; alarm: {level, kind, subject, body, alarmMessageId} */
  data: z.unknown(),
});
export type DataPushEvent = z.infer<typeof dataPushEventSchema>;
