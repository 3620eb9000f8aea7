/**
 * Console-only numbers and keys. Numbers the server also needs live in packages/shared/src/constants.ts.
 */

/** Delay between the "session ended" notice (code 2010) and the redirect to login, in ms (000 §8). */
export const SESSION_END_REDIRECT_MS = 1_500;
/** How long the notice of a failed call stays, in seconds (000 §8: "any other failed call ... 4 s"). */
export const ERROR_NOTICE_SECONDS = 4;
/** A lazily loaded page chunk fails after this long, in ms (000 §9 "chunk timeout 120 s"). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Sidebar width and collapsed width in px (000 §2.1). */
export const SIDER_WIDTH = 256;
export const SIDER_COLLAPSED_WIDTH = 80;
/** Below 1350 px the sidebar collapses; below 576 px it leaves the page and opens as a drawer (000 §2.1). */
export const SIDER_COLLAPSE_BREAKPOINT = 1350;
export const SIDER_MOBILE_BREAKPOINT = 576;
/** Scrolled further down than this, the header hides until the user scrolls up (000 §2.1). */
export const HEADER_AUTO_HIDE_SCROLL = 300;
/** The root font size is the viewport width divided by this (000 §2.1). */
export const ROOT_FONT_DIVISOR = 11.04;
/** Primary colour when the tenant sets none: the spec's orange default (000 §2.1). */
export const DEFAULT_THEME_COLOR = '#FA8C16';

/** Dialog widths in px (000 §2.11). */
export const NOTICE_MODAL_WIDTH = 620;
export const IDENTITY_MODAL_WIDTH = 320;
export const EXPIRED_MODAL_WIDTH = 700;

/** Local storage key of the chosen language (000 §1 "stores the language locally"). */
export const LOCALE_STORAGE_KEY = 'lang';
/** Local storage key of the last tenant data answer, the fallback when the call fails (000 §4). */
export const CUSTOM_DATA_STORAGE_KEY = 'customizedData';
/** Local storage key of the chosen scene, 1 or 2 (000 §4). */
export const SCENE_STORAGE_KEY = 'sceneId';
/** Session storage key of the WeChat open id of mobile calibration (000 §2.10). */
export const OPEN_ID_STORAGE_KEY = 'openId';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/home';
/** Where a restricted-style platform's home goes (000 §6). */
export const RESTRICTED_HOME_PATH = '/device/list';

/** The login pages by area (000 §2.9). */
export const MOBILE_CALIBRATION_LOGIN_PATH = '/mobile/calibration/login';
export const CALIBRATION_ADMIN_LOGIN_PATH = '/calibration/admin/login';
export const CALIBRATION_LOGIN_PATH = '/calibration/login';
export const LOGIN_PATHS = [
  LOGIN_PATH,
  MOBILE_CALIBRATION_LOGIN_PATH,
  CALIBRATION_ADMIN_LOGIN_PATH,
  CALIBRATION_LOGIN_PATH,
] as const;
