import {
  type Action,
  hasPermission,
  RESTRICTED_STYLE_MODEL,
  RESTRICTED_STYLE_ROUTES,
  type RouteKey,
} from '@coldchain/shared';
import { HOME_PATH, RESTRICTED_HOME_PATH } from './constants.ts';
import type { AppRoute, MenuGroup, MenuIcon, MenuSection, RouteName } from './routes.ts';

/** What access decisions read: the session's permission list, its profile, and the platform's style. */
export interface AccessContext {
  permissions: readonly string[];
  walletStatus: number;
  styleModel: number;
}

const RESTRICTED = new Set<string>(RESTRICTED_STYLE_ROUTES);

export function isRestrictedStyle(styleModel: number | undefined): boolean {
  return styleModel === RESTRICTED_STYLE_MODEL;
}

/**
 * Whether a permission key is granted (000 §5: prefix plus optional suffix). A restricted-style
 * platform offers only the routes of 000 §6, whatever the role holds; the server narrows the same way.
 */
export function isGranted(ctx: AccessContext, key: RouteKey, action?: Action): boolean {
  if (isRestrictedStyle(ctx.styleModel) && !RESTRICTED.has(key)) return false;
  // 000 §6: the wallet only when the profile enables it.
  if (key === 'consumer.wallet' && ctx.walletStatus !== 1) return false;
  return hasPermission(ctx.permissions, key, action);
}

export function canOpen(route: AppRoute, ctx: AccessContext | null): boolean {
  if (route.access === 'public') return true;
  if (!ctx) return false;
  if (route.access === 'signedIn') return true;
  return isGranted(ctx, route.access);
}

/** The route named home, or /device/list on a restricted-style platform (000 §6). */
export function homePath(styleModel: number | undefined): string {
  return isRestrictedStyle(styleModel) ? RESTRICTED_HOME_PATH : HOME_PATH;
}

export interface MenuLeaf {
  kind: 'item';
  key: string;
  name: RouteName;
  path: string;
  icon?: MenuIcon;
  external?: AppRoute['external'];
}

export interface MenuBranch {
  kind: 'group';
  key: string;
  group: MenuGroup;
  icon?: MenuIcon;
  children: MenuLeaf[];
}

export type MenuNode = MenuLeaf | MenuBranch;

/**
 * A sidebar section built from the route table: the menu routes the context may open, in table
 * order, submenus placed where their first entry is and left out when empty (000 §2.11, §6).
 * `available` drops entries this build cannot serve (an external site that is not configured).
 */
export function buildMenu(
  routes: readonly AppRoute[],
  section: MenuSection,
  ctx: AccessContext,
  available: (route: AppRoute) => boolean = () => true,
): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groups = new Map<MenuGroup, MenuBranch>();
  for (const route of routes) {
    if (route.menu?.section !== section || !available(route)) continue;
    if (route.menuKey ? !isGranted(ctx, route.menuKey) : !canOpen(route, ctx)) continue;
    const leaf: MenuLeaf = {
      kind: 'item',
      key: route.path,
      name: route.name,
      // Optional parameters (a page number) are left out of the menu's link.
      path: route.path.replace(/\/:\w+\?/g, ''),
      ...(route.menu.icon && !route.menu.group ? { icon: route.menu.icon } : {}),
      ...(route.external ? { external: route.external } : {}),
    };
    const group = route.menu.group;
    if (!group) {
      nodes.push(leaf);
      continue;
    }
    let branch = groups.get(group);
    if (!branch) {
      branch = {
        kind: 'group',
        key: `group:${group}`,
        group,
        children: [],
        ...(route.menu.icon ? { icon: route.menu.icon } : {}),
      };
      groups.set(group, branch);
      nodes.push(branch);
    }
    branch.children.push(leaf);
  }
  return nodes;
}

/** Route names in a menu, flattened; handy for tests and for the first page of a scene. */
export function menuNames(nodes: readonly MenuNode[]): RouteName[] {
  return nodes.flatMap((node) => (node.kind === 'item' ? [node.name] : node.children.map((c) => c.name)));
}

/** A device permission item (000 §3): permissionCode with setStatus and viewStatus of 0, 1 or -1. */
export interface DevicePermission {
  permissionCode: string;
  setStatus: number;
  viewStatus: number;
}

export type ControlState = 'enabled' | 'readOnly' | 'hidden';

/**
 * The deviceAction directive (000 §6): setStatus 1 allows the action; setStatus 0 with viewStatus 1
 * shows it read-only and disabled; anything else (no item, -1, not viewable) hides it.
 */
export function deviceActionState(
  items: readonly DevicePermission[] | undefined,
  code: string,
): ControlState {
  const item = items?.find((entry) => entry.permissionCode === code);
  if (!item) return 'hidden';
  if (item.setStatus === 1) return 'enabled';
  if (item.setStatus === 0 && item.viewStatus === 1) return 'readOnly';
  return 'hidden';
}
