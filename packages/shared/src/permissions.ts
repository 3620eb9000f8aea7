/**
 * Permission keys: the route names of 000 §2 (a route key), optionally followed by `:` and one of the
 * actions of 000 §6 (an action key). The server checks the same keys on every call it serves and
 * answers accountInfo.permissionRoutes from them.
 */
export const ACTIONS = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Routes of the user console, scene 1 (000 §2.4, §6). */
export const USER_ROUTE_KEYS = [
  'home',
  'home.organization',
  'mall',
  'mall.center',
  'mall.solution',
  'projectList',
  'projectOverview',
  'message.list',
  'device.list',
  'storage.list',
  'freezer.list',
  'waybill',
  'waybill.list',
  'waybill.geofence',
  'asset.list',
  'project.list',
  'organization.list',
  'organization.list.userList',
  'fda',
  'consumer',
  'consumer.info',
  'consumer.wallet',
  'consumer.list',
  'consumer.role',
  'consumer.recharge',
  'consumer.download',
  'consumer.sharer',
  'operation.log',
  'activities.list',
] as const;

/** Cloud-chain scene routes (000 §2.7); scene 2 needs cloudChain.myProject (000 §4). */
export const CLOUD_ROUTE_KEYS = [
  'cloudChain.myProject',
  'cloudChain.cockpit',
  'cloudChain.realtimeData',
  'cloudChain.historyCurve',
  'cloudChain.realtimeAlarm',
  'cloudChain.historyAlarm',
  'cloudChain.pushRecord',
  'cloudChain.videoMonitor',
  'cloudChain.remoteControl',
  'cloudChain.businessModel',
  'cloudChain.energy',
] as const;

/** Operator back-office routes (000 §2.5). */
export const BACK_OFFICE_ROUTE_KEYS = [
  'operation.system',
  'operation.device',
  'operation.lightBusiness',
  'operation.plc',
  'operation.upgrade',
  'operation.guid',
  'operation.guidRecord',
  'operation.sim',
  'operation.alarm',
  'operation.pushRecord',
  'operation.dataPush',
  'operation.dataApi',
  'operation.apk',
  'operation.iosUpgrade',
  'operation.dtuLog',
  'operation.network',
  'operation.pattern',
  'product.deviceType',
  'product.param',
  'product.paramUnit',
  'product.series',
  'product.alarmRule',
  'product.warnRule',
  'product.messageTemplate',
  'product.version',
  'order.servicePackage',
  'order.rechargeList',
  'order.offlineBuy',
  'order.offlineExamine',
  'order.rechargeStatistics',
  'order.storageOrders',
  'system.consumerList',
  'system.role',
  'system.exportDevice',
  'customized.list',
  'dataCenter',
  'ecoStatistics',
  'dataBoard',
  'dataInterface',
  'video',
  'visualization',
  'notice.list',
  'marketing',
  'userManual.faq',
  'experience.data',
  'calibrationServe',
  'calibration',
  'revenue',
  'dealer',
  'custom.settlement',
  'marketManage',
  'version.manage',
] as const;

export type RouteKey =
  | (typeof USER_ROUTE_KEYS)[number]
  | (typeof CLOUD_ROUTE_KEYS)[number]
  | (typeof BACK_OFFICE_ROUTE_KEYS)[number];

export type PermissionKey = RouteKey | `${RouteKey}:${Action}`;

/** The key for an action on a route, e.g. `customized.list:add`. */
export function actionKey(route: RouteKey, action: Action): PermissionKey {
  return `${route}:${action}`;
}

/**
 * 000 §5: a permission check matches a prefix plus an optional suffix against the permission list.
 * A route key grants the route; `route:action` grants one action on it.
 */
export function hasPermission(granted: readonly string[], route: string, action?: Action): boolean {
  const wanted = action ? `${route}:${action}` : route;
  return granted.includes(wanted);
}

/** A route and every action on it. */
function withAllActions(routes: readonly RouteKey[]): PermissionKey[] {
  return routes.flatMap((r) => [r, ...ACTIONS.map((a) => actionKey(r, a))]);
}

/** A route with read-only actions. */
function readOnly(routes: readonly RouteKey[]): PermissionKey[] {
  return routes.flatMap((r) => [r, actionKey(r, 'query'), actionKey(r, 'get'), actionKey(r, 'export')]);
}

export const SYSTEM_ROLE_CODES = [
  'operator',
  'dealer',
  'serviceEngineer',
  'calibrationAdmin',
  'enterpriseAdmin',
  'organizationMember',
  'personalUser',
] as const;
export type SystemRoleCode = (typeof SYSTEM_ROLE_CODES)[number];

/** Personal accounts manage no organizations, but keep the organization home: they may be invited as members. */
const PERSONAL_ROUTES = USER_ROUTE_KEYS.filter(
  (r) => !r.startsWith('organization.') && r !== 'consumer.list' && r !== 'consumer.role',
);

/**
 * The system roles and their permission keys. The spec does not give codes per role (000 §6, 002 §6);
 * these follow what each role does, recorded in docs/decisions.md.
 */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRoleCode, readonly PermissionKey[]> = {
  operator: withAllActions([...USER_ROUTE_KEYS, ...CLOUD_ROUTE_KEYS, ...BACK_OFFICE_ROUTE_KEYS]),
  dealer: [
    ...withAllActions(PERSONAL_ROUTES),
    ...withAllActions(['dealer', 'revenue', 'custom.settlement', 'system.consumerList']),
  ],
  serviceEngineer: [
    ...withAllActions(PERSONAL_ROUTES),
    ...withAllActions(['calibration', 'operation.device', 'operation.upgrade', 'operation.dtuLog']),
  ],
  calibrationAdmin: [
    ...withAllActions(['home', 'consumer', 'consumer.info', 'calibration', 'calibrationServe']),
  ],
  enterpriseAdmin: withAllActions([...USER_ROUTE_KEYS, ...CLOUD_ROUTE_KEYS]),
  organizationMember: [
    ...withAllActions([
      'home',
      'home.organization',
      'message.list',
      'consumer',
      'consumer.info',
      'consumer.download',
      'operation.log',
    ]),
    ...readOnly(['device.list', 'storage.list', 'freezer.list', 'waybill', 'waybill.list', 'asset.list']),
    ...readOnly(['project.list', 'organization.list', 'organization.list.userList']),
  ],
  personalUser: withAllActions(PERSONAL_ROUTES),
};

/** Routes a platform with the restricted style model offers (000 §6); its home is /device/list. */
export const RESTRICTED_STYLE_ROUTES: readonly RouteKey[] = [
  'message.list',
  'device.list',
  'storage.list',
  'freezer.list',
  'organization.list',
  'organization.list.userList',
  'consumer',
  'consumer.info',
  'consumer.recharge',
  'consumer.download',
];
/** The styleModel value of a restricted platform; the spec names "one specific value" (000 §6). */
export const RESTRICTED_STYLE_MODEL = 2;
