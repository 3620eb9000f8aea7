import {
  BACK_OFFICE_ROUTE_KEYS,
  CLOUD_ROUTE_KEYS,
  RESTRICTED_STYLE_MODEL,
  SYSTEM_ROLE_PERMISSIONS,
  USER_ROUTE_KEYS,
} from '@coldchain/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zhCN from '../locales/zh-CN/common.json';
import {
  type AccessContext,
  buildMenu,
  canOpen,
  deviceActionState,
  homePath,
  isGranted,
  menuNames,
} from './access.ts';
import { availableInThisBuild, externalUrl } from './external.ts';
import { ROUTES, routeByName } from './routes.ts';

const ctx = (
  role: keyof typeof SYSTEM_ROLE_PERMISSIONS,
  extra: Partial<AccessContext> = {},
): AccessContext => ({
  permissions: SYSTEM_ROLE_PERMISSIONS[role],
  walletStatus: 0,
  styleModel: 1,
  ...extra,
});

/** Every path of 000 §2.3-§2.9 (and the spec's named pages), in the router's syntax. */
const SPEC_PATHS = [
  '/user/login',
  '/user/recover',
  '/user/register',
  '/user/login-result',
  '/user/bind-phone',
  '/user/bind-email',
  '/home',
  '/home/organization',
  '/mall/center',
  '/mall/solution',
  '/projectList/index',
  '/projectList/detail/:id',
  '/projectOverview/index',
  '/operation/index',
  '/OperateBoard/doorContact',
  '/facingIdentify/freezer',
  '/facingIdentify/freezer/detail/:fridgeId',
  '/facingIdentify/brand',
  '/facingIdentify/product',
  '/facingIdentify/product/detail/:id/:type',
  '/facingIdentify/product/add',
  '/facingIdentify/pictures',
  '/facingIdentify/pictures/fileList/:id/:datasetId/:name/:scene',
  '/facingIdentify/pictures/detail/:id/:datasetId/:name/:scene',
  '/facingIdentify/freezerCollect',
  '/facingIdentify/freezerCollect/detail/:id',
  '/facingIdentify/picturesList',
  '/storageProject/visualization',
  '/storageProject/monitor',
  '/storageProject/energyConsumption',
  '/storageProject/operation',
  '/message/list',
  '/device/list',
  '/device/detail/:deviceId',
  '/storage/detail/:id/:deviceId',
  '/storage/Diagnosis/:deviceId',
  '/storage/conservation/:id/:deviceId',
  '/storage/bill/:id/:type/:deviceId',
  '/storage/waste/:id',
  '/freezer/detail/:id/:deviceId/:typeScenes',
  '/freezer/detailIndual/*',
  '/cloudControl/storage/detail/:id/:deviceId',
  '/waybill/list',
  '/waybill/detail/:waybillPk',
  '/waybill/geofence',
  '/asset/list',
  '/asset/detail/:id',
  '/project/list',
  '/organization/list',
  '/fda',
  '/consumer/info',
  '/consumer/wallet',
  '/consumer/list/:start?',
  '/consumer/role',
  '/consumer/recharge',
  '/consumer/download',
  '/consumer/sharer',
  '/operation/log',
  '/activities/list',
  '/service/package/:id?',
  '/customized/list',
  '/notice/list',
  '/marketing/solution/operate/:type/:id?',
  '/userManual/faq',
  '/experience/data',
  '/calibrationServe',
  '/resultList',
  '/revenue/index',
  '/dealer/index',
  '/marketManage',
  '/quick/query',
  '/vip/service',
  '/sms-purchase',
  '/vipDetails/backups',
  '/vipDetails/assets',
  '/vipDetails/largeScreen',
  '/mobileQuick/waybill/list',
  '/mobileQuick/waybill/detail/:waybillPk',
  '/mobileQuick/query',
  '/pcQuick/waybill/list',
  '/pcQuick/waybill/detail/:waybillPk',
  '/help/center',
  '/paramHelp',
  '/version/manage',
  '/mobile/help/list',
  '/mobile/help/center',
  '/receipt',
  '/conservation/report',
  '/mobilePay/pay',
  '/mobilePay/success',
  '/mobilePay/paypal/callback',
  '/mobilePay/paypal/cancel',
  '/404',
  '/marketVisualization/home',
  '/cockpit/index',
  '/calibration/admin/login',
  '/calibration/login',
  '/calibration/form',
  '/calibration/quickly',
  '/calibration/form/example',
  '/calibration/preview',
  '/calibration/:role/order/list',
  '/calibration/:role/order/detail/:applicationId',
  '/calibration/:role/order/quickly',
  ...[
    'home',
    'quickly',
    'device',
    'device/example',
    'serve',
    'customer',
    'customer/example',
    'apply',
    'apply/success',
    'apply/latter',
    'pdf',
    'preview',
    'login',
    'list',
    'detail/:applicationId',
  ].map((p) => `/mobile/calibration/${p}`),
];

