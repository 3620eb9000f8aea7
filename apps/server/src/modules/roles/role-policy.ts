import {
  type Action,
  BACK_OFFICE_ROUTE_KEYS,
  CLOUD_ROUTE_KEYS,
  SYSTEM_ROLE_PERMISSIONS,
  USER_ROUTE_KEYS,
} from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { AccountTable } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { AuthState } from '../../types.d.ts';
import { routeOf } from './permissions.service.ts';
import type { RoleRow, RoleScope } from './roles.repo.ts';

/** Who is asking, as far as users and roles are concerned. */
export interface PeopleCaller {
  account: Selectable<AccountTable>;
  permissions: readonly string[];
  /** The caller's platform is the default one (its operators see every platform). */
  platformIsDefault: boolean;
}

export function peopleCaller(auth: AuthState, platformIsDefault: boolean): PeopleCaller {
  return { account: auth.account, permissions: auth.permissions, platformIsDefault };
}

/** The system role whose holders are the platform's administrators (002 §6 "admin-only functions"). */
export const ADMIN_ROLE = 'operator';
/** The system role a sub-user gets unless the enterprise gives one of its own roles. */
export const MEMBER_ROLE = 'organizationMember';

export const isAdmin = (caller: PeopleCaller) => caller.account.roleCode === ADMIN_ROLE;
export const has = (caller: PeopleCaller, key: string) => caller.permissions.includes(key);

/** The enterprise account whose sub-users and roles a console caller manages: itself or its parent. */
export const enterpriseOf = (account: Pick<Selectable<AccountTable>, 'id' | 'parentAccountId'>) =>
  account.parentAccountId ?? account.id;

/** Every key a role may hold at all (the operator's set is the whole catalogue). */
const KNOWN_KEYS = new Set<string>(SYSTEM_ROLE_PERMISSIONS.operator);
const CONSOLE_ROUTES = new Set<string>([...USER_ROUTE_KEYS, ...CLOUD_ROUTE_KEYS]);
const BACK_OFFICE_ROUTES = new Set<string>(BACK_OFFICE_ROUTE_KEYS);

export type RoleView = 'console' | 'backOffice';

/**
 * The keys a caller may put into a role of a view: only keys the caller holds (no one grants more
 * than they have), and in the console only user-console and cloud-chain routes.
 */
export function grantableKeys(caller: PeopleCaller, view: RoleView): string[] {
  const held = new Set(caller.permissions);
  // In the catalogue's order (console, cloud chain, back office), as the permission tree shows them.
  return [...KNOWN_KEYS].filter((key) => {
    if (!held.has(key)) return false;
    const route = routeOf(key);
    return view === 'console'
      ? CONSOLE_ROUTES.has(route)
      : CONSOLE_ROUTES.has(route) || BACK_OFFICE_ROUTES.has(route);
  });
}

/** The roles listed in a view; the back office needs system.role, the console consumer.role. */
export function roleScope(caller: PeopleCaller, view: RoleView): RoleScope {
  if (view === 'console') return { kind: 'owner', ownerAccountId: enterpriseOf(caller.account) };
  return { kind: 'backOffice', platformId: caller.platformIsDefault ? null : caller.account.platformId };
}

export function inRoleScope(scope: RoleScope, role: RoleRow): boolean {
  if (scope.kind === 'owner')
    return role.roleType === 'custom' && role.ownerAccountId === scope.ownerAccountId;
  if (role.roleType === 'system') return true;
  return role.ownerAccountId === null && (scope.platformId === null || role.platformId === scope.platformId);
}

const VIEW_ROUTE: Record<RoleView, string> = { console: 'consumer.role', backOffice: 'system.role' };

/**
 * The view through which a caller reaches a role it named by id: its enterprise's own roles through
 * the console, the platform's through the back office. A role outside both answers "not found"
 * exactly like a missing id; a reachable one without the action's key answers 403.
 */
export function authorizeRole(caller: PeopleCaller, role: RoleRow | undefined, action: Action): RoleView {
  const views: RoleView[] = ['console', 'backOffice'];
  const view = role
    ? views.find((v) => has(caller, `${VIEW_ROUTE[v]}:query`) && inRoleScope(roleScope(caller, v), role))
    : undefined;
  if (!view) throw new AppError('notFound', { entity: 'entities.role' });
  if (!has(caller, `${VIEW_ROUTE[view]}:${action}`)) throw new AppError('forbidden');
  return view;
}

/** Refuses a call when the caller lacks a view's key for an action (HTTP 403). */
export function requireView(caller: PeopleCaller, view: RoleView, action: Action): void {
  if (!has(caller, `${VIEW_ROUTE[view]}:${action}`)) throw new AppError('forbidden');
}
