import { z } from 'zod';
import { flagSchema, pageRequestSchema } from './common.ts';

/** Limits of 001 §5 and the ones this catalogue sets where the spec is silent (docs/decisions.md). */
export const SERVICE_PACKAGE_LIMITS = {
  packageNameMax: 20,
  levelNameMax: 20,
  levelDescribeMax: 200,
  itemNameMax: 20,
  itemSupplementMax: 100,
  itemLabelMax: 20,
  itemCodeMax: 32,
  levelsMax: 6,
  yearsPerLevelMax: 10,
  /** months; 1200 or more reads as lifelong (001 §9) */
  timeLengthMax: 1200,
  presentationMonthMax: 120,
  /** cents: 10 million units */
  feeMax: 1_000_000_000,
  smsPackagesPerKindMax: 5,
  smsNameMax: 20,
  smsCountMax: 1_000_000,
  freeMonthsMax: 120,
  freeCountMax: 100_000,
  importMaxBytes: 256 * 1024,
} as const;

/** The special service item codes of 001 §3.1. */
export const SERVICE_ITEM_CODES = ['DATA_QUERY_EXPORT', 'ALARM_SMS', 'ALARM_VOICE', 'AI_QA'] as const;
export const PACKAGE_CURRENCIES = ['CNY', 'USD'] as const;
export type PackageCurrency = (typeof PACKAGE_CURRENCIES)[number];
export const SMS_PACKAGE_KINDS = ['sms', 'voice'] as const;
export type SmsPackageKind = (typeof SMS_PACKAGE_KINDS)[number];

const L = SERVICE_PACKAGE_LIMITS;
const id = z.number().int().positive();
const cents = z.number().int().min(0).max(L.feeMax);
const percent = z.number().int().min(1).max(100);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const isoTime = z.iso.datetime({ offset: true });
export const packageCountryCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, { message: 'rules.countryCode' });

// ——— service items ———

export const serviceItemCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(L.itemCodeMax)
  .regex(/^[A-Z][A-Z0-9_]*$/, { message: 'rules.itemCode' });

export const serviceItemInsertSchema = z
  .object({
    itemCode: serviceItemCodeSchema,
    itemName: text(L.itemNameMax),
    itemSupplement: optionalText(L.itemSupplementMax),
    itemLabel: optionalText(L.itemLabelMax),
  })
  .strict();
export type ServiceItemInsert = z.infer<typeof serviceItemInsertSchema>;
export const serviceItemUpdateSchema = serviceItemInsertSchema.extend({ id }).strict();
export type ServiceItemUpdate = z.infer<typeof serviceItemUpdateSchema>;

export const serviceItemSchema = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  itemSupplement: z.string().nullable(),
  itemLabel: z.string().nullable(),
  sortNo: z.number().int(),
});
export type ServiceItem = z.infer<typeof serviceItemSchema>;

/** A new order of rows: the ids in the order they are shown. */
export const catalogueSortSchema = z
  .object({ ids: z.array(id).min(1).max(200) })
  .strict()
  .refine((v) => new Set(v.ids).size === v.ids.length, { message: 'rules.duplicateIds', path: ['ids'] });
export type CatalogueSortRequest = z.infer<typeof catalogueSortSchema>;

// ——— packages, levels, year rows ———

export const levelYearInputSchema = z
  .object({
    id: id.optional(),
    timeLength: z.number().int().min(1).max(L.timeLengthMax),
    serviceFee: cents,
    dataFee: cents,
    discount: percent,
    topStatus: flagSchema.default(0),
    presentationMonth: z.number().int().min(0).max(L.presentationMonthMax).default(0),
  })
  .strict();
export type LevelYearInput = z.infer<typeof levelYearInputSchema>;

export const levelInputSchema = z
  .object({
    id: id.optional(),
    levelName: text(L.levelNameMax),
    levelDescribe: optionalText(L.levelDescribeMax),
    free: flagSchema.default(0),
    activityDiscount: percent.default(100),
    activityStartTime: isoTime.nullish(),
    activityEndTime: isoTime.nullish(),
    itemCodes: z.array(serviceItemCodeSchema).max(50).default([]),
    yearList: z.array(levelYearInputSchema).max(L.yearsPerLevelMax),
  })
  .strict();
export type LevelInput = z.infer<typeof levelInputSchema>;

