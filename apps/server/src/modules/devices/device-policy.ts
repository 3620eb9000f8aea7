import {
  type Action,
  actionKey,
  PARAM_VOCATIONAL_PROBE,
  PERMISSION_BLOCKS,
  PERMISSION_BUTTONS,
  PERMISSION_DEVICE_PARAMS,
  type PermissionItem,
  type PermissionKey,
  type PermissionStatus,
  paramPermissionCode,
} from '@coldchain/shared';
import { AppError } from '../../errors.ts';

/** A permission template as the policy applies it (002 §3): items by permission code. */
export interface GrantTemplate {
  id: number;
  items: ReadonlyMap<string, PermissionItem>;
}

/**
 * What the caller reaches besides its own devices, loaded once per request: devices shared with it
 * and accepted (not expired at `at`), and the organizations it is a member of. Each grant carries the
 * permission template applied to it; null means the default, everything visible and nothing operable.
 */
export interface DeviceGrants {
  /** The moment the grants were read: shares ending before it were left out. */
  at: string;
  shared: ReadonlyMap<number, GrantTemplate | null>;
  organizations: ReadonlyMap<number, GrantTemplate | null>;
}

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
  /** Shares and organization memberships; without them the caller reaches its own devices only. */
  grants?: DeviceGrants;
}

/**
 * The devices a caller may see, as a filter the repo applies to every query. In the console a caller
 * sees its own devices and, with grants, the devices shared with it and those of its organizations;
 * the back office sees a platform or all of them. New kinds of access are added here and nowhere else.
 */
export type DeviceScope =
  | { kind: 'all' }
  | { kind: 'platform'; platformId: number }
  | { kind: 'owner'; accountId: number; platformId: number }
  | {
      kind: 'granted';
      accountId: number;
      platformId: number;
      /** Shares must not have ended before this time (the grants' `at`). */
      at: string;
      sharedDeviceIds: ReadonlySet<number>;
      organizationIds: ReadonlySet<number>;
    }
  /** The devices of one organization, for its members (the organization home). */
  | { kind: 'organization'; organizationId: number; platformId: number };

/** The two ways into devices: the user console (own devices) and the back office (operation.device). */
export type DeviceView = 'console' | 'backOffice';

/** Asking for a device: `setParams` is the parameter-settings change, which templates may allow. */
export type DeviceAction = Action | 'setParams';

const BACK_OFFICE = 'operation.device' as const;
const CONSOLE = 'device.list' as const;

const has = (caller: DeviceCaller, key: string) => caller.permissions.includes(key);

export function hasBackOffice(caller: DeviceCaller, action: Action = 'query'): boolean {
  return has(caller, `${BACK_OFFICE}:${action}`);
}

/**
 * The devices visible in a view. The console shows the caller's own devices and what it was granted;
 * the back office shows the caller's platform, or every platform to operators of the default platform.
 */
export function visibleDevices(caller: DeviceCaller, view: DeviceView = 'console'): DeviceScope {
  if (view === 'backOffice') {
    if (!hasBackOffice(caller)) throw new AppError('forbidden');
    return caller.platformIsDefault ? { kind: 'all' } : { kind: 'platform', platformId: caller.platformId };
  }
  if (!caller.grants) return { kind: 'owner', accountId: caller.accountId, platformId: caller.platformId };
  return {
    kind: 'granted',
    accountId: caller.accountId,
    platformId: caller.platformId,
    at: caller.grants.at,
    sharedDeviceIds: new Set(caller.grants.shared.keys()),
    organizationIds: new Set(caller.grants.organizations.keys()),
  };
}

/**
 * The devices of one organization the caller is a direct member of (the organization home). Any
 * other organization answers "organization not found", exactly like a missing one.
 */
export function organizationDevices(caller: DeviceCaller, organizationId: number): DeviceScope {
  if (!caller.grants?.organizations.has(organizationId))
    throw new AppError('notFound', { entity: 'entities.organization' });
  return { kind: 'organization', organizationId, platformId: caller.platformId };
}

