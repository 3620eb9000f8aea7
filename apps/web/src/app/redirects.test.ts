import { describe, expect, it } from 'vitest';
import {
  areaOf,
  landingAfterLogin,
  loginPathFor,
  servicePackageRedirect,
  waybillListRedirect,
  wechatStep,
} from './redirects.ts';
import { loginPath, safeRedirect } from './session.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const WECHAT = `${IPHONE} MicroMessenger/8.0.40`;
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('redirect rules (000 §2.10)', () => {
  it('sends each area to its own login page', () => {
    expect(loginPathFor('/mobile/calibration/list')).toBe('/mobile/calibration/login');
    expect(loginPathFor('/calibration/admin/order/list')).toBe('/calibration/admin/login');
    expect(loginPathFor('/calibration/customer/order/list')).toBe('/calibration/login');
    expect(loginPathFor('/device/list')).toBe('/user/login');
    expect(areaOf('/calibrationServe')).toBe('default');
    expect(loginPath('/mobile/calibration/detail/7?x=1')).toBe(
      '/mobile/calibration/login?redirect=/mobile/calibration/detail/7%3Fx%3D1',
    );
    expect(loginPath('/')).toBe('/user/login');
  });

  it('follows only same-site redirects after login, else the area landing page', () => {
    expect(safeRedirect('/device/list?deviceName=a')).toBe('/device/list?deviceName=a');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('/calibration/login', '/x')).toBe('/x');
    expect(landingAfterLogin('/mobile/calibration/login', '/home')).toBe('/mobile/calibration/list');
    expect(landingAfterLogin('/user/login', '/home')).toBe('/home');
  });

  it('swaps the PC and mobile waybill lists by user agent', () => {
    expect(waybillListRedirect('/pcQuick/waybill/list', IPHONE)).toBe('/mobileQuick/waybill/list');
    expect(waybillListRedirect('/pcQuick/waybill/list', DESKTOP)).toBeNull();
    expect(waybillListRedirect('/mobileQuick/waybill/list', DESKTOP)).toBe('/pcQuick/waybill/list');
    expect(waybillListRedirect('/mobileQuick/waybill/list', IPHONE)).toBeNull();
  });

  it('takes a mobile-calibration page in WeChat through the OAuth code exchange', () => {
    const base = {
      pathname: '/mobile/calibration/home',
      search: '',
      href: 'https://c.example/mobile/calibration/home',
      userAgent: WECHAT,
      appId: 'wx123',
      haveOpenId: false,
    };
    const authorize = wechatStep(base);
    expect(authorize.kind).toBe('authorize');
    expect(authorize.kind === 'authorize' && authorize.url).toContain('appid=wx123');
    expect(authorize.kind === 'authorize' && authorize.url).toContain(
      encodeURIComponent('https://c.example/mobile/calibration/home'),
    );
    expect(wechatStep({ ...base, search: '?code=abc' })).toEqual({ kind: 'exchange', code: 'abc' });
    expect(wechatStep({ ...base, haveOpenId: true }).kind).toBe('none');
    expect(wechatStep({ ...base, userAgent: IPHONE }).kind).toBe('none');
    expect(wechatStep({ ...base, pathname: '/home' }).kind).toBe('none');
    expect(wechatStep({ ...base, appId: undefined }).kind).toBe('none');
  });

  it('drops the literal id placeholder of the service-package route', () => {
    expect(servicePackageRedirect(':id')).toBe('/service/package');
    expect(servicePackageRedirect('12')).toBeNull();
    expect(servicePackageRedirect(undefined)).toBeNull();
  });
});
