import type { OrganizationNode, PageResponse } from '@coldchain/shared';
import type { Page } from 'playwright-core';
import { api, apiLogin } from '../../harness.ts';

/** What this module reads of a route-table entry (apps/web/src/app/routes.ts). */
interface TableRoute {
  path: string;
  layout: string;
  access: string;
  component?: unknown;
}

interface AccessContext {
  permissions: readonly string[];
  walletStatus: number;
  styleModel: number;
}

interface ConsoleModules {
  routes: { ROUTES: readonly TableRoute[] };
  access: { canOpen: (route: TableRoute, ctx: AccessContext) => boolean };
}

/**
 * The console's own route table and access rule, loaded at run time (tsx runs the .ts sources), so the
 * list follows the table as pages are built. A computed address keeps the type checker of this
 * project out of the console's pages.
 */
async function consoleModules(): Promise<ConsoleModules> {
  const at = (file: string) => new URL(`../../../apps/web/src/app/${file}`, import.meta.url).href;
  const [routes, access] = await Promise.all([import(at('routes.ts')), import(at('access.ts'))]);
  return { routes, access } as ConsoleModules;
}

/**
 * How many tests a spec visiting every built route needs so that none visits more than `perTest`
 * routes: the count follows the route table, so specs stay inside their time limit as pages are built.
 */
export async function sharesOfBuiltRoutes(perTest: number): Promise<number> {
  const { routes } = await consoleModules();
  return Math.ceil(routes.ROUTES.filter((route) => route.component !== undefined).length / perTest);
}

/** Real ids of the signed-in account's data, for the table's route parameters. */
interface Samples {
  deviceId?: number;
  deviceGuid?: string;
  waybillPk?: string;
  assetId?: number;
  projectId?: number;
  organizationId?: number;
}

async function firstRow<T>(baseUrl: string, token: string, path: string): Promise<T | undefined> {
  const answer = await api<PageResponse<T> | null>(baseUrl, token, 'POST', path, { start: 1, pageSize: 1 });
  return answer.code === 0 ? answer.data?.data[0] : undefined;
}

async function samplesOf(baseUrl: string, token: string): Promise<Samples> {
  const [device, waybill, asset, project, organizations] = await Promise.all([
    firstRow<{ id: number; deviceGuid: string }>(baseUrl, token, '/device/Device/page'),
    firstRow<{ id: number; waybillPk: string }>(baseUrl, token, '/device/DeviceWaybillInfo/page'),
    firstRow<{ id: number }>(baseUrl, token, '/device/DeviceComb/page'),
    firstRow<{ id: number }>(baseUrl, token, '/base/BaseProject/list'),
    api<OrganizationNode[] | null>(baseUrl, token, 'POST', '/base/BaseOrganization/list', {}),
  ]);
  return {
    ...(device ? { deviceId: device.id, deviceGuid: device.deviceGuid } : {}),
    ...(waybill ? { waybillPk: waybill.waybillPk } : {}),
    ...(asset ? { assetId: asset.id } : {}),
    ...(project ? { projectId: project.id } : {}),
    ...(organizations.code === 0 && organizations.data?.[0]
      ? { organizationId: organizations.data[0].id }
      : {}),
  };
}

/** Each parameterised built route, with the sample that fills its parameter. */
const PARAMETERS: Record<string, (s: Samples) => string | number | undefined> = {
  '/device/detail/:deviceId': (s) => s.deviceId,
  '/waybill/detail/:waybillPk': (s) => s.waybillPk,
  '/mobileQuick/waybill/detail/:waybillPk': (s) => s.waybillPk,
  '/pcQuick/waybill/detail/:waybillPk': (s) => s.waybillPk,
  '/mobileQuick/query/detail/:id': (s) => s.deviceGuid,
  '/asset/detail/:id': (s) => s.assetId,
  '/projectList/detail/:id': (s) => s.projectId,
  '/organization/userList/:id': (s) => s.organizationId,
};

/**
 * Fills a route's path: optional parameters are left out; a required one takes the account's first
 * item of its kind. Answers null when the account has none (the route is then not listed).
 */
function filled(path: string, samples: Samples): string | null {
  const withoutOptional = path.replace(/\/:\w+\?/g, '');
  if (!withoutOptional.includes(':')) return withoutOptional;
  const fill = PARAMETERS[path];
  if (!fill) throw new Error(`built route ${path} has a parameter built-routes.ts does not know how to fill`);
  const value = fill(samples);
  return value === undefined ? null : withoutOptional.replace(/:\w+/, encodeURIComponent(String(value)));
}

/**
 * Every built route (one with a real page, not the "coming later" placeholder) the signed-in account
 * may open, with real ids of its own data for route parameters, in route-table order. `target` is a
 * page on the console (its origin is used) or the console's base address; `token` the account's.
 */
export async function builtRoutes(target: Page | string, token: string): Promise<string[]> {
  const baseUrl = typeof target === 'string' ? target : new URL(target.url()).origin;
  const [{ routes, access }, info, platform, samples] = await Promise.all([
    consoleModules(),
    api<{ permissionRoutes: string[]; userProfile: { walletStatus: number } }>(
      baseUrl,
      token,
      'GET',
      '/base/BaseAccount/accountInfo',
    ),
    api<{ styleModel: number } | null>(
      baseUrl,
      token,
      'GET',
      `/base/BaseCustomPage/queryByTopDomain?topDomain=${encodeURIComponent(new URL(baseUrl).hostname)}`,
    ),
    samplesOf(baseUrl, token),
  ]);
  if (info.code !== 0) throw new Error(`accountInfo failed: ${info.msg}`);
  const ctx: AccessContext = {
    permissions: info.data.permissionRoutes,
    walletStatus: info.data.userProfile.walletStatus,
    styleModel: platform.data?.styleModel ?? 1,
  };
  return routes.ROUTES.filter((route) => route.component !== undefined && access.canOpen(route, ctx))
    .map((route) => filled(route.path, samples))
    .filter((path): path is string => path !== null);
}

export interface SignedInRoutes {
  token: string;
  routes: string[];
}

/**
 * Signs each account in once, on first use, and lists its built routes; the token and routes serve
 * every later call. One cache per spec file, so a spec that ends a session cannot touch another's.
 */
export function signedInRoutes(): (baseUrl: string, userName: string) => Promise<SignedInRoutes> {
  const accounts = new Map<string, Promise<SignedInRoutes>>();
  return (baseUrl, userName) => {
    let found = accounts.get(userName);
    if (!found) {
      found = apiLogin(baseUrl, userName).then(async (token) => ({
        token,
        routes: await builtRoutes(baseUrl, token),
      }));
      accounts.set(userName, found);
    }
    return found;
  };
}