/** Open without login by route name (000 §2.2). */
const PUBLIC_NAMES = [
  'login',
  'recover',
  'register',
  'loginResult',
  'bindPhone',
  'bindEmail',
  'mobilePay.pay',
  'mobilePay.success',
  'mobilePay.paypal.callback',
  'mobilePay.paypal.cancel',
  'help.center',
  'mobile.help.list',
  'mobile.help.center',
  'quick.query',
  'mobileQuick.query',
  'mobileQuick.waybill.list',
  'mobileQuick.waybill.detail',
  'mobileQuick.query.list',
  'mobileQuick.query.detail',
  'pcQuick.query',
  'pcQuick.waybill.list',
  'pcQuick.waybill.detail',
  'calibration.home',
  'calibration.form',
  'calibration.form.example',
  'calibration.quickly',
  'calibration.preview',
  'calibration.login',
  'calibration.admin.login',
  'calibration.mobile.home',
  'calibration.mobile.login',
  'calibration.mobile.apply.success',
  'vip.details.backups',
  'vip.details.assets',
  'vip.details.largeScreen',
  'mall.center',
  'mall.solution',
  'sms.purchase',
] as const;

beforeAll(async () => {
  await i18next.init({ lng: 'zh-CN', resources: { 'zh-CN': { common: zhCN } }, defaultNS: 'common' });
});

describe('route table', () => {
  it('holds every route of the spec once, with unique names', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of SPEC_PATHS) expect(paths, path).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('titles every route in the default locale, even names that nest (home, home.organization)', () => {
    for (const route of ROUTES) {
      const title = i18next.t(`route.${route.name}`);
      expect(title, route.name).not.toBe(`route.${route.name}`);
      expect(title.trim(), route.name).not.toBe('');
    }
    expect(i18next.t('route.home.organization')).toBe('组织首页');
    expect(i18next.t('route.calibration.form.example')).toBe('填写示例');
  });

  it('guards each route with a known key, and leaves the routes of 000 §2.2 public', () => {
    const keys = new Set<string>([...USER_ROUTE_KEYS, ...CLOUD_ROUTE_KEYS, ...BACK_OFFICE_ROUTE_KEYS]);
    for (const route of ROUTES) {
      if (route.access === 'public' || route.access === 'signedIn') continue;
      expect(keys.has(route.access), `${route.name}: ${route.access}`).toBe(true);
    }
    for (const name of PUBLIC_NAMES) expect(routeByName(name).access, name).toBe('public');
    expect(routeByName('device.list').access).toBe('device.list');
    expect(routeByName('calibration.mobile.list').access).toBe('signedIn');
  });

  it('gives each placeholder page a description and each layout its routes', () => {
    for (const route of ROUTES) {
      if (!route.component) expect(route.area, route.name).toBeDefined();
    }
    const layouts = new Set(ROUTES.map((r) => r.layout));
    expect([...layouts].sort()).toEqual(
      ['blank', 'calibrationMobile', 'calibrationPc', 'cloud', 'main', 'quick', 'user'].sort(),
    );
    expect(routeByName('cloudChain.cockpit').layout).toBe('cloud');
    expect(routeByName('calibration.mobile.list').layout).toBe('calibrationMobile');
  });

  it('opens plc, calibrationServe and marketManage elsewhere', () => {
    expect(routeByName('operation.plc').external).toBe('plc');
    expect(routeByName('calibrationServe').external).toBe('calibrationServe');
    expect(routeByName('marketManage').external).toBe('marketManage');
    // Without a configured PLC site the entry is not offered.
    expect(externalUrl('plc')).toBeNull();
    expect(externalUrl('calibrationServe')).toBe('/calibration/admin/login');
  });
});

