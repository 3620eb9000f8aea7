import { z } from 'zod';
import { DEVICE_GUID_MAX } from '../constants.ts';
import { pageRequestSchema } from './common.ts';
import { devicePageSchema } from './devices.ts';

/** SIM card number: at most 15 characters (002 §3 cardNum, §9 "SIM card number 15"). */
export const SIM_CARD_NUM_MAX = 15;
/** ICCID: digits only, at most 30 (002 §3 iccId, §5 "SIM import ICCID up to 30 digits"). */
export const SIM_ICCID_MAX = 30;
/** A device stores at most 20 ICCID digits (002 §3 Device iccId "up to 20 on device"). */
export const DEVICE_ICCID_MAX = 20;
/** SIM description: at most 100 characters (002 §3). */
export const SIM_DESCRIPTION_MAX = 100;
/** Operator (carrier) name: not given in 002 §3; 30 characters (docs/decisions.md, SIM cards). */
export const SIM_OPERATOR_MAX = 30;
/** Where the card came from (supplier, batch): not given; 50 characters. */
export const SIM_SOURCE_MAX = 50;
/** Data plan name: not given; 50 characters. */
export const SIM_PLAN_MAX = 50;
/** Free months on the card: not given; 0-120. */
export const SIM_FREE_MONTH_MAX = 120;
/** Balance in cents: not given; up to 100,000,000.00 in either direction. */
export const SIM_BALANCE_MAX_CENTS = 10_000_000_000;
/** Rows one SIM import takes (docs/decisions.md, SIM cards). */
export const SIM_IMPORT_MAX_ROWS = 5_000;
/** Size of one SIM import file: 2 MB, one of the upload sizes of 002 §5 and §9. */
export const SIM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Rows one SIM export writes. */
export const SIM_EXPORT_MAX_ROWS = 50_000;
/** SIM use states (002 §4 "SIM: use state editable"; values not shown). */
export const SIM_USE_STATES = ['notActivated', 'active', 'suspended', 'cancelled'] as const;
export type SimUseState = (typeof SIM_USE_STATES)[number];
/** SIM recharge states (002 §4 "recharge state editable"; values follow the offline purchase states). */
export const SIM_RECHARGE_STATES = ['notRecharged', 'recharged', 'rechargeFailed'] as const;
export type SimRechargeState = (typeof SIM_RECHARGE_STATES)[number];
/** Columns of the SIM import and export files, in order. */
export const SIM_FILE_COLUMNS = [
  'iccId',
  'cardNum',
  'operator',
  'source',
  'openTime',
  'activeTime',
  'expiredTime',
  'useState',
  'rechargeState',
  'balance',
  'plan',
  'freeMonth',
  'description',
] as const;
export type SimFileColumn = (typeof SIM_FILE_COLUMNS)[number];

/** GUID batch order code: at most 20 characters (002 §3 Device GUID export orderCode). */
export const GUID_ORDER_CODE_MAX = 20;
/** GUIDs per generation request: at most 999 (002 §3 num, §5, §9 "GUID export max 999 per request"). */
export const GUID_BATCH_MAX = 999;
/** Digits of a generated GUID (a device GUID is digits, up to 20: 002 §3). */
export const GUID_GENERATED_DIGITS = 16;
/** GUID device tags (002 §3 deviceTag: regular or neutral). */
export const GUID_DEVICE_TAGS = ['regular', 'neutral'] as const;
export type GuidDeviceTag = (typeof GUID_DEVICE_TAGS)[number];
/** GUIDs one lock or unlock names. */
export const GUID_LOCK_MAX = 999;

const digits = (max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), { message: 'rules.digits' });
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** A calendar day, YYYY-MM-DD. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'rules.date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: 'rules.date' });

// ---- SIM cards

export const simIccIdSchema = digits(SIM_ICCID_MAX);
export const simCardNumSchema = digits(SIM_CARD_NUM_MAX);

