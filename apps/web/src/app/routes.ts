import type { RouteKey } from '@coldchain/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Messages } from './i18n.ts';
import { lazyPage } from './lazy-page.ts';

/** The layouts of 000 §2.1. */
export type LayoutName =
  | 'user'
  | 'main'
  | 'cloud'
  | 'quick'
  | 'blank'
  | 'calibrationPc'
  | 'calibrationMobile';

/**
 * Who may open a route: `public` anyone (000 §2.2); `signedIn` any session; a route key a session
 * whose permissionRoutes hold that key (000 §6).
 */
export type RouteAccess = 'public' | 'signedIn' | RouteKey;

/** A route's name is its key under `route.` in the locales: page title, menu label and tab label. */
export type RouteName = keyof Messages['route'];

/** What a page that later issues fill will hold: its key under `placeholder.` in the locales. */
export type PlaceholderArea = keyof Messages['placeholder'];

/** The sidebar's submenus; their labels are under `menu.` in the locales. */
export type MenuGroup = keyof Messages['menu'];

/** Menus: the main sidebar per scene (000 §4), and the cloud-chain project layout's own menu. */
export type MenuSection = 'scene1' | 'scene2' | 'cloud';

/** Icons by name, so the table stays free of icon code (the shell maps them). */
export type MenuIcon =
  | 'home'
  | 'shop'
  | 'message'
  | 'device'
  | 'storage'
  | 'freezer'
  | 'waybill'
  | 'asset'
  | 'project'
  | 'organization'
  | 'fda'
  | 'user'
  | 'log'
  | 'gift'
  | 'tool'
  | 'product'
  | 'order'
  | 'setting'
  | 'database'
  | 'chart'
  | 'api'
  | 'video'
  | 'screen'
  | 'notification'
  | 'calibration'
  | 'money'
  | 'link'
  | 'dashboard';

export interface MenuPlacement {
  section: MenuSection;
  /** Inside a submenu; else a top-level entry. */
  group?: MenuGroup;
  icon?: MenuIcon;
}

export interface AppRoute {
  path: string;
  name: RouteName;
  layout: LayoutName;
  access: RouteAccess;
  /** The page; without one the route shows what will be there (`area`). */
  component?: LazyExoticComponent<ComponentType>;
  area?: PlaceholderArea;
  menu?: MenuPlacement;
  /** The permission that lists a public route in the menu (000 §6 menu key `mall`). */
  menuKey?: RouteKey;
  /**
   * Opens in a new window and keeps the user on the current page (000 §2.10: plc, calibrationServe,
   * marketManage). Answers the address, or null when this build has none (the entry is then hidden).
   */
  external?: 'plc' | 'calibrationServe' | 'marketManage';
}

const exception403 = lazyPage(() => import('../pages/exception/403/index.tsx'));
const exception404 = lazyPage(() => import('../pages/exception/404/index.tsx'));
const loginPage = lazyPage(() => import('../pages/user/login/index.tsx'));
const quickQueryPage = lazyPage(() => import('../pages/quick/query/index.tsx'));
const publicWaybillListPage = lazyPage(() => import('../pages/quick-waybill/PublicWaybillListPage.tsx'));
const publicWaybillDetailPage = lazyPage(() => import('../pages/quick-waybill/PublicWaybillDetailPage.tsx'));

type Extra = Partial<Omit<AppRoute, 'path' | 'name' | 'layout' | 'access'>>;

function route(
  layout: LayoutName,
  access: RouteAccess,
  area: PlaceholderArea | undefined,
  path: string,
  name: RouteName,
  extra: Extra = {},
): AppRoute {
  return { path, name, layout, access, ...(area ? { area } : {}), ...extra };
}

const scene1 = (icon?: MenuIcon, group?: MenuGroup): MenuPlacement => ({
  section: 'scene1',
  ...(group ? { group } : {}),
  ...(icon ? { icon } : {}),
});
const inGroup = (group: MenuGroup): MenuPlacement => ({ section: 'scene1', group });
const cloudMenu: MenuPlacement = { section: 'cloud' };