describe('permission checks', () => {
  it('matches a route key, or a route key plus an action', () => {
    const user = ctx('personalUser');
    expect(isGranted(user, 'device.list')).toBe(true);
    expect(isGranted(user, 'device.list', 'add')).toBe(true);
    expect(isGranted(user, 'organization.list')).toBe(false);
    const member = ctx('organizationMember');
    expect(isGranted(member, 'device.list', 'query')).toBe(true);
    expect(isGranted(member, 'device.list', 'delete')).toBe(false);
  });

  it('shows the wallet only when walletStatus is 1', () => {
    expect(canOpen(routeByName('consumer.wallet'), ctx('personalUser'))).toBe(false);
    expect(canOpen(routeByName('consumer.wallet'), ctx('personalUser', { walletStatus: 1 }))).toBe(true);
  });

  it('narrows a restricted-style platform to the routes of 000 §6, home going to the device list', () => {
    const restricted = ctx('operator', { styleModel: RESTRICTED_STYLE_MODEL });
    expect(canOpen(routeByName('device.list'), restricted)).toBe(true);
    expect(canOpen(routeByName('waybill.list'), restricted)).toBe(false);
    expect(canOpen(routeByName('home'), restricted)).toBe(false);
    expect(homePath(RESTRICTED_STYLE_MODEL)).toBe('/device/list');
    expect(homePath(1)).toBe('/home');
    expect(menuNames(buildMenu(ROUTES, 'scene1', restricted)).sort()).toEqual(
      [
        'message.list',
        'device.list',
        'storage.list',
        'freezer.list',
        'organization.list',
        'consumer.info',
        'consumer.recharge',
        'consumer.download',
      ].sort(),
    );
  });

  it('builds different menus for a personal user and an operator', () => {
    const personal = menuNames(buildMenu(ROUTES, 'scene1', ctx('personalUser')));
    const operator = menuNames(buildMenu(ROUTES, 'scene1', ctx('operator'), availableInThisBuild));
    expect(personal).toContain('home');
    expect(personal).toContain('mall.center');
    expect(personal).not.toContain('organization.list');
    expect(personal).not.toContain('operation.system');
    expect(personal).not.toContain('consumer.wallet');
    expect(operator).toEqual(
      expect.arrayContaining(['organization.list', 'operation.system', 'notice.list']),
    );
    // The PLC site is not configured in this build, so its entry is left out even for the operator.
    expect(operator).not.toContain('operation.plc');
    const scene2 = menuNames(buildMenu(ROUTES, 'scene2', ctx('operator')));
    expect(scene2).toEqual(['projectList', 'projectOverview']);
    expect(menuNames(buildMenu(ROUTES, 'cloud', ctx('operator')))).toHaveLength(10);
  });

  it('groups submenus where their first entry is and links optional parameters without them', () => {
    const nodes = buildMenu(ROUTES, 'scene1', ctx('enterpriseAdmin'));
    const consumer = nodes.find((n) => n.kind === 'group' && n.group === 'consumer');
    expect(consumer?.kind === 'group' && consumer.children.map((c) => c.path)).toContain('/consumer/list');
  });

  it('applies the deviceAction rules: enabled, read-only or hidden', () => {
    const items = [
      { permissionCode: 'edit', setStatus: 1, viewStatus: 1 },
      { permissionCode: 'alarm', setStatus: 0, viewStatus: 1 },
      { permissionCode: 'delete', setStatus: 0, viewStatus: 0 },
      { permissionCode: 'export', setStatus: -1, viewStatus: -1 },
    ];
    expect(deviceActionState(items, 'edit')).toBe('enabled');
    expect(deviceActionState(items, 'alarm')).toBe('readOnly');
    expect(deviceActionState(items, 'delete')).toBe('hidden');
    expect(deviceActionState(items, 'export')).toBe('hidden');
    expect(deviceActionState(items, 'missing')).toBe('hidden');
    expect(deviceActionState(undefined, 'edit')).toBe('hidden');
  });
});
