import { z } from 'zod';
import { flagSchema, pageRequestSchema } from './common.ts';

/** Firmware version label, in characters (002 §3 DeviceSoftwareVersion: label 50). */
export const FIRMWARE_LABEL_MAX = 50;
/** Firmware version description, in characters (002 §3: description 500). */
export const FIRMWARE_DESCRIPTION_MAX = 500;
/** A version value (what the device reports as its version), in characters; ours: the spec gives none. */
export const FIRMWARE_VALUE_MAX = 30;
/** Letters, digits, dot, underscore and hyphen: "2.1.0", "V1.3_b7". */
export const FIRMWARE_VALUE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;
/** Largest firmware file, in bytes (002 §5 upload sizes: the largest, 20 MB). */
export const FIRMWARE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Largest uploaded app package (apk), in bytes (002 §5 upload sizes: 20 MB). */
export const APP_PACKAGE_MAX_BYTES = 20 * 1024 * 1024;
/** An uploaded file's original name as kept, in characters. */
export const UPLOAD_FILE_NAME_MAX = 200;
/** Devices in one batch upgrade; ours (a page of devices at most). */
export const UPGRADE_BATCH_MAX = 200;
/** A device silent this long during an upgrade is marked failed, in ms (002 §4, §9: about ten minutes). */
export const UPGRADE_TIMEOUT_MS = 600_000;
/** How often the sweep looks for silent upgrades, in ms. */
export const UPGRADE_SWEEP_INTERVAL_MS = 30_000;
/** What a device may tell about a failure, in characters. */
export const UPGRADE_ERROR_MAX = 200;
/** App release notes, in characters (ours: the spec gives none). */
export const APP_RELEASE_NOTES_MAX = 2000;
/** An app store link, in characters. */
export const APP_STORE_URL_MAX = 500;
/** Random key of an uploaded file, handed back by the upload call and named by the insert. */
export const UPLOAD_KEY_PATTERN = /^[a-f0-9]{32}$/;

const idSchema = z.number().int().positive();
const versionValueSchema = z
  .string()
  .trim()
  .min(1)
  .max(FIRMWARE_VALUE_MAX)
  .regex(FIRMWARE_VALUE_PATTERN, { message: 'rules.versionValue' });
const fileKeySchema = z.string().regex(UPLOAD_KEY_PATTERN, { message: 'rules.invalidFormat' });
const fileNameSchema = z.string().trim().min(1).max(UPLOAD_FILE_NAME_MAX);

/** What an upload answers: the key to name in the insert, and what was stored. */
export const uploadedFileSchema = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// ---- firmware versions (DeviceSoftwareVersion)

export const softwareVersionPageSchema = pageRequestSchema.extend({
  deviceTypeId: z.coerce.number().int().positive().optional(),
  value: z.string().trim().max(FIRMWARE_VALUE_MAX).optional(),
});
export type SoftwareVersionPageRequest = z.infer<typeof softwareVersionPageSchema>;

export const softwareVersionInsertSchema = z
  .object({
    deviceTypeId: idSchema,
    value: versionValueSchema,
    label: z.string().trim().min(1).max(FIRMWARE_LABEL_MAX),
    description: z.string().trim().max(FIRMWARE_DESCRIPTION_MAX).optional(),
    fileKey: fileKeySchema,
    fileName: fileNameSchema,
  })
  .strict();
export type SoftwareVersionInsert = z.infer<typeof softwareVersionInsertSchema>;

/** Value, type and file stay as they were: records name what each device received. */
export const softwareVersionUpdateSchema = z
  .object({
    id: idSchema,
    label: z.string().trim().min(1).max(FIRMWARE_LABEL_MAX).optional(),
    description: z.string().trim().max(FIRMWARE_DESCRIPTION_MAX).optional(),
  })
  .strict();
export type SoftwareVersionUpdate = z.infer<typeof softwareVersionUpdateSchema>;

