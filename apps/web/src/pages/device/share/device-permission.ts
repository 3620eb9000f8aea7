import type { DevicePermission } from '@coldchain/shared';
import { useDevicePermission } from '../../../api/sharing.ts';
import { deviceActionState } from '../../../app/access.ts';

export interface DeviceGrantView {
  /** The permissions are known (before that, nothing is operable). */
  ready: boolean;
  /** A block (tab), button or parameter is shown. */
  visible: (code: string) => boolean;
  /** A parameter or button may be used (setStatus 1); read-only ones are shown disabled. */
  operable: (code: string) => boolean;
}

/** What the caller's permissions on a device allow, item by item (000 §6 deviceAction). */
export function grantView(permission: DevicePermission | undefined): DeviceGrantView {
  if (!permission) return { ready: false, visible: () => true, operable: () => false };
  if (permission.owner) return { ready: true, visible: () => true, operable: () => true };
  const byCode = new Map(permission.items.map((item) => [item.permissionCode, item]));
  return {
    ready: true,
    visible: (code) => byCode.get(code)?.viewStatus === 1,
    operable: (code) => deviceActionState(permission.items, code) === 'enabled',
  };
}

/** The caller's permission template on a device as checks the detail page applies. */
export function useDeviceGrant(deviceId: number): DeviceGrantView {
  return grantView(useDevicePermission(deviceId).data);
}
