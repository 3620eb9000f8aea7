import { type Action, actionKey, type PermissionKey } from '@coldchain/shared';
import { AppError } from '../../errors.ts';

/** Who is asking, as far as device access is concerned. */
export interface DeviceCaller {
  accountId: number;
  userName: string;
  platformId: number;
  /** The caller's platform is the default one (its operators see every platform's devices). */
  platformIsDefault: boolean;
  permissions: readonly string[];
  /** 'C' or 'F' */
  temperatureUnit: string;
  /** For entries the device services write to the operation log themselves. */
  sourceIp: string | null;
}

/**
 * The devices a caller may see, as a filter the repo applies to every query. Today a device belongs
 * to a platform and an owner account; organizations and sharing (a later issue) add their own kinds
 * here and nowhere else.
 */
export type DeviceScope =
  | { kind: 'all' }
  | { kind: 'platform'; platformId: number }
  | { kind: 'owner'; accountId: number; platformId: number };

/** The two ways into devices: the user console (own devices) and the back office (operation.device). */
export type DeviceView = 'console' | 'backOffice';

const BACK_OFFICE = 'operation.device' as const;
const CONSOLE = 'device.list' as const;

const has = (caller: DeviceCaller, key: string) => caller.permissions.includes(key);

export function hasBackOffice(caller: DeviceCaller, action: Action = 'query'): boolean {
  return has(caller, `${BACK_OFFICE}:${action}`);
}

/**
 * The devices visible in a view. The console shows the caller's own devices; the back office shows
 * the caller's platform, or every platform to operators of the default platform.
 */
export function visibleDevices(caller: DeviceCaller, view: DeviceView = 'console'): DeviceScope {
  if (view === 'backOffice') {
    if (!hasBackOffice(caller)) throw new AppError('forbidden');
    return caller.platformIsDefault ? { kind: 'all' } : { kind: 'platform', platformId: caller.platformId };
  }
  return { kind: 'owner', accountId: caller.accountId, platformId: caller.platformId };
}

export interface DeviceOwnership {
  platformId: number;
  accountId: number;
}

export function inScope(scope: DeviceScope, device: DeviceOwnership): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'platform') return device.platformId === scope.platformId;
  return device.accountId === scope.accountId && device.platformId === scope.platformId;
}

/**
 * Whether the caller may see one device, and through which view: its own devices through the
 * console, others through the back office when the caller holds operation.device.
 */
export function viewOf(caller: DeviceCaller, device: DeviceOwnership): DeviceView | null {
  if (inScope(visibleDevices(caller, 'console'), device)) return 'console';
  if (hasBackOffice(caller) && inScope(visibleDevices(caller, 'backOffice'), device)) return 'backOffice';
  return null;
}

export function canSee(caller: DeviceCaller, device: DeviceOwnership): boolean {
  return viewOf(caller, device) !== null;
}

/** The permission an action on a device needs in a view: device.list:<action> or operation.device:<action>. */
export function permissionFor(view: DeviceView, action: Action): PermissionKey {
  return actionKey(view === 'console' ? CONSOLE : BACK_OFFICE, action);
}

/**
 * Authorizes an action on a device the caller asked for by id. A device the caller may not see
 * answers "device not found", exactly like a missing one, so ids reveal nothing; a visible device
 * without the action's permission answers 403.
 */
export function authorize(
  caller: DeviceCaller,
  device: DeviceOwnership | undefined,
  action: Action,
): DeviceView {
  const view = device ? viewOf(caller, device) : null;
  if (!view) throw new AppError('deviceNotFound');
  if (!has(caller, permissionFor(view, action))) throw new AppError('forbidden');
  return view;
}
