import type { Action, DeviceRow, PageResponse } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { authorize, type DeviceCaller } from '../devices/device-policy.ts';
import { presentDeviceRow } from '../devices/devices.presenter.ts';
import type { DeviceRecord, DevicesRepo } from '../devices/devices.repo.ts';
import { withVisibleLimits } from '../devices/probe-visibility.ts';

/**
 * Devices named by id in organization, project and asset calls. Each goes through the device policy,
 * so a device the caller may not see answers "device not found" like a missing one, and what the
 * policy lets a caller see (own, shared, organization devices) follows here without code of ours.
 */
export async function authorizedDevices(
  repo: DevicesRepo,
  caller: DeviceCaller,
  ids: readonly number[],
  action: Action,
): Promise<DeviceRecord[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError('nothingSelected');
  const found = new Map((await repo.byIds(unique)).map((d) => [d.id, d]));
  return unique.map((id) => {
    const device = found.get(id);
    authorize(caller, device, action);
    return device as DeviceRecord;
  });
}

/**
 * A page of device rows, in the order of the ids the scoped query answered, with the limits of a
 * first probe the caller's template hides left out (as in the device list).
 */
export async function devicePageOf(
  repo: DevicesRepo,
  clock: Clock,
  caller: DeviceCaller,
  ids: readonly number[],
  start: number,
  totalCount: number,
): Promise<PageResponse<DeviceRow>> {
  const views = await withVisibleLimits(repo, caller, await repo.viewsByIds(ids));
  const now = clock.now().toISOString();
  return { data: views.map((v) => presentDeviceRow(v, now)), start, totalCount };
}