export const softwareVersionSchema = z.object({
  id: z.number().int(),
  deviceTypeId: z.number().int(),
  typeName: z.string(),
  typeCode: z.string(),
  value: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SoftwareVersion = z.infer<typeof softwareVersionSchema>;

// ---- online upgrade (DeviceUpgradeRecord)

/** pending: waiting for the device; sent: command delivered; then what the device reports. */
export const UPGRADE_STATES = [
  'pending',
  'sent',
  'downloading',
  'installing',
  'succeeded',
  'failed',
] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
export const UPGRADE_FINAL_STATES: readonly UpgradeState[] = ['succeeded', 'failed'];
/** Why an upgrade failed: the device said so, it stayed silent, or it came back with another version. */
export const UPGRADE_FAILURES = ['device', 'timeout', 'versionMismatch'] as const;
export type UpgradeFailure = (typeof UPGRADE_FAILURES)[number];

export const upgradeBatchSchema = z
  .object({
    versionId: idSchema,
    deviceIds: z.array(idSchema).min(1).max(UPGRADE_BATCH_MAX),
  })
  .strict();
export type UpgradeBatch = z.infer<typeof upgradeBatchSchema>;
export const upgradeBatchResultSchema = z.object({ batchId: z.string(), count: z.number().int() });
export type UpgradeBatchResult = z.infer<typeof upgradeBatchResultSchema>;

export const upgradeRecordPageSchema = pageRequestSchema.extend({
  versionId: z.coerce.number().int().positive().optional(),
  batchId: z
    .string()
    .regex(/^[a-f0-9]{16}$/, { message: 'rules.invalidFormat' })
    .optional(),
  deviceGuid: z.string().trim().max(20).optional(),
  state: z.enum(UPGRADE_STATES).optional(),
});
export type UpgradeRecordPageRequest = z.infer<typeof upgradeRecordPageSchema>;

export const upgradeRecordSchema = z.object({
  id: z.number().int(),
  batchId: z.string(),
  versionId: z.number().int(),
  versionValue: z.string(),
  versionLabel: z.string(),
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  typeName: z.string(),
  fromVersion: z.string().nullable(),
  state: z.enum(UPGRADE_STATES),
  progress: z.number().int(),
  failure: z.enum(UPGRADE_FAILURES).nullable(),
  detail: z.string().nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type UpgradeRecord = z.infer<typeof upgradeRecordSchema>;

/** Devices of one type an operator may upgrade, with their version and latest upgrade. */
export const upgradeCandidatePageSchema = pageRequestSchema.extend({
  deviceTypeId: z.coerce.number().int().positive(),
  deviceGuid: z.string().trim().max(20).optional(),
});
export type UpgradeCandidatePageRequest = z.infer<typeof upgradeCandidatePageSchema>;
export const upgradeCandidateSchema = z.object({
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  version: z.string().nullable(),
  status: z.string(),
  lastState: z.enum(UPGRADE_STATES).nullable(),
});
export type UpgradeCandidate = z.infer<typeof upgradeCandidateSchema>;

/**
 * What a device publishes on `devices/{guid}/upgrade` (or POSTs over HTTP) while it upgrades
 * (docs/protocol.md): progress of the download and install, then the version it came back with.
 */
export const upgradeReportSchema = z.strictObject({
  recordId: z.number().int().positive(),
  state: z.enum(['downloading', 'installing', 'succeeded', 'failed']),
  progress: z.number().int().min(0).max(100).optional(),
  /** the version running now; required with succeeded */
  version: z.string().min(1).max(FIRMWARE_VALUE_MAX).optional(),
  error: z.string().max(UPGRADE_ERROR_MAX).optional(),
});
export type UpgradeReport = z.infer<typeof upgradeReportSchema>;

/** The payload of the `upgrade` command a device receives. */
export interface UpgradeCommandPayload {
  recordId: number;
  version: string;
  /** absolute path on the server to GET with the device's own credentials */
  url: string;
  size: number;
  sha256: string;
}

// ---- app versions (apk package management, iOS upgrade)

export const APP_TYPES = ['android', 'ios'] as const;
export type AppType = (typeof APP_TYPES)[number];

export const appVersionPageSchema = pageRequestSchema.extend({ appType: z.enum(APP_TYPES).optional() });
export type AppVersionPageRequest = z.infer<typeof appVersionPageSchema>;

const storeUrlSchema = z
  .string()
  .trim()
  .max(APP_STORE_URL_MAX)
  .regex(/^https:\/\/\S+$/, { message: 'rules.httpsUrl' });

export const appVersionInsertSchema = z
  .object({
    appType: z.enum(APP_TYPES),
    version: versionValueSchema,
    releaseNotes: z.string().trim().min(1).max(APP_RELEASE_NOTES_MAX),
    forced: flagSchema.default(0),
    storeUrl: storeUrlSchema.optional(),
    fileKey: fileKeySchema.optional(),
    fileName: fileNameSchema.optional(),
  })
  .strict();
export type AppVersionInsert = z.infer<typeof appVersionInsertSchema>;

export const appVersionUpdateSchema = z
  .object({
    id: idSchema,
    releaseNotes: z.string().trim().min(1).max(APP_RELEASE_NOTES_MAX).optional(),
    forced: flagSchema.optional(),
    storeUrl: storeUrlSchema.nullable().optional(),
  })
  .strict();
export type AppVersionUpdate = z.infer<typeof appVersionUpdateSchema>;

export const appVersionSchema = z.object({
  id: z.number().int(),
  appType: z.enum(APP_TYPES),
  version: z.string(),
  releaseNotes: z.string(),
  forced: flagSchema,
  storeUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** where the package downloads from (android with an uploaded package), else null */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const releaseNotesQuerySchema = z.object({ appType: z.enum(APP_TYPES).optional() });