/** 000 §2.3, §2.9: the user layout's pages. */
const AUTH_ROUTES: AppRoute[] = [
  route('user', 'public', undefined, '/user/login', 'login', { component: loginPage }),
  route('user', 'public', undefined, '/user/recover', 'recover', {
    component: lazyPage(() => import('../pages/user/recover/index.tsx')),
  }),
  route('user', 'public', undefined, '/user/register', 'register', {
    component: lazyPage(() => import('../pages/user/register/index.tsx')),
  }),
  route('user', 'public', undefined, '/user/login-result', 'loginResult', {
    component: lazyPage(() => import('../pages/user/login-result/index.tsx')),
  }),
  route('user', 'public', undefined, '/user/bind-phone', 'bindPhone', {
    component: lazyPage(() => import('../pages/user/bind/BindPhonePage.tsx')),
  }),
  route('user', 'public', undefined, '/user/bind-email', 'bindEmail', {
    component: lazyPage(() => import('../pages/user/bind/BindEmailPage.tsx')),
  }),
];

const main = (access: RouteAccess, area: PlaceholderArea, path: string, name: RouteName, extra?: Extra) =>
  route('main', access, area, path, name, extra);

/** 000 §2.4: the main layout, scene 1. */
const MAIN_ROUTES: AppRoute[] = [
  main('home', 'home', '/home', 'home', {
    component: lazyPage(() => import('../pages/home/index.tsx')),
    menu: scene1('home'),
  }),
  main('home.organization', 'home', '/home/organization', 'home.organization', {
    component: lazyPage(() => import('../pages/home/organization/index.tsx')),
  }),
  main('public', 'mall', '/mall/center', 'mall.center', {
    menu: scene1('shop', 'mall'),
    menuKey: 'mall.center',
  }),
  main('public', 'mall', '/mall/solution', 'mall.solution', {
    menu: inGroup('mall'),
    menuKey: 'mall.solution',
  }),
  main('message.list', 'message', '/message/list', 'message.list', {
    menu: scene1('message'),
    component: lazyPage(() => import('../pages/message/list/index.tsx')),
  }),
  main('device.list', 'device', '/device/list', 'device.list', {
    menu: scene1('device'),
    component: lazyPage(() => import('../pages/device/list/index.tsx')),
  }),
  main('device.list', 'device', '/device/detail/:deviceId', 'device.detail', {
    component: lazyPage(() => import('../pages/device/detail/index.tsx')),
  }),
  main('storage.list', 'storage', '/storage/list', 'storage.list', { menu: scene1('storage') }),
  main('storage.list', 'storage', '/storage/detail/:id/:deviceId', 'storage.detail'),
  main('storage.list', 'storage', '/storage/Diagnosis/:deviceId', 'storage.diagnosis'),
  main('storage.list', 'storage', '/storage/conservation/:id/:deviceId', 'storage.conservation'),
  main('storage.list', 'storage', '/storage/bill/:id/:type/:deviceId', 'storage.bill'),
  main('storage.list', 'storage', '/storage/waste/:id', 'storage.waste'),
  main(
    'storage.list',
    'storage',
    '/cloudControl/storage/detail/:id/:deviceId',
    'cloudControl.storage.detail',
  ),
  main('freezer.list', 'freezer', '/freezer/list', 'freezer.list', { menu: scene1('freezer') }),
  main('freezer.list', 'freezer', '/freezer/detail/:id/:deviceId/:typeScenes', 'freezer.detail'),
  main('freezer.list', 'freezer', '/freezer/detailIndual/*', 'freezer.detailIndual'),
  main('waybill.list', 'waybill', '/waybill/list', 'waybill.list', {
    menu: scene1('waybill', 'waybill'),
    component: lazyPage(() => import('../pages/waybill/list/index.tsx')),
  }),
  main('waybill.list', 'waybill', '/waybill/detail/:waybillPk', 'waybill.detail', {
    component: lazyPage(() => import('../pages/waybill/detail/index.tsx')),
  }),
  main('waybill.geofence', 'waybill', '/waybill/geofence', 'waybill.geofence', {
    menu: inGroup('waybill'),
    component: lazyPage(() => import('../pages/waybill/geofence/index.tsx')),
  }),
  main('asset.list', 'asset', '/asset/list', 'asset.list', {
    menu: scene1('asset'),
    component: lazyPage(() => import('../pages/asset/list/index.tsx')),
  }),
  main('asset.list', 'asset', '/asset/detail/:id', 'asset.detail', {
    component: lazyPage(() => import('../pages/asset/detail/index.tsx')),
  }),
  main('projectList', 'project', '/projectList/index', 'projectList', {
    menu: { section: 'scene2', icon: 'project' },
    component: lazyPage(() => import('../pages/project/my/index.tsx')),
  }),
  main('projectList', 'project', '/projectList/detail/:id', 'projectList.detail', {
    component: lazyPage(() => import('../pages/project/detail/index.tsx')),
  }),
  main('projectOverview', 'project', '/projectOverview/index', 'projectOverview', {
    menu: { section: 'scene2', icon: 'dashboard' },
    component: lazyPage(() => import('../pages/project/overview/index.tsx')),
  }),
  main('project.list', 'project', '/project/list', 'project.list', {
    menu: scene1('project'),
    component: lazyPage(() => import('../pages/project/list/index.tsx')),
  }),
  main('organization.list', 'organization', '/organization/list', 'organization.list', {
    menu: scene1('organization'),
    component: lazyPage(() => import('../pages/organization/list/index.tsx')),
  }),
  main(
    'organization.list.userList',
    'organization',
    '/organization/userList/:id',
    'organization.list.userList',
    {
      component: lazyPage(() => import('../pages/organization/userList/index.tsx')),
    },
  ),
  main('fda', 'fda', '/fda', 'fda', { menu: scene1('fda') }),
  main('operation.system', 'operationBoard', '/operation/index', 'operation.index', {
    component: lazyPage(() => import('../pages/operation/overview/index.tsx')),
  }),
  main('operation.system', 'operationBoard', '/OperateBoard/doorContact', 'operateBoard.doorContact'),
  main('freezer.list', 'facingIdentify', '/facingIdentify/freezer', 'facingIdentify.freezer'),
  main(
    'freezer.list',
    'facingIdentify',
    '/facingIdentify/freezer/detail/:fridgeId',
    'facingIdentify.freezer.detail',
  ),
  main('freezer.list', 'facingIdentify', '/facingIdentify/brand', 'facingIdentify.brand'),
  main('freezer.list', 'facingIdentify', '/facingIdentify/product', 'facingIdentify.product'),
  main(
    'freezer.list',
    'facingIdentify',
    '/facingIdentify/product/detail/:id/:type',
    'facingIdentify.product.detail',
  ),
  main('freezer.list', 'facingIdentify', '/facingIdentify/product/add', 'facingIdentify.product.add'),
  main('freezer.list', 'facingIdentify', '/facingIdentify/pictures', 'facingIdentify.pictures'),
  main(
    'freezer.list',
    'facingIdentify',
    '/facingIdentify/pictures/fileList/:id/:datasetId/:name/:scene',
    'facingIdentify.pictures.fileList',
  ),
  main(
    'freezer.list',
    'facingIdentify',
    '/facingIdentify/pictures/detail/:id/:datasetId/:name/:scene',
    'facingIdentify.pictures.detail',
  ),
  main('freezer.list', 'facingIdentify', '/facingIdentify/freezerCollect', 'facingIdentify.freezerCollect'),
  main(
    'freezer.list',
    'facingIdentify',
    '/facingIdentify/freezerCollect/detail/:id',
    'facingIdentify.freezerCollect.detail',
  ),
  main('freezer.list', 'facingIdentify', '/facingIdentify/picturesList', 'facingIdentify.picturesList'),
  main('storage.list', 'storageProject', '/storageProject/visualization', 'storageProject.visualization'),
  main('storage.list', 'storageProject', '/storageProject/monitor', 'storageProject.monitor'),
  main(
    'storage.list',
    'storageProject',
    '/storageProject/energyConsumption',
    'storageProject.energyConsumption',
  ),
  main('storage.list', 'storageProject', '/storageProject/operation', 'storageProject.operation'),
  main('consumer.info', 'consumer', '/consumer/info', 'consumer.info', {
    menu: scene1('user', 'consumer'),
    component: lazyPage(() => import('../pages/consumer/info/index.tsx')),
  }),
  main('consumer.wallet', 'consumer', '/consumer/wallet', 'consumer.wallet', { menu: inGroup('consumer') }),
  main('consumer.list', 'consumer', '/consumer/list/:start?', 'consumer.list', {
    menu: inGroup('consumer'),
    component: lazyPage(() => import('../pages/consumer/list/index.tsx')),
  }),
  main('consumer.role', 'consumer', '/consumer/role', 'consumer.role', {
    menu: inGroup('consumer'),
    component: lazyPage(() => import('../pages/consumer/role/index.tsx')),
  }),
  main('consumer.recharge', 'consumer', '/consumer/recharge', 'consumer.recharge', {
    menu: inGroup('consumer'),
    component: lazyPage(() => import('../pages/consumer/recharge/index.tsx')),
  }),
  main('consumer.download', 'consumer', '/consumer/download', 'consumer.download', {
    menu: inGroup('consumer'),
    component: lazyPage(() => import('../pages/consumer/download/index.tsx')),
  }),
  main('consumer.sharer', 'consumer', '/consumer/sharer', 'consumer.sharer', {
    menu: inGroup('consumer'),
    component: lazyPage(() => import('../pages/consumer/sharer/index.tsx')),
  }),
  main('operation.log', 'log', '/operation/log', 'operation.log', {
    menu: scene1('log'),
    component: lazyPage(() => import('../pages/consumer/operation-log/index.tsx')),
  }),
  main('activities.list', 'activities', '/activities/list', 'activities.list', { menu: scene1('gift') }),
];

