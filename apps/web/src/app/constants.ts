/**
 * Console-only numbers and keys. Numbers the spec gives that packages/shared does not export yet live
 * here with their source; they move to packages/shared/src/constants.ts when the server needs them.
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
/** Primary colour when the tenant sets none: the spec's orange default (000 §2.1). */
export const DEFAULT_THEME_COLOR = '#FA8C16';

/** Local storage key of the chosen language (000 §1 "stores the language locally"). */
export const LOCALE_STORAGE_KEY = 'lang';
/** Local storage key of the last tenant data answer, the fallback when the call fails (000 §4). */
export const CUSTOM_DATA_STORAGE_KEY = 'customizedData';

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/home';