/** The free package (001 §3.1): the level a new device gets, for how long, with SMS and voice counts. */
export const freePackageInputSchema = z
  .object({
    levelName: text(L.levelNameMax),
    months: z.number().int().min(1).max(L.freeMonthsMax),
    smsCount: z.number().int().min(0).max(L.freeCountMax),
    voiceCount: z.number().int().min(0).max(L.freeCountMax),
  })
  .strict();
export type FreePackageInput = z.infer<typeof freePackageInputSchema>;

const packageFields = {
  packageName: text(L.packageNameMax),
  packageCode: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { message: 'rules.packageCode' }),
  currency: z.enum(PACKAGE_CURRENCIES).default('CNY'),
  enableTime: isoTime.nullish(),
  levelList: z.array(levelInputSchema).min(1).max(L.levelsMax),
  freePackage: freePackageInputSchema.nullish(),
};
export const servicePackageInsertSchema = z.object(packageFields).strict();
export type ServicePackageInsert = z.infer<typeof servicePackageInsertSchema>;
export const servicePackageUpdateSchema = z.object({ id, ...packageFields }).strict();
export type ServicePackageUpdate = z.infer<typeof servicePackageUpdateSchema>;

export const servicePackagePageSchema = pageRequestSchema.extend({
  packageName: z.string().trim().max(L.packageNameMax).optional(),
  packageStatus: flagSchema.optional(),
});
export type ServicePackagePageRequest = z.infer<typeof servicePackagePageSchema>;

export const packageIdSchema = z.object({ id }).strict();

export const levelYearSchema = z.object({
  id: z.number().int(),
  timeLength: z.number().int(),
  serviceFee: z.number().int(),
  dataFee: z.number().int(),
  discount: z.number().int(),
  topStatus: z.number().int(),
  presentationMonth: z.number().int(),
});
export type LevelYear = z.infer<typeof levelYearSchema>;

