import type { Action, RouteKey } from '@coldchain/shared';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { type DevicePermission, deviceActionState } from '../app/access.ts';
import { useAccess } from '../app/use-access.ts';

/** The `action` directive (000 §6): shown when the current route's permission plus the action is held. */
export function IfAction({ action, children }: { action: Action; children: ReactNode }) {
  const access = useAccess();
  return access.action(action) ? children : null;
}

/** The `action2` / `btnAction` directives (000 §6): shown when the permission list holds the key. */
export function IfPermission({
  permission,
  action,
  children,
}: {
  permission: RouteKey;
  action?: Action;
  children: ReactNode;
}) {
  const access = useAccess();
  return access.permission(permission, action) ? children : null;
}

/**
 * The `deviceAction` directive (000 §6): per device permission items, a control is enabled, shown
 * read-only and disabled (setStatus 0 with viewStatus 1), or hidden.
 */
export function DeviceAction({
  items,
  code,
  children,
}: {
  items: readonly DevicePermission[] | undefined;
  code: string;
  children: ReactElement<{ disabled?: boolean }>;
}) {
  const state = deviceActionState(items, code);
  if (state === 'hidden') return null;
  if (state === 'readOnly' && isValidElement(children)) return cloneElement(children, { disabled: true });
  return children;
}
