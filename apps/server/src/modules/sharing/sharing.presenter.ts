import type { DeviceShare, RequestState } from '@coldchain/shared';
import type { ShareView } from './sharing.repo.ts';

/**
 * A share as `viewerAccountId` sees it: the name the sharer gave the recipient is the sharer's own
 * label, so only the sharer is shown it.
 */
export function presentShare(row: ShareView, now: string, viewerAccountId: number): DeviceShare {
  const sharerName = row.ownerAccountId === viewerAccountId ? row.sharerName : null;
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceGuid: row.deviceGuid,
    ownerAccountId: row.ownerAccountId,
    ownerName: row.ownerName,
    accountId: row.accountId,
    accountName: row.accountName,
    contact: row.contact,
    sharerName,
    recipientName: sharerName ?? row.accountName ?? row.contact ?? '',
    awaitingRegistration: row.accountId === null,
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