const office = (access: RouteKey, area: PlaceholderArea, group: MenuGroup, path: string, name: RouteName) =>
  route('main', access, area, path, name, { menu: inGroup(group) });

/** 000 §2.5: the operators' back office, in the main layout. */
const BACK_OFFICE_ROUTES: AppRoute[] = [
  route('main', 'operation.system', 'operation', '/operation/system', 'operation.system', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/overview/SystemPage.tsx')),
  }),
  route('main', 'operation.device', 'operation', '/operation/device', 'operation.device', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/device/index.tsx')),
  }),
  route(
    'main',
    'operation.lightBusiness',
    'operation',
    '/operation/lightBusiness',
    'operation.lightBusiness',
    {
      menu: inGroup('operation'),
      component: lazyPage(() => import('../pages/operation/pattern/LightBusinessPage.tsx')),
    },
  ),
  route('main', 'operation.plc', 'operation', '/operation/plc', 'operation.plc', {
    menu: inGroup('operation'),
    external: 'plc',
    component: lazyPage(() => import('../pages/operation/overview/PlcPage.tsx')),
  }),
  route('main', 'operation.upgrade', 'operation', '/operation/upgrade', 'operation.upgrade', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/upgrade/index.tsx')),
  }),
  route('main', 'operation.guid', 'operation', '/operation/guid', 'operation.guid', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/guid/index.tsx')),
  }),
  route('main', 'operation.guidRecord', 'operation', '/operation/guid/record', 'operation.guidRecord', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/guid/record/index.tsx')),
  }),
  route('main', 'operation.sim', 'operation', '/operation/sim', 'operation.sim', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/sim/index.tsx')),
  }),
  route('main', 'operation.alarm', 'operation', '/operation/alarm', 'operation.alarm', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/alarm/index.tsx')),
  }),
  route('main', 'operation.pushRecord', 'operation', '/operation/pushRecord', 'operation.pushRecord', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/pushRecord/index.tsx')),
  }),
  route('main', 'operation.dataPush', 'operation', '/operation/dataPush', 'operation.dataPush', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/dataPush/index.tsx')),
  }),
  office('operation.dataApi', 'operation', 'operation', '/operation/dataApi', 'operation.dataApi'),
  route('main', 'operation.apk', 'operation', '/operation/apk', 'operation.apk', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/apk/index.tsx')),
  }),
  route('main', 'operation.iosUpgrade', 'operation', '/operation/iosUpgrade', 'operation.iosUpgrade', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/ios-upgrade/index.tsx')),
  }),
  route('main', 'operation.dtuLog', 'operation', '/operation/dtuLog', 'operation.dtuLog', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/network/DtuLogPage.tsx')),
  }),
  route('main', 'operation.network', 'operation', '/operation/network', 'operation.network', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/network/index.tsx')),
  }),
  route('main', 'operation.pattern', 'operation', '/operation/pattern', 'operation.pattern', {
    menu: inGroup('operation'),
    component: lazyPage(() => import('../pages/operation/pattern/index.tsx')),
  }),
  route('main', 'product.deviceType', 'product', '/product/deviceType', 'product.deviceType', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/deviceType/index.tsx')),
  }),
  route('main', 'product.param', 'product', '/product/param', 'product.param', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/param/index.tsx')),
  }),
  route('main', 'product.paramUnit', 'product', '/product/paramUnit', 'product.paramUnit', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/paramUnit/index.tsx')),
  }),
  route('main', 'product.series', 'product', '/product/series', 'product.series', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/series/index.tsx')),
  }),
  route('main', 'product.alarmRule', 'product', '/product/alarmRule', 'product.alarmRule', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/alarmRule/index.tsx')),
  }),
  route('main', 'product.warnRule', 'product', '/product/warnRule', 'product.warnRule', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/warnRule/index.tsx')),
  }),
  route('main', 'product.messageTemplate', 'product', '/product/messageTemplate', 'product.messageTemplate', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/messageTemplate/index.tsx')),
  }),
  route('main', 'product.version', 'product', '/product/version', 'product.version', {
    menu: inGroup('product'),
    component: lazyPage(() => import('../pages/product/version/index.tsx')),
  }),
  route('main', 'order.servicePackage', 'order', '/service/package/:id?', 'order.servicePackage', {
    menu: inGroup('order'),
    component: lazyPage(() => import('../pages/order/service-package/index.tsx')),
  }),
  route('main', 'order.rechargeList', 'order', '/order/recharge/list', 'order.rechargeList', {
    menu: inGroup('order'),
    component: lazyPage(() => import('../pages/order/recharge-list/index.tsx')),
  }),
  office('order.offlineBuy', 'order', 'order', '/order/offline/buy', 'order.offlineBuy'),
  office('order.offlineExamine', 'order', 'order', '/order/offline/examine', 'order.offlineExamine'),
  office(
    'order.rechargeStatistics',
    'order',
    'order',
    '/order/recharge/statistics',
    'order.rechargeStatistics',
  ),
  office('order.storageOrders', 'order', 'order', '/order/storage', 'order.storageOrders'),
  route('main', 'system.consumerList', 'system', '/system/consumer/list', 'system.consumerList', {
    menu: inGroup('system'),
    component: lazyPage(() => import('../pages/system/consumerList/index.tsx')),
  }),
  route('main', 'system.role', 'system', '/system/role', 'system.role', {
    menu: inGroup('system'),
    component: lazyPage(() => import('../pages/system/role/index.tsx')),
  }),
  route('main', 'system.exportDevice', 'system', '/system/exportDevice', 'system.exportDevice', {
    menu: inGroup('system'),
    component: lazyPage(() => import('../pages/system/export-device/index.tsx')),
  }),
  route('main', 'system.consumerList', 'system', '/system/contractor', 'system.contractor', {
    menu: inGroup('system'),
    component: lazyPage(() => import('../pages/operation/contractors/index.tsx')),
  }),
  route('main', 'customized.list', 'system', '/customized/list', 'customized.list', {
    menu: inGroup('system'),
    component: lazyPage(() => import('../pages/system/customized/index.tsx')),
  }),
  office('dataCenter', 'dataCenter', 'dataCenter', '/dataCenter/backup', 'dataCenter.backup'),
  office('dataCenter', 'dataCenter', 'dataCenter', '/dataCenter/recorder', 'dataCenter.recorder'),
  office(
    'dataCenter',
    'dataCenter',
    'dataCenter',
    '/dataCenter/diseaseControl/1',
    'dataCenter.diseaseControl1',
  ),
  office(
    'dataCenter',
    'dataCenter',
    'dataCenter',
    '/dataCenter/diseaseControl/2',
    'dataCenter.diseaseControl2',
  ),
  office(
    'dataCenter',
    'dataCenter',
    'dataCenter',
    '/dataCenter/diseaseControl/3',
    'dataCenter.diseaseControl3',
  ),
  office('ecoStatistics', 'statistics', 'ecoStatistics', '/ecoStatistics/user', 'ecoStatistics.user'),
  office(
    'ecoStatistics',
    'statistics',
    'ecoStatistics',
    '/ecoStatistics/electricity',
    'ecoStatistics.electricity',
  ),
  office('ecoStatistics', 'statistics', 'ecoStatistics', '/ecoStatistics/chart', 'ecoStatistics.chart'),
  office('ecoStatistics', 'statistics', 'ecoStatistics', '/ecoStatistics/device', 'ecoStatistics.device'),
  office('ecoStatistics', 'statistics', 'ecoStatistics', '/ecoStatistics/examine', 'ecoStatistics.examine'),
  office(
    'ecoStatistics',
    'statistics',
    'ecoStatistics',
    '/ecoStatistics/diagnosis',
    'ecoStatistics.diagnosis',
  ),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/home', 'dataBoard.home'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/account', 'dataBoard.account'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/device', 'dataBoard.device'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/record', 'dataBoard.record'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/electricity', 'dataBoard.electricity'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/order', 'dataBoard.order'),
  office('dataBoard', 'statistics', 'dataBoard', '/dataBoard/export', 'dataBoard.export'),
  office('dataInterface', 'dataInterface', 'dataInterface', '/dataInterface/index', 'dataInterface.index'),
  office('dataInterface', 'dataInterface', 'dataInterface', '/dataInterface/apiV2', 'dataInterface.apiV2'),
  office(
    'dataInterface',
    'dataInterface',
    'dataInterface',
    '/dataInterface/parameterMapping',
    'dataInterface.parameterMapping',
  ),
  office('video', 'video', 'video', '/video/platform', 'video.platform'),
  office('video', 'video', 'video', '/video/device', 'video.device'),
  office('visualization', 'visualization', 'visualization', '/visualization/2d', 'visualization.2d'),
  office(
    'visualization',
    'visualization',
    'visualization',
    '/visualization/largeScreen',
    'visualization.largeScreen',
  ),
  route('main', 'notice.list', 'content', '/notice/list', 'notice.list', {
    menu: inGroup('content'),
    component: lazyPage(() => import('../pages/notice/list/index.tsx')),
  }),
  office('marketing', 'content', 'content', '/marketing/carousel', 'marketing.carousel'),
  office('marketing', 'content', 'content', '/marketing/solution/list', 'marketing.solution.list'),
  route(
    'main',
    'marketing',
    'content',
    '/marketing/solution/operate/:type/:id?',
    'marketing.solution.operate',
  ),
  office('userManual.faq', 'content', 'content', '/userManual/faq', 'userManual.faq'),
  route('main', 'experience.data', 'content', '/experience/data', 'experience.data', {
    menu: inGroup('content'),
    component: lazyPage(() => import('../pages/content/experience-data/index.tsx')),
  }),
  route('main', 'calibrationServe', 'calibration', '/calibrationServe', 'calibrationServe', {
    menu: inGroup('calibration'),
    external: 'calibrationServe',
  }),
  office('calibration', 'calibration', 'calibration', '/resultList', 'resultList'),
  office('revenue', 'dealer', 'dealer', '/revenue/index', 'revenue.index'),
  office('dealer', 'dealer', 'dealer', '/dealer/index', 'dealer.index'),
  office('custom.settlement', 'dealer', 'dealer', '/custom/settlement', 'custom.settlement'),
  office('dealer', 'dealer', 'dealer', '/dealer/rechargeDetail', 'dealer.rechargeDetail'),
  office('dealer', 'dealer', 'dealer', '/dealer/device/list', 'dealer.deviceList'),
  office('dealer', 'dealer', 'dealer', '/dealer/customer', 'dealer.customer'),
  office('dealer', 'dealer', 'dealer', '/dealer/consumer', 'dealer.consumer'),
  office('dealer', 'dealer', 'dealer', '/dealer/role', 'dealer.role'),
  route('main', 'marketManage', 'visualization', '/marketManage', 'marketManage', {
    menu: scene1('screen'),
    external: 'marketManage',
  }),
  route('main', 'version.manage', 'content', '/version/manage', 'version.manage', {
    menu: inGroup('content'),
    component: lazyPage(() => import('../pages/content/version-manage/index.tsx')),
  }),
];

