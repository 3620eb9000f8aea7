import {
  CALIBRATION_ADMIN_LOGIN_PATH,
  CALIBRATION_LOGIN_PATH,
  LOGIN_PATH,
  MOBILE_CALIBRATION_LOGIN_PATH,
} from './constants.ts';

/** The four areas with their own login page (000 §2.9, §2.10). */
export type Area = 'mobileCalibration' | 'calibrationAdmin' | 'calibration' | 'default';

export function areaOf(pathname: string): Area {
  if (pathname === '/mobile/calibration' || pathname.startsWith('/mobile/calibration/'))
    return 'mobileCalibration';
  if (pathname === '/calibration/admin' || pathname.startsWith('/calibration/admin/'))
    return 'calibrationAdmin';
  if (pathname === '/calibration' || pathname.startsWith('/calibration/')) return 'calibration';
  return 'default';
}

const LOGIN_BY_AREA: Record<Area, string> = {
  mobileCalibration: MOBILE_CALIBRATION_LOGIN_PATH,
  calibrationAdmin: CALIBRATION_ADMIN_LOGIN_PATH,
  calibration: CALIBRATION_LOGIN_PATH,
  default: LOGIN_PATH,
};

/** An unauthenticated user is sent to the login page of the area (000 §2.10). */
export function loginPathFor(pathname: string): string {
  return LOGIN_BY_AREA[areaOf(pathname)];
}

/** Where each area's login goes when no redirect is asked for. */
const LANDING_BY_LOGIN: Record<string, string> = {
  [MOBILE_CALIBRATION_LOGIN_PATH]: '/mobile/calibration/list',
  [CALIBRATION_ADMIN_LOGIN_PATH]: '/calibration/admin/order/list',
  [CALIBRATION_LOGIN_PATH]: '/calibration/customer/order/list',
};

export function landingAfterLogin(loginPathname: string, home: string): string {
  return LANDING_BY_LOGIN[loginPathname] ?? home;
}

/** Mobile detection is by user agent (000 §2.10). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|MicroMessenger/i.test(
    userAgent,
  );
}

export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The PC waybill list redirects to the mobile one on mobile devices, and the reverse (000 §2.10).
 * Answers the path to go to, or null to stay.
 */
export function waybillListRedirect(pathname: string, userAgent: string): string | null {
  const mobile = isMobileUserAgent(userAgent);
  if (pathname === '/pcQuick/waybill/list' && mobile) return '/mobileQuick/waybill/list';
  if (pathname === '/mobileQuick/waybill/list' && !mobile) return '/pcQuick/waybill/list';
  return null;
}

/**
 * Inside WeChat a mobile-calibration path needs an OAuth code (000 §2.10): without one (and without
 * an open id from earlier) the user goes to WeChat's authorisation, which comes back with `code`.
 */
export function wechatAuthorizeUrl(appId: string, returnTo: string): string {
  const params = new URLSearchParams({
    appid: appId,
    redirect_uri: returnTo,
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'calibration',
  });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${params}#wechat_redirect`;
}

export type WeChatStep =
  | { kind: 'none' }
  | { kind: 'authorize'; url: string }
  | { kind: 'exchange'; code: string };

export function wechatStep(options: {
  pathname: string;
  search: string;
  href: string;
  userAgent: string;
  appId: string | undefined;
  haveOpenId: boolean;
}): WeChatStep {
  const { pathname, search, href, userAgent, appId, haveOpenId } = options;
  if (!appId || haveOpenId || areaOf(pathname) !== 'mobileCalibration' || !isWeChatBrowser(userAgent))
    return { kind: 'none' };
  const code = new URLSearchParams(search).get('code');
  if (code) return { kind: 'exchange', code };
  return { kind: 'authorize', url: wechatAuthorizeUrl(appId, href) };
}

/** A service-package route carrying the literal id placeholder redirects to the plain path (000 §2.5). */
export function servicePackageRedirect(id: string | undefined): string | null {
  return id === ':id' ? '/service/package' : null;
}
