import { z } from 'zod';
import {
  DEVICE_SCENES,
  DEVICE_TYPE_ADD_TYPES,
  DEVICE_TYPE_CODE_DIGITS,
  DEVICE_TYPE_CODE_MIN,
  DEVICE_TYPE_DESC_MAX,
  DEVICE_TYPE_NAME_MAX,
  DEVICE_TYPE_NAME_MIN,
  MODEL_ATTRIBUTE_MAX,
  MODEL_CODE_DIGITS,
  MODEL_DESC_MAX,
  MODEL_NAME_MAX,
  MODEL_NAME_MIN,
  MODEL_TYPE_MAX,
  PARAM_CODE_DIGITS,
  PARAM_DESCRIPTION_MAX,
  PARAM_EXPRESSION_MAX,
  PARAM_GROUP_NAME_MAX,
  PARAM_KEY_DIGITS,
  PARAM_NAME_MAX,
  PARAM_REGEXP_MAX,
  PARAM_REGEXP_TIP_MAX,
  PARAM_VALUE_TEXT_MAX,
  PARAM_VALUE_TEXTS_MAX,
  PARAM_VOCATIONAL_PROBE,
  PRECISION_MAX,
  SERIES_NAME_MAX,
  UNIT_CODE_MAX,
  UNIT_FORMULA_MAX,
  UNIT_NAME_MAX,
} from '../constants.ts';
import { isValidFormula } from '../formula.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

/**
 * The product catalogue of 002 §3 and its rules of §5: series, device types, model codes, device
 * parameters and parameter units. Messages of custom rules are translation keys under `rules.`.
 */

/** Hex codes are stored upper case without leading zeros, so "08001" and "8001" are one code. */
export const normalizeHex = (value: string): string => Number.parseInt(value, 16).toString(16).toUpperCase();
const hexSchema = (digits: number, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9A-Fa-f]{1,${digits}}$`), { message })
    .transform(normalizeHex);

/** typeCode: hex, at most 6 digits, at least 0x8000 (002 §5). */
export const typeCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9A-Fa-f]{1,${DEVICE_TYPE_CODE_DIGITS}}$`), { message: 'rules.typeCode' })
  .refine((v) => Number.parseInt(v, 16) >= DEVICE_TYPE_CODE_MIN, { message: 'rules.typeCode' })
  .transform(normalizeHex);
export const modelCodeSchema = hexSchema(MODEL_CODE_DIGITS, 'rules.hex4');
export const paramKeySchema = hexSchema(PARAM_KEY_DIGITS, 'rules.hex4');
export const paramCodeSchema = hexSchema(PARAM_CODE_DIGITS, 'rules.hex6');

/** Links to images and manuals: a web address or a path on this server. */
export const linkSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/|\/)[^\s]*$/, { message: 'rules.url' });
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** Small enumerations whose values the spec does not list (map mode, connection, network, node types). */
const codeSchema = z.number().int().min(0).max(99);

export const formulaSchema = z
  .string()
  .trim()
  .max(UNIT_FORMULA_MAX)
  .refine(isValidFormula, { message: 'rules.formula' });

const idSchema = z.number().int().positive();
export const idListSchema = z.object({ ids: z.array(idSchema).max(100) }).strict();
export type IdList = z.infer<typeof idListSchema>;

// ---- series