export interface DeviceOwnership {
  platformId: number;
  accountId: number;
  /** Needed to follow shares; a device without it is matched by owner and organization only. */
  id?: number;
  organizationId?: number | null;
}

export function inScope(scope: DeviceScope, device: DeviceOwnership): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'platform') return device.platformId === scope.platformId;
  if (device.platformId !== scope.platformId) return false;
  if (scope.kind === 'organization') return device.organizationId === scope.organizationId;
  if (device.accountId === scope.accountId) return true;
  if (scope.kind === 'owner') return false;
  if (device.id !== undefined && scope.sharedDeviceIds.has(device.id)) return true;
  return device.organizationId != null && scope.organizationIds.has(device.organizationId);
}

const owns = (caller: DeviceCaller, device: DeviceOwnership) =>
  device.accountId === caller.accountId && device.platformId === caller.platformId;

/**
 * Whether the caller may see one device, and through which view: its own devices through the
 * console, others through the back office when the caller holds operation.device, and granted ones
 * (shared, organization) through the console again.
 */
export function viewOf(caller: DeviceCaller, device: DeviceOwnership): DeviceView | null {
  if (owns(caller, device)) return 'console';
  if (hasBackOffice(caller) && inScope(visibleDevices(caller, 'backOffice'), device)) return 'backOffice';
  if (inScope(visibleDevices(caller, 'console'), device)) return 'console';
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
 * The templates through which a caller reaches a device it neither owns nor sees in the back office;
 * null when the caller has full rights on it (owner or back office). An empty list never occurs: a
 * granted device has at least one grant.
 */
export function grantsOn(caller: DeviceCaller, device: DeviceOwnership): (GrantTemplate | null)[] | null {
  if (owns(caller, device)) return null;
  if (hasBackOffice(caller) && inScope(visibleDevices(caller, 'backOffice'), device)) return null;
  const found: (GrantTemplate | null)[] = [];
  const shared = device.id === undefined ? undefined : caller.grants?.shared;
  if (shared?.has(device.id as number)) found.push(shared.get(device.id as number) ?? null);
  const org = device.organizationId == null ? undefined : caller.grants?.organizations;
  if (org?.has(device.organizationId as number)) found.push(org.get(device.organizationId as number) ?? null);
  return found;
}

const DEFAULT_ITEM = (permissionCode: string, kind: PermissionItem['kind']): PermissionItem => ({
  permissionCode,
  kind,
  viewStatus: 1,
  setStatus: kind === 'block' ? -1 : 0,
});

/**
 * One item of a granted device under its templates: the most generous of them wins. Without a
 * template everything is visible and nothing operable; an item the template does not list is hidden
 * (a parameter added to the type later stays hidden until the template says otherwise).
 */
export function grantedItem(
  grants: readonly (GrantTemplate | null)[],
  permissionCode: string,
  kind: PermissionItem['kind'],
): PermissionItem {
  let view: PermissionStatus = -1;
  let set: PermissionStatus = -1;
  for (const template of grants) {
    const item = template ? template.items.get(permissionCode) : DEFAULT_ITEM(permissionCode, kind);
    if (!item) continue;
    view = Math.max(view, item.viewStatus) as PermissionStatus;
    set = Math.max(set, item.setStatus) as PermissionStatus;
  }
  return {
    permissionCode,
    kind,
    viewStatus: view === 1 ? 1 : 0,
    setStatus: kind === 'block' ? -1 : set === 1 ? 1 : 0,
  };
}

/** Visible (viewStatus 1) and operable (setStatus 1) under 000 §6: anything else is hidden or read-only. */
export const isVisible = (item: PermissionItem) => item.viewStatus === 1;
export const isOperable = (item: PermissionItem) => item.viewStatus === 1 && item.setStatus === 1;

/** A parameter of a device type as far as probes go: a probe's first probe parameter governs it. */
export interface TypeProbeParam {
  id: number;
  probeId: number | null;
  vocationalWork: number;
}

/** The type's probes, each with its first probe parameter (params ordered by probe, then sort number). */
export function probeParamsByProbe<T extends TypeProbeParam>(params: readonly T[]): Map<number, T> {
  const probes = new Map<number, T>();
  for (const param of params) {
    if (param.vocationalWork !== PARAM_VOCATIONAL_PROBE || param.probeId === null) continue;
    if (!probes.has(param.probeId)) probes.set(param.probeId, param);
  }
  return probes;
}

const NO_PROBES: ReadonlySet<number> = new Set();

/**
 * The probes whose parameter (`param.<id>`) the templates hide: none without grants (owner, back
 * office). A probe the type does not describe has no parameter to govern it and stays visible.
 */
export function hiddenProbes(
  grants: readonly (GrantTemplate | null)[] | null,
  probes: ReadonlyMap<number, { id: number }>,
): ReadonlySet<number> {
  if (!grants) return NO_PROBES;
  const hidden = new Set<number>();
  for (const [probeId, param] of probes) {
    if (!isVisible(grantedItem(grants, paramPermissionCode(param.id), 'param'))) hidden.add(probeId);
  }
  return hidden;
}

/**
 * The probes of a device the caller may not see, by any call (000 §6, 002 §3): their settings, readings
 * and live values. The type's parameters are read only for a granted caller.
 */
export async function hiddenProbesOn(
  caller: DeviceCaller,
  device: DeviceOwnership & { deviceTypeId: number },
  typeParams: (deviceTypeId: number) => Promise<readonly TypeProbeParam[]>,
): Promise<ReadonlySet<number>> {
  const grants = grantsOn(caller, device);
  if (!grants) return NO_PROBES;
  return hiddenProbes(grants, probeParamsByProbe(await typeParams(device.deviceTypeId)));
}

/** Every block, button and device setting a template may govern, with its kind. */
export const FIXED_PERMISSION_ITEMS: readonly { permissionCode: string; kind: PermissionItem['kind'] }[] = [
  ...PERMISSION_BLOCKS.map((permissionCode) => ({ permissionCode, kind: 'block' as const })),
  ...PERMISSION_BUTTONS.map((permissionCode) => ({ permissionCode, kind: 'button' as const })),
  ...PERMISSION_DEVICE_PARAMS.map((permissionCode) => ({ permissionCode, kind: 'param' as const })),
];

/**
 * What a granted caller may do beyond looking: export when the template's export button is operable,
 * change settings when the parameter-settings block is visible (each parameter is then checked by the
 * device service). Editing, deleting, enabling, sharing and transferring stay with the owner.
 */
function grantedMay(grants: readonly (GrantTemplate | null)[], action: DeviceAction): boolean {
  if (action === 'query' || action === 'get') return true;
  if (action === 'export') return isOperable(grantedItem(grants, 'export', 'button'));
  if (action === 'setParams') return isVisible(grantedItem(grants, 'params', 'block'));
  return false;
}

/**
 * Authorizes an action on a device the caller asked for by id. A device the caller may not see
 * answers "device not found", exactly like a missing one, so ids reveal nothing; a visible device
 * without the action's permission answers 403, and a granted device whose owner keeps the action
 * answers "no permission for this device".
 */
export function authorize(
  caller: DeviceCaller,
  device: DeviceOwnership | undefined,
  action: DeviceAction,
): DeviceView {
  const view = device ? viewOf(caller, device) : null;
  if (!view || !device) throw new AppError('deviceNotFound');
  const permission = permissionFor(view, action === 'setParams' ? 'edit' : action);
  if (!has(caller, permission)) throw new AppError('forbidden');
  const grants = grantsOn(caller, device);
  if (grants && !grantedMay(grants, action)) throw new AppError('noDevicePermission');
  return view;
}
