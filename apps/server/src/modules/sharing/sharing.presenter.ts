import type { DeviceShare, RequestState } from '@coldchain/shared';
import type { ShareView } from './sharing.repo.ts';

export function presentShare(row: ShareView, now: string): DeviceShare {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceGuid: row.deviceGuid,
    ownerAccountId: row.ownerAccountId,
    ownerName: row.ownerName,
    accountId: row.accountId,
    accountName: row.accountName,
    permissionModelId: row.permissionModelId,
    permissionModelName: row.permissionModelName,
    state: row.state as RequestState,
    expiresAt: row.expiresAt,
    expired: row.expiresAt !== null && row.expiresAt <= now,
    viaLink: row.linkId !== null,
    createdAt: row.createdAt,
    respondedAt: row.respondedAt,
  };
}