export const seriesFieldsSchema = z.object({ seriesName: z.string().trim().min(1).max(SERIES_NAME_MAX) });
export const seriesInsertSchema = seriesFieldsSchema.strict();
export type SeriesInsert = z.infer<typeof seriesInsertSchema>;
export const seriesUpdateSchema = seriesFieldsSchema.extend({ id: idSchema }).strict();
export type SeriesUpdate = z.infer<typeof seriesUpdateSchema>;
export const seriesPageSchema = pageRequestSchema.extend({
  seriesName: z.string().trim().max(SERIES_NAME_MAX).optional(),
});
export type SeriesPageRequest = z.infer<typeof seriesPageSchema>;
export const seriesSchema = z.object({
  id: z.number().int(),
  seriesName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

// ---- device types

export const typeScenesSchema = z
  .array(z.literal(DEVICE_SCENES))
  .min(1)
  .max(DEVICE_SCENES.length)
  .refine((v) => new Set(v).size === v.length, { message: 'rules.duplicates' });

export const deviceTypeFieldsSchema = z.object({
  typeName: z.string().trim().min(DEVICE_TYPE_NAME_MIN).max(DEVICE_TYPE_NAME_MAX),
  typeCode: typeCodeSchema,
  typeSeries: idSchema.nullable().optional(),
  mapMode: codeSchema.default(0),
  connectType: codeSchema.default(0),
  /** Release publishes (status 2); insert and update move between "to be tested" and "testing". */
  typeStatus: z.literal([0, 1]).default(0),
  energyStatus: flagSchema.default(0),
  energyParamId: idSchema.nullable().optional(),
  /** 1 current, 2 kWh */
  energyType: z.literal([1, 2]).nullable().optional(),
  phoneStatus: flagSchema.default(0),
  autoSms: flagSchema.default(0),
  autoEmail: flagSchema.default(0),
  batchParamStatus: flagSchema.default(0),
  onlineUpgradeStatus: flagSchema.default(0),
  waybillStatus: flagSchema.default(0),
  /** 0 no conversion, 1 convert units to the user's choice */
  convertStatus: flagSchema.default(0),
  netType: codeSchema.default(0),
  wifiType: codeSchema.default(0),
  nodeType: codeSchema.default(0),
  gatewayDataStatus: flagSchema.default(0),
  deviceImg: linkSchema.nullable().optional(),
  manualUrl: linkSchema.nullable().optional(),
  typeDesc: optionalText(DEVICE_TYPE_DESC_MAX),
  pushParamModified: flagSchema.default(0),
  typeScenes: typeScenesSchema,
  addType: z.literal(DEVICE_TYPE_ADD_TYPES).default(0),
});
export const deviceTypeInsertSchema = deviceTypeFieldsSchema.strict();
export type DeviceTypeInsert = z.infer<typeof deviceTypeInsertSchema>;
export const deviceTypeUpdateSchema = deviceTypeFieldsSchema.partial().extend({ id: idSchema }).strict();
export type DeviceTypeUpdate = z.infer<typeof deviceTypeUpdateSchema>;
export const deviceTypePageSchema = pageRequestSchema.extend({
  typeName: z.string().trim().max(DEVICE_TYPE_NAME_MAX).optional(),
  typeCode: z.string().trim().max(DEVICE_TYPE_CODE_DIGITS).optional(),
  typeStatus: z.literal([0, 1, 2]).optional(),
  typeSeries: idSchema.optional(),
  pushStatus: flagSchema.optional(),
});
export type DeviceTypePageRequest = z.infer<typeof deviceTypePageSchema>;
export const idBodySchema = z.object({ id: idSchema }).strict();

export const deviceTypeSchema = z.object({
  id: z.number().int(),
  typeName: z.string(),
  typeCode: z.string(),
  typeSeries: z.number().int().nullable(),
  seriesName: z.string().nullable(),
  mapMode: z.number().int(),
  connectType: z.number().int(),
  typeStatus: z.number().int(),
  pushStatus: flagSchema,
  energyStatus: flagSchema,
  energyParamId: z.number().int().nullable(),
  energyType: z.number().int().nullable(),
  phoneStatus: flagSchema,
  autoSms: flagSchema,
  autoEmail: flagSchema,
  batchParamStatus: flagSchema,
  onlineUpgradeStatus: flagSchema,
  waybillStatus: flagSchema,
  convertStatus: flagSchema,
  netType: z.number().int(),
  wifiType: z.number().int(),
  nodeType: z.number().int(),
  gatewayDataStatus: flagSchema,
  deviceImg: z.string().nullable(),
  manualUrl: z.string().nullable(),
  typeDesc: z.string().nullable(),
  pushParamModified: flagSchema,
  typeScenes: z.array(z.number().int()),
  addType: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceType = z.infer<typeof deviceTypeSchema>;
/** What the device forms need to pick a type. */
export const deviceTypeOptionSchema = z.object({
  id: z.number().int(),
  typeName: z.string(),
  typeCode: z.string(),
  typeScenes: z.array(z.number().int()),
  deviceImg: z.string().nullable(),
});
export type DeviceTypeOption = z.infer<typeof deviceTypeOptionSchema>;

// ---- model codes

export const modelFieldsSchema = z.object({
  modelName: z.string().trim().min(MODEL_NAME_MIN).max(MODEL_NAME_MAX),
  modelCode: modelCodeSchema,
  deviceTypeId: idSchema.nullable().optional(),
  modelType: optionalText(MODEL_TYPE_MAX),
  modelPic: linkSchema.nullable().optional(),
  modelLogo: linkSchema.nullable().optional(),
  modelVolume: optionalText(MODEL_ATTRIBUTE_MAX),
  temperatureRange: optionalText(MODEL_ATTRIBUTE_MAX),
  modelVoltage: optionalText(MODEL_ATTRIBUTE_MAX),
  modelRefrigerationPower: optionalText(MODEL_ATTRIBUTE_MAX),
  modelDefrostPower: optionalText(MODEL_ATTRIBUTE_MAX),
  modelDesc: optionalText(MODEL_DESC_MAX),
  /** 1 enabled, 0 disabled (002 §4) */
  modelFlag: flagSchema.default(1),
});
export const modelInsertSchema = modelFieldsSchema.strict();
export type ModelInsert = z.infer<typeof modelInsertSchema>;
export const modelUpdateSchema = modelFieldsSchema.partial().extend({ id: idSchema }).strict();
export type ModelUpdate = z.infer<typeof modelUpdateSchema>;
export const modelStateSchema = z.object({ id: idSchema, modelFlag: flagSchema }).strict();
export const modelPageSchema = pageRequestSchema.extend({
  modelName: z.string().trim().max(MODEL_NAME_MAX).optional(),
  modelCode: z.string().trim().max(MODEL_CODE_DIGITS).optional(),
  deviceTypeId: idSchema.optional(),
  modelFlag: flagSchema.optional(),
});
export type ModelPageRequest = z.infer<typeof modelPageSchema>;
export const modelSchema = z.object({
  id: z.number().int(),
  modelName: z.string(),
  modelCode: z.string(),
  deviceTypeId: z.number().int().nullable(),
  modelType: z.string().nullable(),
  modelPic: z.string().nullable(),
  modelLogo: z.string().nullable(),
  modelVolume: z.string().nullable(),
  temperatureRange: z.string().nullable(),
  modelVoltage: z.string().nullable(),
  modelRefrigerationPower: z.string().nullable(),
  modelDefrostPower: z.string().nullable(),
  modelDesc: z.string().nullable(),
  modelFlag: flagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

// ---- parameter units

export const unitFieldsSchema = z.object({
  unitName: z.string().trim().min(1).max(UNIT_NAME_MAX),
  unitCode: z.string().trim().min(1).max(UNIT_CODE_MAX),
  /** Units of one classification convert into each other through its basic unit. */
  unitClassify: z.string().trim().min(1).max(UNIT_CODE_MAX),
  localeCode: optionalText(10),
  basicUnitStatus: flagSchema.default(0),
  unitPic: linkSchema.nullable().optional(),
  alarmPic: linkSchema.nullable().optional(),
  toBasicFormula: formulaSchema.nullable().optional(),
  formBasicFormula: formulaSchema.nullable().optional(),
});
/** A unit that is not its classification's basic unit needs both formulas (002 §3). */
export function unitRuleIssues(u: {
  basicUnitStatus?: number | undefined;
  toBasicFormula?: string | null | undefined;
  formBasicFormula?: string | null | undefined;
}): RuleIssue[] {
  if (u.basicUnitStatus === 1) return [];
  const issues: RuleIssue[] = [];
  if (!u.toBasicFormula) issues.push({ field: 'toBasicFormula', rule: 'rules.formulaRequired' });
  if (!u.formBasicFormula) issues.push({ field: 'formBasicFormula', rule: 'rules.formulaRequired' });
  return issues;
}
export const unitInsertSchema = unitFieldsSchema.strict().superRefine((u, ctx) => {
  for (const i of unitRuleIssues(u)) ctx.addIssue({ code: 'custom', path: [i.field], message: i.rule });
});
export type UnitInsert = z.infer<typeof unitInsertSchema>;
export const unitUpdateSchema = unitFieldsSchema.partial().extend({ id: idSchema }).strict();
export type UnitUpdate = z.infer<typeof unitUpdateSchema>;
export const unitPageSchema = pageRequestSchema.extend({
  unitName: z.string().trim().max(UNIT_NAME_MAX).optional(),
  unitClassify: z.string().trim().max(UNIT_CODE_MAX).optional(),
});
export type UnitPageRequest = z.infer<typeof unitPageSchema>;
export const unitSchema = z.object({
  id: z.number().int(),
  unitName: z.string(),
  unitCode: z.string(),
  unitClassify: z.string(),
  localeCode: z.string().nullable(),
  basicUnitStatus: flagSchema,
  unitPic: z.string().nullable(),
  alarmPic: z.string().nullable(),
  toBasicFormula: z.string().nullable(),
  formBasicFormula: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;
export const unitConvertSchema = z.object({
  fromUnitId: z.coerce.number().int().positive(),
  toUnitId: z.coerce.number().int().positive(),
  value: z.coerce.number().finite(),
});

// ---- device parameters

export interface RuleIssue {
  field: string;
  rule: string;
}

/** Value texts are stored as "value:text,value:text", so neither part may hold a comma or colon (002 §5). */
const valueTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(PARAM_VALUE_TEXT_MAX)
  .regex(/^[^,:，：]*$/, { message: 'rules.noCommaColon' });
export const valueRangeSchema = z
  .array(z.object({ value: valueTextSchema, text: valueTextSchema }).strict())
  .max(PARAM_VALUE_TEXTS_MAX);
export const bitListSchema = z
  .array(z.object({ bit: z.number().int().min(0).max(63), name: valueTextSchema }).strict())
  .max(64);

export const paramFieldsSchema = z.object({
  deviceTypeId: idSchema,
  paramClassify: codeSchema.default(0),
  paramType: codeSchema.default(0),
  paramName: z.string().trim().min(1).max(PARAM_NAME_MAX),
  paramKey: paramKeySchema,
  paramCode: paramCodeSchema.nullable().optional(),
  paramSortNo: z.number().int().min(1),
  dataType: codeSchema.default(0),
  /** Business type; PARAM_VOCATIONAL_PROBE marks a probe. */
  vocationalWork: codeSchema.default(0),
  probeId: z.number().int().min(1).max(99).nullable().optional(),
  refParamId: idSchema.nullable().optional(),
  valueRange: valueRangeSchema.nullable().optional(),
  paramDefault: optionalText(50),
  paramDefaultF: optionalText(50),
  precisionUnit: z.number().int().min(0).max(PRECISION_MAX),
  viewPrecisionUnit: z.number().int().min(0).max(PRECISION_MAX).nullable().optional(),
  autoConvert: flagSchema.default(0),
  /** 0 a fixed value, 1 another parameter */
  paramMinType: z.literal([0, 1]).default(0),
  paramMaxType: z.literal([0, 1]).default(0),
  paramMin: z.number().finite().nullable().optional(),
  paramMax: z.number().finite().nullable().optional(),
  paramMinRefId: idSchema.nullable().optional(),
  paramMaxRefId: idSchema.nullable().optional(),
  paramMinEqual: flagSchema.default(1),
  paramMaxEqual: flagSchema.default(1),
  stepLength: z.number().positive().finite().nullable().optional(),
  paramUnit: idSchema.nullable().optional(),
  readWriteType: codeSchema.default(0),
  enforceSend: flagSchema.default(0),
  refParamExpression: z
    .string()
    .trim()
    .max(PARAM_EXPRESSION_MAX)
    .refine(isValidFormula, { message: 'rules.formula' })
    .nullable()
    .optional(),
  bitLength: z.number().int().min(1).max(64).nullable().optional(),
  bitList: bitListSchema.nullable().optional(),
  regExp: optionalText(PARAM_REGEXP_MAX),
  regExpTip: optionalText(PARAM_REGEXP_TIP_MAX),
  groupName: optionalText(PARAM_GROUP_NAME_MAX),
  description: optionalText(PARAM_DESCRIPTION_MAX),
});
/** The fields the cross-field rules read, loose enough for a stored row merged with changes. */
export interface ParamRuleInput {
  precisionUnit?: number | null | undefined;
  viewPrecisionUnit?: number | null | undefined;
  vocationalWork?: number | null | undefined;
  probeId?: number | null | undefined;
  paramMinType?: number | null | undefined;
  paramMaxType?: number | null | undefined;
  paramMin?: number | null | undefined;
  paramMax?: number | null | undefined;
  paramMinRefId?: number | null | undefined;
  paramMaxRefId?: number | null | undefined;
  regExp?: string | null | undefined;
  valueRange?: readonly { value: string }[] | null | undefined;
  bitList?: readonly { bit: number }[] | null | undefined;
}

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Rules across fields of one parameter (002 §5); the service applies them to the merged row on update. */
export function paramRuleIssues(p: ParamRuleInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (p.viewPrecisionUnit != null && p.precisionUnit != null && p.viewPrecisionUnit > p.precisionUnit)
    issues.push({ field: 'viewPrecisionUnit', rule: 'rules.viewPrecision' });
  if (p.vocationalWork === PARAM_VOCATIONAL_PROBE && p.probeId == null)
    issues.push({ field: 'probeId', rule: 'rules.probeRequired' });
  if (p.paramMinType === 1 && p.paramMinRefId == null)
    issues.push({ field: 'paramMinRefId', rule: 'rules.required' });
  if (p.paramMaxType === 1 && p.paramMaxRefId == null)
    issues.push({ field: 'paramMaxRefId', rule: 'rules.required' });
  if (
    p.paramMinType !== 1 &&
    p.paramMaxType !== 1 &&
    p.paramMin != null &&
    p.paramMax != null &&
    p.paramMin > p.paramMax
  )
    issues.push({ field: 'paramMax', rule: 'rules.maxBelowMin' });
  if (p.regExp && !isRegExp(p.regExp)) issues.push({ field: 'regExp', rule: 'rules.regExp' });
  const values = (p.valueRange ?? []).map((v) => v.value);
  if (new Set(values).size !== values.length) issues.push({ field: 'valueRange', rule: 'rules.duplicates' });
  const bits = (p.bitList ?? []).map((b) => b.bit);
  if (new Set(bits).size !== bits.length) issues.push({ field: 'bitList', rule: 'rules.duplicates' });
  return issues;
}

export const paramInsertSchema = paramFieldsSchema.strict().superRefine((p, ctx) => {
  for (const i of paramRuleIssues(p)) ctx.addIssue({ code: 'custom', path: [i.field], message: i.rule });
});
export type ParamInsert = z.infer<typeof paramInsertSchema>;
export const paramUpdateSchema = paramFieldsSchema
  .omit({ deviceTypeId: true })
  .partial()
  .extend({ id: idSchema })
  .strict();
export type ParamUpdate = z.infer<typeof paramUpdateSchema>;
export const paramPageSchema = pageRequestSchema.extend({
  deviceTypeId: idSchema,
  paramName: z.string().trim().max(PARAM_NAME_MAX).optional(),
  vocationalWork: codeSchema.optional(),
});
export type ParamPageRequest = z.infer<typeof paramPageSchema>;
export const paramListQuerySchema = z.object({ deviceTypeId: z.coerce.number().int().positive() });

export const paramSchema = z.object({
  id: z.number().int(),
  deviceTypeId: z.number().int(),
  paramClassify: z.number().int(),
  paramType: z.number().int(),
  paramName: z.string(),
  paramKey: z.string(),
  paramCode: z.string().nullable(),
  paramSortNo: z.number().int(),
  dataType: z.number().int(),
  vocationalWork: z.number().int(),
  probeId: z.number().int().nullable(),
  refParamId: z.number().int().nullable(),
  valueRange: z.array(z.object({ value: z.string(), text: z.string() })),
  paramDefault: z.string().nullable(),
  paramDefaultF: z.string().nullable(),
  precisionUnit: z.number().int(),
  viewPrecisionUnit: z.number().int().nullable(),
  autoConvert: flagSchema,
  paramMinType: z.number().int(),
  paramMaxType: z.number().int(),
  paramMin: z.number().nullable(),
  paramMax: z.number().nullable(),
  paramMinRefId: z.number().int().nullable(),
  paramMaxRefId: z.number().int().nullable(),
  paramMinEqual: flagSchema,
  paramMaxEqual: flagSchema,
  stepLength: z.number().nullable(),
  paramUnit: z.number().int().nullable(),
  readWriteType: z.number().int(),
  enforceSend: flagSchema,
  refParamExpression: z.string().nullable(),
  bitLength: z.number().int().nullable(),
  bitList: z.array(z.object({ bit: z.number().int(), name: z.string() })),
  regExp: z.string().nullable(),
  regExpTip: z.string().nullable(),
  groupName: z.string().nullable(),
  description: z.string().nullable(),
  /** Parameters shown together share this id (that of the first of them); null when separate. */
  combineGroup: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Param = z.infer<typeof paramSchema>;

// ---- device type file (export and import)

/** One parameter in a device type file: ids of other rows become their keys or codes. */
export const paramFileSchema = paramFieldsSchema
  .omit({ deviceTypeId: true, refParamId: true, paramMinRefId: true, paramMaxRefId: true, paramUnit: true })
  .extend({
    refParamKey: paramKeySchema.nullable().optional(),
    paramMinRefKey: paramKeySchema.nullable().optional(),
    paramMaxRefKey: paramKeySchema.nullable().optional(),
    paramUnitCode: z.string().trim().max(UNIT_CODE_MAX).nullable().optional(),
    /** paramKey of the first parameter of its combination */
    combineKey: paramKeySchema.nullable().optional(),
  })
  .strict();
export const DEVICE_TYPE_FILE_FORMAT = 'coldchain.deviceType';
export const deviceTypeFileSchema = z
  .object({
    format: z.literal(DEVICE_TYPE_FILE_FORMAT),
    version: z.literal(1),
    deviceType: deviceTypeFieldsSchema
      .omit({ typeSeries: true, energyParamId: true })
      .extend({
        seriesName: z.string().trim().max(SERIES_NAME_MAX).nullable().optional(),
        energyParamKey: paramKeySchema.nullable().optional(),
      })
      .strict(),
    params: z.array(paramFileSchema).max(1000),
  })
  .strict();
export type DeviceTypeFile = z.infer<typeof deviceTypeFileSchema>;
export type DeviceTypeFileInput = z.input<typeof deviceTypeFileSchema>;
