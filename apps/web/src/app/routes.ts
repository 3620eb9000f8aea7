import { hasPermission, type RouteKey } from '@coldchain/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Messages } from './i18n.ts';
import { lazyPage } from './lazy-page.ts';

export type LayoutName = 'user' | 'main' | 'blank';

/**
 * Who may open a route: `public` anyone (000 §2.2); `signedIn` any session; a route key a session whose
 * permissionRoutes hold that key (000 §6).
 */
export type RouteAccess = 'public' | 'signedIn' | RouteKey;

/** A route's name is its key under `route.` in the locales: the title, menu label and tab label. */
export type RouteName = keyof Messages['route'];

export interface AppRoute {
  path: string;
  name: RouteName;
  layout: LayoutName;
  access: RouteAccess;
  component: LazyExoticComponent<ComponentType>;
  /** Listed in the sidebar menu when the user may open it. */
  menu?: boolean;
}

const forbidden = lazyPage(() => import('../pages/exception/403/index.tsx'));
const notFound = lazyPage(() => import('../pages/exception/404/index.tsx'));
// Menu entries whose pages come in later issues show the 404 page's "under development" text.
const underDevelopment = notFound;

/** The one route table (ARCHITECTURE Web; CONVENTIONS 8): router, menu, titles and access read it. */
export const ROUTES: readonly AppRoute[] = [
  {
    path: '/user/login',
    name: 'login',
    layout: 'user',
    access: 'public',
    component: lazyPage(() => import('../pages/user/login/index.tsx')),
  },
  {
    path: '/home',
    name: 'home',
    layout: 'main',
    access: 'home',
    menu: true,
    component: lazyPage(() => import('../pages/home/index.tsx')),
  },
  {
    path: '/message/list',
    name: 'message.list',
    layout: 'main',
    access: 'message.list',
    menu: true,
    component: underDevelopment,
  },
  {
    path: '/device/list',
    name: 'device.list',
    layout: 'main',
    access: 'device.list',
    menu: true,
    component: underDevelopment,
  },
  {
    path: '/waybill/list',
    name: 'waybill.list',
    layout: 'main',
    access: 'waybill.list',
    menu: true,
    component: underDevelopment,
  },
  {
    path: '/asset/list',
    name: 'asset.list',
    layout: 'main',
    access: 'asset.list',
    menu: true,
    component: underDevelopment,
  },
  {
    path: '/consumer/info',
    name: 'consumer.info',
    layout: 'main',
    access: 'consumer.info',
    menu: true,
    component: underDevelopment,
  },
  { path: '/403', name: 'exception.403', layout: 'blank', access: 'public', component: forbidden },
  { path: '/404', name: 'exception.404', layout: 'blank', access: 'public', component: notFound },
  {
    path: '/500',
    name: 'exception.500',
    layout: 'blank',
    access: 'public',
    component: lazyPage(() => import('../pages/exception/500/index.tsx')),
  },
];

export const ForbiddenPage = forbidden;

export function canOpen(route: AppRoute, permissions: readonly string[] | undefined): boolean {
  if (route.access === 'public' || route.access === 'signedIn') return true;
  return hasPermission(permissions ?? [], route.access);
}

/** The sidebar: menu routes the permissions allow, in table order (000 §2.11, §6). */
export function menuRoutes(permissions: readonly string[]): AppRoute[] {
  return ROUTES.filter((route) => route.menu && canOpen(route, permissions));
}