export const serviceLevelSchema = z.object({
  id: z.number().int(),
  levelName: z.string(),
  levelDescribe: z.string().nullable(),
  free: flagSchema,
  activityDiscount: z.number().int(),
  activityStartTime: z.string().nullable(),
  activityEndTime: z.string().nullable(),
  itemCodes: z.array(z.string()),
  yearList: z.array(levelYearSchema),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;

export const servicePackageSummarySchema = z.object({
  id: z.number().int(),
  packageName: z.string(),
  packageCode: z.string(),
  packageStatus: flagSchema,
  enableTime: z.string().nullable(),
  icon: z.string().nullable(),
  currency: z.enum(PACKAGE_CURRENCIES),
  sortNo: z.number().int(),
  levelCount: z.number().int(),
  deviceTypeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServicePackageSummary = z.infer<typeof servicePackageSummarySchema>;

export const servicePackageDetailSchema = servicePackageSummarySchema.extend({
  levelList: z.array(serviceLevelSchema),
  freePackage: z
    .object({
      levelId: z.number().int(),
      levelName: z.string(),
      months: z.number().int(),
      smsCount: z.number().int(),
      voiceCount: z.number().int(),
    })
    .nullable(),
  deviceTypeIds: z.array(z.number().int()),
});
export type ServicePackageDetail = z.infer<typeof servicePackageDetailSchema>;

// ——— device-type relations ———

export const deviceTypeRelationUpdateSchema = z
  .object({ packageId: id, deviceTypeIds: z.array(id).max(500) })
  .strict();
export type DeviceTypeRelationUpdate = z.infer<typeof deviceTypeRelationUpdateSchema>;

export const deviceTypeRelationQuerySchema = z.object({
  packageId: z.coerce.number().int().positive().optional(),
});

export const deviceTypeRelationSchema = z.object({
  deviceTypeId: z.number().int(),
  typeName: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  packageStatus: flagSchema,
});
export type DeviceTypeRelation = z.infer<typeof deviceTypeRelationSchema>;

// ——— the drawer's reads (the commerce contract) ———

export const serviceDeviceQuerySchema = z.object({ deviceId: z.coerce.number().int().positive() });

export const serviceItemRefSchema = z.object({ itemCode: z.string(), itemName: z.string() });

export const drawerLevelSchema = z.object({
  levelId: z.number().int(),
  levelName: z.string(),
  levelDescribe: z.string().nullable(),
  packageId: z.number().int(),
  /** cents per 12 months */
  serviceFee: z.number().int(),
  dataFee: z.number().int(),
  discount: z.number().int(),
  activityDiscount: z.number().int(),
  activityId: z.number().int().nullable(),
  activityStartTime: z.string().nullable(),
  activityEndTime: z.string().nullable(),
  presentationMonth: z.number().int(),
  topStatus: z.number().int(),
  free: z.boolean(),
  itemLevelRelList: z.array(serviceItemRefSchema),
});
export type DrawerLevel = z.infer<typeof drawerLevelSchema>;

export const deviceServiceItemsSchema = z.object({
  servicePackageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  currency: z.enum(PACKAGE_CURRENCIES),
  /** Why levelList is empty, in the caller's language; null when there are levels. */
  message: z.string().nullable(),
  itemList: z.array(
    z.object({
      itemCode: z.string(),
      itemName: z.string(),
      itemSupplement: z.string().nullable(),
      itemLabel: z.string().nullable(),
    }),
  ),
  levelList: z.array(drawerLevelSchema),
});
export type DeviceServiceItems = z.infer<typeof deviceServiceItemsSchema>;

export const levelYearQuerySchema = z.object({
  deviceId: z.coerce.number().int().positive(),
  levelId: z.coerce.number().int().positive(),
  packageId: z.coerce.number().int().positive(),
});

export const drawerLevelYearSchema = z.object({
  id: z.number().int(),
  timeLength: z.number().int(),
  serviceFee: z.number().int(),
  dataFee: z.number().int(),
  discount: z.number().int(),
  activityDiscount: z.number().int(),
  activityId: z.number().int().nullable(),
  presentationMonth: z.number().int(),
  topStatus: z.number().int(),
  /** cents actually charged per device */
  payFee: z.number().int(),
});
export type DrawerLevelYear = z.infer<typeof drawerLevelYearSchema>;
export const levelYearListSchema = z.object({ levelYearList: z.array(drawerLevelYearSchema) });

// ——— SMS and voice packages ———

const smsFields = {
  kind: z.enum(SMS_PACKAGE_KINDS),
  countryCode: packageCountryCodeSchema,
  currency: z.enum(PACKAGE_CURRENCIES),
  packageName: text(L.smsNameMax),
  count: z.number().int().min(1).max(L.smsCountMax),
  packageFee: cents,
  initialFee: cents,
};
export const smsPackageInsertSchema = z.object(smsFields).strict();
export type SmsPackageInsert = z.infer<typeof smsPackageInsertSchema>;
export const smsPackageUpdateSchema = z.object({ id, ...smsFields }).strict();
export type SmsPackageUpdate = z.infer<typeof smsPackageUpdateSchema>;

export const smsPackageListSchema = z
  .object({ countryCode: packageCountryCodeSchema.optional(), kind: z.enum(SMS_PACKAGE_KINDS).optional() })
  .strict();
export type SmsPackageListRequest = z.infer<typeof smsPackageListSchema>;

export const smsPackageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SMS_PACKAGE_KINDS),
  countryCode: z.string(),
  currency: z.enum(PACKAGE_CURRENCIES),
  packageName: z.string(),
  count: z.number().int(),
  packageFee: z.number().int(),
  initialFee: z.number().int(),
  sortNo: z.number().int(),
});
export type SmsPackage = z.infer<typeof smsPackageSchema>;

export const smsImportResultSchema = z.object({ inserted: z.number().int(), updated: z.number().int() });
export type SmsImportResult = z.infer<typeof smsImportResultSchema>;

export const depositViewRequestSchema = z.object({ countryCode: packageCountryCodeSchema });

const depositRow = {
  packageId: z.number().int(),
  packageName: z.string(),
  packageFee: z.number().int(),
  initialFee: z.number().int(),
  discount: z.number().int(),
  activityDiscount: z.number().int(),
  currency: z.enum(PACKAGE_CURRENCIES),
};
export const depositViewSchema = z.object({
  smsList: z.array(z.object({ ...depositRow, smsCount: z.number().int() })),
  voiceList: z.array(z.object({ ...depositRow, voiceCount: z.number().int() })),
});
export type DepositView = z.infer<typeof depositViewSchema>;