const simFields = {
  iccId: simIccIdSchema,
  cardNum: simCardNumSchema.nullable().optional(),
  operator: optionalText(SIM_OPERATOR_MAX),
  source: optionalText(SIM_SOURCE_MAX),
  openTime: day.nullable().optional(),
  activeTime: day.nullable().optional(),
  expiredTime: day.nullable().optional(),
  useState: z.enum(SIM_USE_STATES).optional(),
  rechargeState: z.enum(SIM_RECHARGE_STATES).optional(),
  /** Cents. */
  balance: z.number().int().min(-SIM_BALANCE_MAX_CENTS).max(SIM_BALANCE_MAX_CENTS).nullable().optional(),
  plan: optionalText(SIM_PLAN_MAX),
  freeMonth: z.number().int().min(0).max(SIM_FREE_MONTH_MAX).nullable().optional(),
  description: optionalText(SIM_DESCRIPTION_MAX),
};

export const simInsertSchema = z.object(simFields).strict();
export type SimInsert = z.infer<typeof simInsertSchema>;

export const simUpdateSchema = z
  .object({
    id: z.number().int().positive(),
    ...simFields,
    iccId: simIccIdSchema.optional(),
  })
  .strict();
export type SimUpdate = z.infer<typeof simUpdateSchema>;

/** Use and recharge states of several cards at once (002 §4). */
export const simStateSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(200),
    useState: z.enum(SIM_USE_STATES).optional(),
    rechargeState: z.enum(SIM_RECHARGE_STATES).optional(),
  })
  .strict()
  .refine((v) => v.useState !== undefined || v.rechargeState !== undefined, {
    message: 'rules.nothingToChange',
    path: ['useState'],
  });
export type SimStateUpdate = z.infer<typeof simStateSchema>;

