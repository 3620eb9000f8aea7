import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/**
 * A firmware version of a device type (002 §3 DeviceSoftwareVersion: value, label, description, file).
 * Part of the global catalogue like the device types: no platform column.
 */
export interface DeviceSoftwareVersionTable {
  id: Generated<number>;
  deviceTypeId: number;
  /** What the device reports as its version once it runs this firmware; unique per type. */
  value: string;
  label: string;
  description: string | null;
  /** The uploaded file: its original name, random storage key, size and SHA-256 (hex). */
  fileName: string;
  fileKey: string;
  fileSize: number;
  sha256: string;
  createdBy: number | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/**
 * One device's online upgrade to one version (002 §3 DeviceUpgradeRecord). Rows of one batch share
 * batchId; platformId is the device's, so each platform's back office sees its own.
 */
export interface DeviceUpgradeRecordTable {
  id: Generated<number>;
  batchId: string;
  platformId: number;
  versionId: number;
  deviceId: number;
  /** The version the device reported before the upgrade. */
  fromVersion: string | null;
  /** pending | sent | downloading | installing | succeeded | failed */
  state: string;
  /** 0-100 */
  progress: number;
  /** device | timeout | versionMismatch; null unless failed */
  failure: string | null;
  /** What the device said (its error, or the version it came back with). */
  detail: string | null;
  /** The device_command row that carries the upgrade command. */
  commandId: number | null;
  operatorId: number | null;
  operatorName: string | null;
  createdAt: Iso;
  updatedAt: Iso;
  /** The last time the device said anything about this upgrade (or the command was sent). */
  lastReportAt: Iso | null;
  finishedAt: Iso | null;
}

/** An app release of one platform: apk package management and iOS upgrade entries. */
export interface AppVersionTable {
  id: Generated<number>;
  platformId: number;
  /** android | ios */
  appType: string;
  version: string;
  releaseNotes: string;
  forced: Flag;
  storeUrl: string | null;
  fileName: string | null;
  fileKey: string | null;
  fileSize: number | null;
  createdBy: number | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface FirmwareTables {
  deviceSoftwareVersion: DeviceSoftwareVersionTable;
  deviceUpgradeRecord: DeviceUpgradeRecordTable;
  appVersion: AppVersionTable;
}
