import { z } from 'zod';
import {
  ALARM_DELAY_MAX_MINUTES,
  ALARM_FAULT_CODE_MAX,
  ALARM_FAULT_MEANING_MAX,
  ALARM_HANDLE_BATCH_MAX,
  ALARM_LEVELS_MAX,
  ALARM_OFFLINE_TIMEOUT_MAX_MINUTES,
  ALARM_OFFLINE_TIMEOUT_MIN_MINUTES,
  ALARM_RECIPIENT_NAME_MAX,
  ALARM_RECIPIENT_NAME_MIN,
  ALARM_RECIPIENTS_MAX,
  ALARM_REPAIR_GUIDANCE_MAX,
  ALARM_REPEAT_MAX_MINUTES,
  ALARM_REPEAT_MIN_MINUTES,
  ALARM_RESULT_MAX,
  ALARM_RULE_CONTENT_MAX,
  ALARM_RULE_NAME_MAX,
  LOCALES,
  MESSAGE_TEMPLATE_BODY_MAX,
  MESSAGE_TEMPLATE_NAME_MAX,
  MESSAGE_TEMPLATE_SUBJECT_MAX,
  MESSAGE_TEMPLATE_SUBTYPE_MAX,
} from '../constants.ts';
import { CHANNEL_KIND_NAMES } from '../device-protocol.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

/**
 * Alarms, warnings, message templates, per-device push configuration and the message centre
 * (002 §3, §4, §5, §7; 000 §3 alarm count). All paths are relative to /api.
 *
 * Alarm rules (back office, permission product.alarmRule):
 *   POST   /device/DeviceAlarmRule/page            alarmRulePageSchema -> page of alarmRuleSchema
 *   GET    /device/DeviceAlarmRule/list            -> alarmRuleSchema[] (for pickers)
 *   GET    /device/DeviceAlarmRule/detail?id=      -> alarmRuleSchema
 *   POST   /device/DeviceAlarmRule/insert          alarmRuleInsertSchema -> alarmRuleSchema
 *   PUT    /device/DeviceAlarmRule/update          alarmRuleUpdateSchema -> alarmRuleSchema
 *   DELETE /device/DeviceAlarmRule/delete?id=      -> null
 * Warning rules (back office, permission product.warnRule): the same six calls under
 *   /device/DeviceWarnRule/ with warnRule* schemas.
 * Message templates (back office, permission product.messageTemplate): the same six calls under
 *   /device/DeviceMessageTemlate/ (sic, the spec's spelling) with messageTemplate* schemas, and
 *   GET    /device/DeviceMessageTemlate/placeholders -> string[] (ALARM_TEMPLATE_PLACEHOLDERS)
 * Push configuration of one device (device detail, push configuration tab; device.list or
 * operation.device, query to read, edit to change):
 *   GET    /device/Device/pushConfig/{deviceId}    -> pushConfigSchema
 *   PUT    /device/Device/pushConfig/{deviceId}    pushConfigUpdateSchema -> pushConfigSchema
 * Message centre (permission message.list; device-scoped like the device list):
 *   POST   /device/alarm/page                      alarmMessagePageSchema -> page of alarmMessageSchema
 *                                                  (the device detail's alarm record tab passes deviceId)
 *   POST   /device/alarm/sysPage                   alarmMessagePageSchema -> page of alarmMessageSchema
 *                                                  (back-office alarm list, permission operation.alarm:
 *                                                  the platform's devices, every platform's for the default one)
 *   GET    /device/alarm/detail?id=                -> alarmMessageSchema
 *   PUT    /device/alarm/handle                    alarmHandleSchema -> alarmHandleResultSchema
 *   GET    /device/alarm/count                     -> alarmCountSchema (schemas/message.ts)
 *   POST   /device/alarm/markRead                  -> { updated }
 * Live: /api/ws sends `{ type: 'alarm', data: alarmMessageSchema }` (alarmLiveFrameSchema) to the
 * owner's sockets and to sockets following the device when an alarm message is created or changes.
 */

// ---- enumerations (002 §4)

/** Comparators of alarm and warning rules: reading <comparator> threshold. */
export const ALARM_COMPARATORS = ['gt', 'ge', 'lt', 'le', 'eq', 'ne'] as const;
export type AlarmComparator = (typeof ALARM_COMPARATORS)[number];

/**
 * A rule's threshold: a fixed value, or an associated parameter of the probe (its upper or lower
 * limit) plus the rule's value as an offset (e.g. upper limit - 1 warns before the alarm).
 */
