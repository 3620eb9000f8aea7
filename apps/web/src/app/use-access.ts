import type { Action, RouteKey } from '@coldchain/shared';
import { useMatches } from 'react-router';
import { useAccountInfo } from '../api/account.ts';
import { usePlatform } from '../api/platform.ts';
import { type AccessContext, isGranted } from './access.ts';
import type { AppRoute } from './routes.ts';

export interface RouteHandle {
  route: AppRoute;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route-table entry of the page being shown. */
export function useCurrentRoute(): AppRoute | undefined {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle)?.route;
}

/** What access checks read, once the account info is loaded; null before (or signed out). */
export function useAccessContext(): AccessContext | null {
  const { data: info } = useAccountInfo();
  const { data: platform } = usePlatform();
  if (!info) return null;
  return {
    permissions: info.permissionRoutes,
    walletStatus: info.userProfile.walletStatus,
    styleModel: platform?.styleModel ?? 1,
  };
}

/**
 * The permission directives of 000 §6 as a hook: `action` checks the current route's key plus an
 * action; `permission` (action2 / btnAction) checks a key from the permission list.
 */
export function useAccess() {
  const ctx = useAccessContext();
  const route = useCurrentRoute();
  const routeKey = route && route.access !== 'public' && route.access !== 'signedIn' ? route.access : null;
  return {
    ready: ctx !== null,
    action: (action: Action) => ctx !== null && routeKey !== null && isGranted(ctx, routeKey, action),
    permission: (key: RouteKey, action?: Action) => ctx !== null && isGranted(ctx, key, action),
  };
}