/** 000 §2.7: the cloud-chain project layout, with its own menu. */
const CLOUD_ROUTES: AppRoute[] = [
  route('cloud', 'cloudChain.cockpit', 'cloud', '/cockpit/index', 'cloudChain.cockpit', {
    menu: cloudMenu,
    component: lazyPage(() => import('../pages/cloud-chain/cockpit/index.tsx')),
  }),
  ...(
    [
      [
        'realtimeData',
        'cloudChain.realtimeData',
        () => import('../pages/cloud-chain/realtime-data/index.tsx'),
      ],
      [
        'historyCurve',
        'cloudChain.historyCurve',
        () => import('../pages/cloud-chain/history-curve/index.tsx'),
      ],
      [
        'realtimeAlarm',
        'cloudChain.realtimeAlarm',
        () => import('../pages/cloud-chain/realtime-alarm/index.tsx'),
      ],
      [
        'historyAlarm',
        'cloudChain.historyAlarm',
        () => import('../pages/cloud-chain/history-alarm/index.tsx'),
      ],
      ['pushRecord', 'cloudChain.pushRecord', () => import('../pages/cloud-chain/push-record/index.tsx')],
      ['videoMonitor', 'cloudChain.videoMonitor', null],
      ['remoteControl', 'cloudChain.remoteControl', null],
      ['businessModel', 'cloudChain.businessModel', null],
      ['energy', 'cloudChain.energy', null],
    ] as const
  ).map(([segment, key, page]) =>
    route('cloud', key, 'cloud', `/cloudChain/${segment}`, key, {
      menu: cloudMenu,
      ...(page ? { component: lazyPage(page) } : {}),
    }),
  ),
];

