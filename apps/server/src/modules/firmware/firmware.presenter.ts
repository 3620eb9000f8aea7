import type {
  SoftwareVersion,
  UpgradeCandidate,
  UpgradeFailure,
  UpgradeRecord,
  UpgradeState,
} from '@coldchain/shared';
import type { RecordView, VersionRow } from './firmware.repo.ts';

export function presentVersion(row: VersionRow): SoftwareVersion {
  return {
    id: row.id,
    deviceTypeId: row.deviceTypeId,
    typeName: row.typeName,
    typeCode: row.typeCode,
    value: row.value,
    label: row.label,
    description: row.description,
    fileName: row.fileName,
    fileSize: Number(row.fileSize),
    sha256: row.sha256,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentRecord(row: RecordView): UpgradeRecord {
  return {
    id: row.id,
    batchId: row.batchId,
    versionId: row.versionId,
    versionValue: row.versionValue,
    versionLabel: row.versionLabel,
    deviceId: row.deviceId,
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    typeName: row.typeName,
    fromVersion: row.fromVersion,
    state: row.state as UpgradeState,
    progress: Number(row.progress),
    failure: row.failure as UpgradeFailure | null,
    detail: row.detail,
    operatorName: row.operatorName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

export function presentCandidate(row: {
  id: number;
  deviceGuid: string;
  deviceName: string;
  version: string | null;
  status: string;
  lastState: string | null;
}): UpgradeCandidate {
  return {
    deviceId: row.id,
    deviceGuid: row.deviceGuid,
    deviceName: row.deviceName,
    version: row.version,
    status: row.status,
    lastState: row.lastState as UpgradeState | null,
  };
}
