import type { Locale } from '@coldchain/shared';

/**
 * The overseas map edition is a build flag (000 §1): `VITE_EDITION=overseas npm run build`. It starts
 * in en-US when the browser has no stored choice and leaves out what only the mainland edition shows:
 * the identity-supplement modal (000 §2.11) and the WeChat sign-in step of mobile calibration.
 */
export const OVERSEAS_EDITION = import.meta.env.VITE_EDITION === 'overseas';

export function editionDefaultLocale(fallback: Locale): Locale {
  return OVERSEAS_EDITION ? 'en-US' : fallback;
}

/** Notices are published per edition (000 §3 noticeCamp): 1 the mainland edition, 0 overseas. */
export const NOTICE_CAMP = OVERSEAS_EDITION ? 0 : 1;

/** The WeChat official account used for the OAuth step of mobile calibration (000 §2.10); unset: no step. */
export const WECHAT_APP_ID: string | undefined = import.meta.env.VITE_WECHAT_APP_ID || undefined;

/** The PLC site the plc route opens in a new window (000 §2.10); unset: the entry is not offered. */
export const PLC_SITE_URL: string | undefined = import.meta.env.VITE_PLC_URL || undefined;