/** 000 §2.6: quick queries, help, payment results and other pages outside the main frame. */
const OTHER_ROUTES: AppRoute[] = [
  route('quick', 'public', 'quick', '/quick/query', 'quick.query', { component: quickQueryPage }),
  route('quick', 'public', 'quick', '/mobileQuick/query', 'mobileQuick.query', { component: quickQueryPage }),
  route('quick', 'public', 'quick', '/mobileQuick/query/list', 'mobileQuick.query.list', {
    component: lazyPage(() => import('../pages/quick-waybill/QueryResultsPage.tsx')),
  }),
  route('quick', 'public', 'quick', '/mobileQuick/query/detail/:id', 'mobileQuick.query.detail', {
    component: quickQueryPage,
  }),
  route('quick', 'public', 'quick', '/mobileQuick/waybill/list', 'mobileQuick.waybill.list', {
    component: publicWaybillListPage,
  }),
  route('quick', 'public', 'quick', '/mobileQuick/waybill/detail/:waybillPk', 'mobileQuick.waybill.detail', {
    component: publicWaybillDetailPage,
  }),
  route('quick', 'public', 'quick', '/pcQuick/query/:id?', 'pcQuick.query', { component: quickQueryPage }),
  route('quick', 'public', 'quick', '/pcQuick/waybill/list', 'pcQuick.waybill.list', {
    component: publicWaybillListPage,
  }),
  route('quick', 'public', 'quick', '/pcQuick/waybill/detail/:waybillPk', 'pcQuick.waybill.detail', {
    component: publicWaybillDetailPage,
  }),
  route('main', 'signedIn', 'vip', '/vip/service', 'vip.service', {
    component: lazyPage(() => import('../pages/vip/index.tsx')),
  }),
  route('blank', 'public', 'payment', '/sms-purchase', 'sms.purchase'),
  route('blank', 'public', 'vip', '/vipDetails/backups', 'vip.details.backups'),
  route('blank', 'public', 'vip', '/vipDetails/assets', 'vip.details.assets'),
  route('blank', 'public', 'vip', '/vipDetails/largeScreen', 'vip.details.largeScreen'),
  route('blank', 'public', 'help', '/help/center', 'help.center'),
  route('blank', 'public', 'help', '/help/detail/:id?', 'help.detail'),
  route('blank', 'public', 'help', '/paramHelp', 'paramHelp'),
  route('blank', 'public', 'help', '/mobile/help/list', 'mobile.help.list'),
  route('blank', 'public', 'help', '/mobile/help/center', 'mobile.help.center'),
  route('main', 'signedIn', 'report', '/receipt', 'receipt', {
    component: lazyPage(() => import('../pages/receipt/index.tsx')),
  }),
  route('main', 'signedIn', 'report', '/conservation/report', 'conservation.report'),
  route('blank', 'public', undefined, '/mobilePay/pay', 'mobilePay.pay', {
    component: lazyPage(() => import('../pages/mobile-pay/PayPage.tsx')),
  }),
  route('blank', 'public', undefined, '/mobilePay/success', 'mobilePay.success', {
    component: lazyPage(() => import('../pages/mobile-pay/SuccessPage.tsx')),
  }),
  route('blank', 'public', undefined, '/mobilePay/paypal/callback', 'mobilePay.paypal.callback', {
    component: lazyPage(() => import('../pages/mobile-pay/PaypalCallbackPage.tsx')),
  }),
  route('blank', 'public', undefined, '/mobilePay/paypal/cancel', 'mobilePay.paypal.cancel', {
    component: lazyPage(() => import('../pages/mobile-pay/PaypalCancelPage.tsx')),
  }),
  route('blank', 'marketManage', 'visualization', '/marketVisualization/home', 'marketVisualization.home'),
];