/** Binds a card to a device by the device's GUID (what an operator reads off the device). */
export const simBindSchema = z
  .object({
    id: z.number().int().positive(),
    deviceGuid: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{1,${DEVICE_GUID_MAX}}$`), { message: 'rules.deviceGuid' }),
  })
  .strict();
export type SimBind = z.infer<typeof simBindSchema>;
export const simUnbindSchema = z.object({ id: z.number().int().positive() }).strict();

export const simConditionSchema = z.object({
  iccId: z.string().trim().max(SIM_ICCID_MAX).optional(),
  cardNum: z.string().trim().max(SIM_CARD_NUM_MAX).optional(),
  operator: z.string().trim().max(SIM_OPERATOR_MAX).optional(),
  useState: z.enum(SIM_USE_STATES).optional(),
  rechargeState: z.enum(SIM_RECHARGE_STATES).optional(),
  /** 1 bound to a device, 0 free. */
  bound: z.coerce
    .number()
    .pipe(z.literal([0, 1]))
    .optional(),
  deviceGuid: z.string().trim().max(DEVICE_GUID_MAX).optional(),
  /** Cards expiring on or before this day. */
  expiredBefore: day.optional(),
});
export type SimCondition = z.infer<typeof simConditionSchema>;
export const simPageSchema = pageRequestSchema.extend(simConditionSchema.shape);
export type SimPageRequest = z.infer<typeof simPageSchema>;
export const simExportSchema = simConditionSchema.strict();

export const simRowSchema = z.object({
  id: z.number().int(),
  iccId: z.string(),
  cardNum: z.string().nullable(),
  operator: z.string().nullable(),
  source: z.string().nullable(),
  openTime: z.string().nullable(),
  activeTime: z.string().nullable(),
  expiredTime: z.string().nullable(),
  /** The bound device's last message, else the last one recorded on the card. */
  lastOnline: z.string().nullable(),
  useState: z.enum(SIM_USE_STATES),
  rechargeState: z.enum(SIM_RECHARGE_STATES),
  balance: z.number().int().nullable(),
  plan: z.string().nullable(),
  freeMonth: z.number().int().nullable(),
  description: z.string().nullable(),
  deviceId: z.number().int().nullable(),
  deviceGuid: z.string().nullable(),
  deviceName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SimRow = z.infer<typeof simRowSchema>;

/** One refused row of an import: its line in the file (the header is line 1), the field and why. */
export const simImportErrorSchema = z.object({
  line: z.number().int(),
  iccId: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type SimImportError = z.infer<typeof simImportErrorSchema>;
export const simImportResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  errors: z.array(simImportErrorSchema),
});
export type SimImportResult = z.infer<typeof simImportResultSchema>;

// ---- GUID batches

export const guidBatchInsertSchema = z
  .object({
    orderCode: z.string().trim().min(1).max(GUID_ORDER_CODE_MAX),
    num: z.number().int().min(1).max(GUID_BATCH_MAX),
    deviceTypeId: z.number().int().positive(),
    deviceTag: z.enum(GUID_DEVICE_TAGS).default('regular'),
    /** The platform (domain) the devices will connect to; the caller's own when left out. */
    domainId: z.number().int().positive().optional(),
  })
  .strict();
export type GuidBatchInsert = z.infer<typeof guidBatchInsertSchema>;

export const guidBatchSchema = z.object({
  id: z.number().int(),
  orderCode: z.string(),
  num: z.number().int(),
  deviceTypeId: z.number().int(),
  typeName: z.string(),
  deviceTag: z.enum(GUID_DEVICE_TAGS),
  domainId: z.number().int(),
  domain: z.string(),
  usedCount: z.number().int(),
  lockedCount: z.number().int(),
  exportCount: z.number().int(),
  lastExportedAt: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type GuidBatch = z.infer<typeof guidBatchSchema>;
export const guidBatchPageSchema = pageRequestSchema.extend({
  orderCode: z.string().trim().max(GUID_ORDER_CODE_MAX).optional(),
  deviceTypeId: z.coerce.number().int().positive().optional(),
  deviceTag: z.enum(GUID_DEVICE_TAGS).optional(),
});
export type GuidBatchPageRequest = z.infer<typeof guidBatchPageSchema>;

export const guidRowSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  batchId: z.number().int(),
  orderCode: z.string(),
  deviceTypeId: z.number().int(),
  typeName: z.string(),
  deviceTag: z.enum(GUID_DEVICE_TAGS),
  domain: z.string(),
  usedFlag: z.number().int(),
  lockedFlag: z.number().int(),
  deviceName: z.string().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GuidRow = z.infer<typeof guidRowSchema>;
export const guidPageSchema = pageRequestSchema.extend({
  guid: z.string().trim().max(DEVICE_GUID_MAX).optional(),
  batchId: z.coerce.number().int().positive().optional(),
  orderCode: z.string().trim().max(GUID_ORDER_CODE_MAX).optional(),
  deviceTypeId: z.coerce.number().int().positive().optional(),
  usedFlag: z.coerce
    .number()
    .pipe(z.literal([0, 1]))
    .optional(),
  lockedFlag: z.coerce
    .number()
    .pipe(z.literal([0, 1]))
    .optional(),
});
export type GuidPageRequest = z.infer<typeof guidPageSchema>;
export const guidLockSchema = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(GUID_LOCK_MAX) })
  .strict();
export type GuidLock = z.infer<typeof guidLockSchema>;
export const guidBatchIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
/** Platforms a batch may be generated for. */
export const guidDomainSchema = z.object({ id: z.number().int(), domain: z.string(), title: z.string() });
export type GuidDomain = z.infer<typeof guidDomainSchema>;

// ---- device export for all accounts (/system/exportDevice)

const allDevicesConditionSchema = devicePageSchema
  .omit({
    start: true,
    pageSize: true,
    sortField: true,
    sortOrder: true,
    accountId: true,
    organizationId: true,
  })
  .strict();
export const allDevicesExportSchema = z.object({ condition: allDevicesConditionSchema.default({}) }).strict();
export type AllDevicesExport = z.infer<typeof allDevicesExportSchema>;
