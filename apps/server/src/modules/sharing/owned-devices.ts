import { AppError } from '../../errors.ts';
import { authorize, type DeviceCaller } from '../devices/device-policy.ts';
import type { DevicesRepo, DeviceView } from '../devices/devices.repo.ts';

/**
 * The devices of a batch share or transfer: each must be one the caller sees (otherwise "device not
 * found", like a missing id) and owns (sharing and transfer stay with the owner, 002 §6).
 */
export async function ownedDevices(
  devices: DevicesRepo,
  caller: DeviceCaller,
  ids: readonly number[],
): Promise<DeviceView[]> {
  const unique = [...new Set(ids)];
  const found = new Map((await devices.viewsByIds(unique)).map((d) => [d.id, d]));
  return unique.map((id) => {
    const device = found.get(id);
    authorize(caller, device, 'query');
    if (!device || device.accountId !== caller.accountId) throw new AppError('notDeviceOwner');
    if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
    return device;
  });
}
