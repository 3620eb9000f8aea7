import type { GuidBatch, GuidDeviceTag, GuidRow } from '@coldchain/shared';
import type { GuidBatchView, GuidView } from './guids.repo.ts';

const tagOf = (tag: string): GuidDeviceTag => (tag === 'neutral' ? 'neutral' : 'regular');

export function presentBatch(batch: GuidBatchView): GuidBatch {
  return {
    id: batch.id,
    orderCode: batch.orderCode,
    num: batch.num,
    deviceTypeId: batch.deviceTypeId,
    typeName: batch.typeName,
    deviceTag: tagOf(batch.deviceTag),
    domainId: batch.domainId,
    domain: batch.domain,
    usedCount: Number(batch.usedCount),
    lockedCount: Number(batch.lockedCount),
    exportCount: batch.exportCount,
    lastExportedAt: batch.lastExportedAt,
    creatorName: batch.creatorName,
    createdAt: batch.createdAt,
  };
}

export function presentGuid(guid: GuidView): GuidRow {
  return {
    id: guid.id,
    guid: guid.guid,
    batchId: guid.batchId,
    orderCode: guid.orderCode,
    deviceTypeId: guid.deviceTypeId,
    typeName: guid.typeName,
    deviceTag: tagOf(guid.deviceTag),
    domain: guid.domain,
    usedFlag: guid.usedFlag,
    lockedFlag: guid.lockedFlag,
    deviceName: guid.deviceName,
    usedAt: guid.usedAt,
    createdAt: guid.createdAt,
  };
}