const calibrationPc = (access: RouteAccess, path: string, name: RouteName, extra?: Extra) =>
  route('calibrationPc', access, path.endsWith('/login') ? undefined : 'calibration', path, name, extra);
const calibrationMobile = (access: RouteAccess, path: string, name: RouteName, extra?: Extra) =>
  route('calibrationMobile', access, path.endsWith('/login') ? undefined : 'calibration', path, name, extra);

/** 000 §2.8: the calibration-service site, PC and mobile. */
const CALIBRATION_ROUTES: AppRoute[] = [
  calibrationPc('public', '/calibration/admin/login', 'calibration.admin.login', { component: loginPage }),
  calibrationPc('public', '/calibration/login', 'calibration.login', { component: loginPage }),
  calibrationPc('public', '/calibration/home', 'calibration.home'),
  calibrationPc('public', '/calibration/form', 'calibration.form'),
  calibrationPc('public', '/calibration/form/example', 'calibration.form.example'),
  calibrationPc('public', '/calibration/quickly', 'calibration.quickly'),
  calibrationPc('public', '/calibration/preview', 'calibration.preview'),
  calibrationPc('signedIn', '/calibration/:role/order/list', 'calibration.order.list'),
  calibrationPc('signedIn', '/calibration/:role/order/detail/:applicationId', 'calibration.order.detail'),
  calibrationPc('signedIn', '/calibration/:role/order/quickly', 'calibration.order.quickly'),
  calibrationMobile('public', '/mobile/calibration/login', 'calibration.mobile.login', {
    component: loginPage,
  }),
  calibrationMobile('public', '/mobile/calibration/home', 'calibration.mobile.home'),
  calibrationMobile('public', '/mobile/calibration/quickly', 'calibration.mobile.quickly'),
  calibrationMobile('public', '/mobile/calibration/device', 'calibration.mobile.device'),
  calibrationMobile('public', '/mobile/calibration/device/example', 'calibration.mobile.device.example'),
  calibrationMobile('public', '/mobile/calibration/serve', 'calibration.mobile.serve'),
  calibrationMobile('public', '/mobile/calibration/customer', 'calibration.mobile.customer'),
  calibrationMobile('public', '/mobile/calibration/customer/example', 'calibration.mobile.customer.example'),
  calibrationMobile('public', '/mobile/calibration/apply', 'calibration.mobile.apply'),
  calibrationMobile('public', '/mobile/calibration/apply/success', 'calibration.mobile.apply.success'),
  calibrationMobile('public', '/mobile/calibration/apply/latter', 'calibration.mobile.apply.latter'),
  calibrationMobile('public', '/mobile/calibration/pdf', 'calibration.mobile.pdf'),
  calibrationMobile('public', '/mobile/calibration/preview', 'calibration.mobile.preview'),
  calibrationMobile('signedIn', '/mobile/calibration/list', 'calibration.mobile.list'),
  calibrationMobile('signedIn', '/mobile/calibration/detail/:applicationId', 'calibration.mobile.detail'),
];

const EXCEPTION_ROUTES: AppRoute[] = [
  route('blank', 'public', undefined, '/403', 'exception.403', { component: exception403 }),
  route('blank', 'public', undefined, '/404', 'exception.404', { component: exception404 }),
  route('blank', 'public', undefined, '/500', 'exception.500', {
    component: lazyPage(() => import('../pages/exception/500/index.tsx')),
  }),
];

/** The one route table (ARCHITECTURE Web; CONVENTIONS 8): router, menus, tabs, titles and access read it. */
export const ROUTES: readonly AppRoute[] = [
  ...AUTH_ROUTES,
  ...MAIN_ROUTES,
  ...BACK_OFFICE_ROUTES,
  ...CLOUD_ROUTES,
  ...OTHER_ROUTES,
  ...CALIBRATION_ROUTES,
  ...EXCEPTION_ROUTES,
];

export const ForbiddenPage = exception403;

const byName = new Map<string, AppRoute>(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: RouteName): AppRoute {
  const found = byName.get(name);
  if (!found) throw new Error(`No route named ${name}`);
  return found;
}
