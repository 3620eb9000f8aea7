import type { DeviceTransfer, RequestState } from '@coldchain/shared';
import type { TransferView } from './transfer.repo.ts';

export function presentTransfer(row: TransferView): DeviceTransfer {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceGuid: row.deviceGuid,
    fromAccountId: row.fromAccountId,
    fromName: row.fromName,
    toAccountId: row.toAccountId,
    toName: row.toName,
    state: row.state as RequestState,
    createdAt: row.createdAt,
    respondedAt: row.respondedAt,
  };
}