export const ALARM_TARGET_TYPES = ['fixed', 'param'] as const;
export type AlarmTargetType = (typeof ALARM_TARGET_TYPES)[number];
export const ALARM_TARGET_PARAMS = ['upperLimit', 'lowerLimit'] as const;
export type AlarmTargetParam = (typeof ALARM_TARGET_PARAMS)[number];

/** Channels a message can go out on (002 §3 message template channels). */
export const ALARM_CHANNELS = ['system', 'email', 'sms', 'wechat', 'voice'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** What a notification is about; a message template renders one kind. */
export const NOTIFICATION_KINDS = ['level', 'reminder', 'cleared', 'offline', 'event', 'warning'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Message-centre message types (002 §4). */
export const ALARM_MESSAGE_TYPES = [
  'gradedAlarm',
  'alarm',
  'warning',
  'gradedWarning',
  'clearedAlarm',
  'system',
] as const;
export type AlarmMessageType = (typeof ALARM_MESSAGE_TYPES)[number];

/**
 * Why an alarm message exists: a probe above or below its limits, a silent device, a door, power or
 * fault event, or an alarm or warning rule.
 */
export const ALARM_CAUSES = [
  'high',
  'low',
  'offline',
  'door',
  'power',
  'fault',
  'rule',
  'warning',
  'system',
] as const;
export type AlarmCause = (typeof ALARM_CAUSES)[number];

/** untreated until handled; cleared when the excursion ended before anyone handled it (002 §4). */
export const ALARM_MESSAGE_STATES = ['untreated', 'treated', 'cleared'] as const;
export type AlarmMessageState = (typeof ALARM_MESSAGE_STATES)[number];

/** Treatment of an alarm (approved, rejected, postponed) or of a system message (agreed, refused). */
export const ALARM_TREATMENTS = ['approved', 'rejected', 'postponed', 'agreed', 'refused'] as const;
export type AlarmTreatment = (typeof ALARM_TREATMENTS)[number];
export const SYSTEM_TREATMENTS: readonly AlarmTreatment[] = ['agreed', 'refused'];

/** Reasons of 002 §4: normal use, goods in or out, defrost, fault, power cut, door open. */
export const ALARM_REASONS = ['normalUse', 'goodsInOut', 'defrost', 'fault', 'powerCut', 'doorOpen'] as const;
export type AlarmReason = (typeof ALARM_REASONS)[number];

/** Message centre tabs: alarm messages and system messages (002 §2). */
export const ALARM_MESSAGE_CATEGORIES = ['alarm', 'system'] as const;
export type AlarmMessageCategory = (typeof ALARM_MESSAGE_CATEGORIES)[number];

/**
 * Placeholders a template body may contain, written `{name}`; "inserted template text" (002 §5):
 * each channel body must contain at least one of them and no unknown one.
 */
export const ALARM_TEMPLATE_PLACEHOLDERS = [
  'deviceName',
  'deviceGuid',
  'probe',
  'value',
  'limit',
  'level',
  'alarmType',
  'startTime',
  'endTime',
  'duration',
  'faultCode',
  'faultMeaning',
  'repairGuidance',
] as const;
export type AlarmTemplatePlaceholder = (typeof ALARM_TEMPLATE_PLACEHOLDERS)[number];
const PLACEHOLDER_PATTERN = /\{([A-Za-z]+)\}/g;

/** Placeholders named in a body, known or not. */
export function placeholdersIn(body: string): string[] {
  return [...body.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1] as string);
}

/** The rule a template body breaks, as a `rules.` key, or null when it is fine. */
export function templateBodyIssue(body: string): string | null {
  const names = placeholdersIn(body);
  if (names.length === 0) return 'rules.templateTextRequired';
  const known: readonly string[] = ALARM_TEMPLATE_PLACEHOLDERS;
  if (names.some((n) => !known.includes(n))) return 'rules.templatePlaceholder';
  return null;
}

const id = z.number().int().positive();
const idQuery = z.coerce.number().int().positive();
const isoTime = z.iso.datetime();

// ---- alarm rules (002 §3)

const ruleCommon = {
  ruleName: z.string().trim().min(1).max(ALARM_RULE_NAME_MAX),
  content: z.string().trim().max(ALARM_RULE_CONTENT_MAX).nullable().optional(),
  /** The reading kind the rule watches (temperature, humidity, voltage, ...). */
  channelKind: z.enum(CHANNEL_KIND_NAMES),
  /** null: every device type */
  deviceTypeId: id.nullable().optional(),
  comparator: z.enum(ALARM_COMPARATORS),
  value: z.number().finite(),
  targetType: z.enum(ALARM_TARGET_TYPES),
  /** required when targetType is param */
  targetParam: z.enum(ALARM_TARGET_PARAMS).nullable().optional(),
  /** Rules active by default apply to every device of their type. */
  activeDefault: flagSchema.default(1),
};

function targetIssues(
  v: { targetType?: AlarmTargetType | undefined; targetParam?: AlarmTargetParam | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.targetType === 'param' && !v.targetParam)
    ctx.addIssue({ code: 'custom', path: ['targetParam'], message: 'rules.required' });
}

const alarmRuleFields = z.object({
  ...ruleCommon,
  alarmLevel: z.number().int().min(1).max(ALARM_LEVELS_MAX),
  alarmTemplateId: id.nullable().optional(),
  faultCode: z.string().trim().max(ALARM_FAULT_CODE_MAX).nullable().optional(),
  faultMeaning: z.string().trim().max(ALARM_FAULT_MEANING_MAX).nullable().optional(),
  repairGuidance: z.string().trim().max(ALARM_REPAIR_GUIDANCE_MAX).nullable().optional(),
});
export const alarmRuleInsertSchema = alarmRuleFields.strict().superRefine(targetIssues);
export type AlarmRuleInsert = z.infer<typeof alarmRuleInsertSchema>;
export const alarmRuleUpdateSchema = alarmRuleFields
  .partial()
  .extend({ id })
  .strict()
  .superRefine(targetIssues);
export type AlarmRuleUpdate = z.infer<typeof alarmRuleUpdateSchema>;
export const alarmRulePageSchema = pageRequestSchema.extend({
  ruleName: z.string().trim().max(ALARM_RULE_NAME_MAX).optional(),
  alarmLevel: z.coerce.number().int().min(1).max(ALARM_LEVELS_MAX).optional(),
  activeDefault: z.coerce.number().pipe(flagSchema).optional(),
});
export type AlarmRulePageRequest = z.infer<typeof alarmRulePageSchema>;
export const alarmRuleSchema = z.object({
  id: z.number().int(),
  ruleName: z.string(),
  content: z.string().nullable(),
  channelKind: z.string(),
  deviceTypeId: z.number().int().nullable(),
  alarmLevel: z.number().int(),
  alarmTemplateId: z.number().int().nullable(),
  comparator: z.enum(ALARM_COMPARATORS),
  value: z.number(),
  targetType: z.enum(ALARM_TARGET_TYPES),
  targetParam: z.enum(ALARM_TARGET_PARAMS).nullable(),
  faultCode: z.string().nullable(),
  faultMeaning: z.string().nullable(),
  repairGuidance: z.string().nullable(),
  activeDefault: flagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlarmRule = z.infer<typeof alarmRuleSchema>;

// ---- warning rules (002 §3: like alarm rules; fixed values must not repeat)

const warnRuleFields = z.object({
  ...ruleCommon,
  /** 0: a plain warning; 1-3: a graded warning of that level */
  warnLevel: z.number().int().min(0).max(ALARM_LEVELS_MAX).default(0),
  warnTemplateId: id.nullable().optional(),
});
export const warnRuleInsertSchema = warnRuleFields.strict().superRefine(targetIssues);
export type WarnRuleInsert = z.infer<typeof warnRuleInsertSchema>;
export const warnRuleUpdateSchema = warnRuleFields
  .partial()
  .extend({ id })
  .strict()
  .superRefine(targetIssues);
export type WarnRuleUpdate = z.infer<typeof warnRuleUpdateSchema>;
export const warnRulePageSchema = pageRequestSchema.extend({
  ruleName: z.string().trim().max(ALARM_RULE_NAME_MAX).optional(),
  activeDefault: z.coerce.number().pipe(flagSchema).optional(),
});
export type WarnRulePageRequest = z.infer<typeof warnRulePageSchema>;
export const warnRuleSchema = z.object({
  id: z.number().int(),
  ruleName: z.string(),
  content: z.string().nullable(),
  channelKind: z.string(),
  deviceTypeId: z.number().int().nullable(),
  warnLevel: z.number().int(),
  warnTemplateId: z.number().int().nullable(),
  comparator: z.enum(ALARM_COMPARATORS),
  value: z.number(),
  targetType: z.enum(ALARM_TARGET_TYPES),
  targetParam: z.enum(ALARM_TARGET_PARAMS).nullable(),
  activeDefault: flagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarnRule = z.infer<typeof warnRuleSchema>;

// ---- message templates (002 §3, §5)

const optionalBody = z.string().trim().max(MESSAGE_TEMPLATE_BODY_MAX).nullable().optional();
/** Channel bodies of a template; the system body is required, the others optional. */
const TEMPLATE_BODIES = [
  'systemContent',
  'emailContent',
  'smsContent',
  'wechatContent',
  'voiceContent',
] as const;
export type TemplateBodyField = (typeof TEMPLATE_BODIES)[number];

function templateIssues(
  v: Partial<Record<TemplateBodyField, string | null | undefined>>,
  ctx: z.RefinementCtx,
) {
  for (const field of TEMPLATE_BODIES) {
    const body = v[field];
    if (body === undefined || body === null || body === '') continue;
    const issue = templateBodyIssue(body);
    if (issue) ctx.addIssue({ code: 'custom', path: [field], message: issue });
  }
}

const messageTemplateFields = z.object({
  msgName: z.string().trim().min(1).max(MESSAGE_TEMPLATE_NAME_MAX),
  /** the notification kind it renders */
  type: z.enum(NOTIFICATION_KINDS),
  /** narrows the kind to one cause (high, low, door, power, ...); null: every cause */
  subtype: z.string().trim().max(MESSAGE_TEMPLATE_SUBTYPE_MAX).nullable().optional(),
  localeCode: z.enum(LOCALES),
  systemContent: z.string().trim().min(1).max(MESSAGE_TEMPLATE_BODY_MAX),
  emailSubject: z.string().trim().max(MESSAGE_TEMPLATE_SUBJECT_MAX).nullable().optional(),
  emailContent: optionalBody,
  smsContent: optionalBody,
  wechatContent: optionalBody,
  voiceContent: optionalBody,
});
export const messageTemplateInsertSchema = messageTemplateFields.strict().superRefine(templateIssues);
export type MessageTemplateInsert = z.infer<typeof messageTemplateInsertSchema>;
export const messageTemplateUpdateSchema = messageTemplateFields
  .partial()
  .extend({ id })
  .strict()
  .superRefine(templateIssues);
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdateSchema>;
export const messageTemplatePageSchema = pageRequestSchema.extend({
  msgName: z.string().trim().max(MESSAGE_TEMPLATE_NAME_MAX).optional(),
  type: z.enum(NOTIFICATION_KINDS).optional(),
  localeCode: z.enum(LOCALES).optional(),
});
export type MessageTemplatePageRequest = z.infer<typeof messageTemplatePageSchema>;
export const messageTemplateSchema = z.object({
  id: z.number().int(),
  msgName: z.string(),
  type: z.enum(NOTIFICATION_KINDS),
  subtype: z.string().nullable(),
  localeCode: z.string(),
  systemContent: z.string(),
  emailSubject: z.string().nullable(),
  emailContent: z.string().nullable(),
  smsContent: z.string().nullable(),
  wechatContent: z.string().nullable(),
  voiceContent: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const alarmIdQuerySchema = z.object({ id: idQuery });

// ---- per-device push configuration (002 §2 push configuration tab, §5)

export const alarmLevelSchema = z
  .object({
    level: z.number().int().min(1).max(ALARM_LEVELS_MAX),
    /** minutes a probe must stay out of range before this level fires (device time) */
    delayMinutes: z.number().int().min(0).max(ALARM_DELAY_MAX_MINUTES),
  })
  .strict();
export type AlarmLevel = z.infer<typeof alarmLevelSchema>;

export const recipientLevelSchema = z
  .object({
    level: z.number().int().min(1).max(ALARM_LEVELS_MAX),
    channels: z.array(z.enum(ALARM_CHANNELS)).max(ALARM_CHANNELS.length),
  })
  .strict();

export const alarmRecipientSchema = z
  .object({
    name: z.string().trim().min(ALARM_RECIPIENT_NAME_MIN).max(ALARM_RECIPIENT_NAME_MAX),
    phone: z.string().trim().regex(PHONE_PATTERN, { message: 'rules.phone' }).nullable().optional(),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, { message: 'rules.email' }).nullable().optional(),
    /** language of the recipient's messages; the device owner's language when absent */
    localeCode: z.enum(LOCALES).nullable().optional(),
    /** which levels reach this recipient, on which channels */
    levels: z.array(recipientLevelSchema).max(ALARM_LEVELS_MAX),
  })
  .strict();
export type AlarmRecipient = z.infer<typeof alarmRecipientSchema>;

export const pushConfigUpdateSchema = z
  .object({
    /** 0: the device raises nothing (also set when its asset is disabled) */
    alarmEnabled: flagSchema,
    levels: z.array(alarmLevelSchema).min(1).max(ALARM_LEVELS_MAX),
    recipients: z.array(alarmRecipientSchema).max(ALARM_RECIPIENTS_MAX),
    /** null: no offline alarm */
    offlineTimeoutMinutes: z
      .number()
      .int()
      .min(ALARM_OFFLINE_TIMEOUT_MIN_MINUTES)
      .max(ALARM_OFFLINE_TIMEOUT_MAX_MINUTES)
      .nullable(),
    /** null: no reminders while an alarm stays untreated */
    repeatIntervalMinutes: z
      .number()
      .int()
      .min(ALARM_REPEAT_MIN_MINUTES)
      .max(ALARM_REPEAT_MAX_MINUTES)
      .nullable(),
    /** 1: warning rules apply to this device */
    warningEnabled: flagSchema.default(1),
  })
  .strict();
export type PushConfigUpdate = z.infer<typeof pushConfigUpdateSchema>;
export const pushConfigParamsSchema = z.object({ deviceId: idQuery });

/** The probe limits the engine applies (set with /device/Device/updateParamSetting). */
export const pushConfigProbeSchema = z.object({
  probeId: z.number().int(),
  probeName: z.string().nullable(),
  upperLimit: z.number().nullable(),
  lowerLimit: z.number().nullable(),
});
export const pushConfigSchema = z.object({
  deviceId: z.number().int(),
  alarmEnabled: flagSchema,
  levels: z.array(z.object({ level: z.number().int(), delayMinutes: z.number().int() })),
  recipients: z.array(
    z.object({
      name: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      localeCode: z.string().nullable(),
      levels: z.array(z.object({ level: z.number().int(), channels: z.array(z.enum(ALARM_CHANNELS)) })),
    }),
  ),
  offlineTimeoutMinutes: z.number().int().nullable(),
  repeatIntervalMinutes: z.number().int().nullable(),
  warningEnabled: flagSchema,
  probes: z.array(pushConfigProbeSchema),
  updatedAt: z.string().nullable(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

// ---- message centre (002 §2, §4)

export const alarmMessagePageSchema = pageRequestSchema.extend({
  category: z.enum(ALARM_MESSAGE_CATEGORIES).optional(),
  deviceId: idQuery.optional(),
  /** Messages of one organization's devices (the organization home), among those the caller sees. */
  organizationId: idQuery.optional(),
  messageType: z.enum(ALARM_MESSAGE_TYPES).optional(),
  state: z.enum(ALARM_MESSAGE_STATES).optional(),
  /** creation (server) time range, ISO-8601 */
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type AlarmMessagePageRequest = z.infer<typeof alarmMessagePageSchema>;

export const alarmMessageSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceGuid: z.string().nullable(),
  /** the device's zone, in which the console shows the alarm's times */
  timeZone: z.string().nullable(),
  messageType: z.enum(ALARM_MESSAGE_TYPES),
  cause: z.enum(ALARM_CAUSES),
  /** the highest level reached (graded messages) */
  level: z.number().int().nullable(),
  probeId: z.number().int().nullable(),
  channelKind: z.string().nullable(),
  /** the most extreme value of the excursion, as stored */
  value: z.number().nullable(),
  limit: z.number().nullable(),
  /** device time the excursion started and ended (ISO-8601 UTC); end null while it lasts */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  state: z.enum(ALARM_MESSAGE_STATES),
  treatment: z.enum(ALARM_TREATMENTS).nullable(),
  reason: z.enum(ALARM_REASONS).nullable(),
  result: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  newFlag: flagSchema,
  /** rendered system text in the caller's language */
  text: z.string(),
  ruleId: z.number().int().nullable(),
  faultCode: z.string().nullable(),
  faultMeaning: z.string().nullable(),
  repairGuidance: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlarmMessage = z.infer<typeof alarmMessageSchema>;

export const alarmHandleSchema = z
  .object({
    ids: z.array(id).min(1).max(ALARM_HANDLE_BATCH_MAX),
    treatment: z.enum(ALARM_TREATMENTS),
    /** required for alarm messages; not used for system messages */
    reason: z.enum(ALARM_REASONS).nullable().optional(),
    result: z.string().trim().max(ALARM_RESULT_MAX).nullable().optional(),
  })
  .strict();
export type AlarmHandle = z.infer<typeof alarmHandleSchema>;
export const alarmHandleResultSchema = z.object({ updated: z.number().int() });
export type AlarmHandleResult = z.infer<typeof alarmHandleResultSchema>;

/**
 * Live frame on /api/ws when an alarm message of a device is created or changes (raised, escalated,
 * extreme value, cleared, reminded): sent to the device owner's sockets and to sockets following the
 * device, the text in the owner's language.
 */
export const alarmLiveFrameSchema = z.object({ type: z.literal('alarm'), data: alarmMessageSchema });
export type AlarmLiveFrame = z.infer<typeof alarmLiveFrameSchema>;
