/**
 * Numbers of the purchase screens (001 §2.1-§2.4, §9). The server keeps its own copies of the rules
 * that matter for money; these only shape the screens.
 */

/** The set-meal drawer's width in px (001 §9); full width on a phone. */
export const SET_MEAL_DRAWER_WIDTH = 1280;
/** The payment and SMS/voice drawers' width in px (a column beside the set-meal drawer). */
export const PAY_DRAWER_WIDTH = 560;
/** The payment QR code's size in px (001 §9). */
export const PAY_QR_SIZE = 160;
/** Order status is polled this often while a QR code waits, in ms (001 §4, §9). */
export const ORDER_POLL_MS = 3_000;
/** Order creation waits this long for the choices to settle, in ms (001 §5, §9). */
export const ORDER_DEBOUNCE_MS = 500;
/** Counts at or below this show red, above it green (001 §2.1, §9). */
export const LOW_COUNT_THRESHOLD = 50;
/** An expiry in this year or later reads as lifelong (001 §2.1, §9). */
export const LIFELONG_YEAR = 2099;
/** A period of this many months or more is lifelong (001 §2.1, §9). */
export const LIFELONG_MONTHS = 1_200;
/** A discount of 100 (percent) means none (001 §9). */
export const NO_DISCOUNT = 100;
/** The mainland's calling code and the default elsewhere (001 §9). */
export const MAINLAND_COUNTRY_CODE = '86';
export const OVERSEAS_DEFAULT_COUNTRY_CODE = '1';

/** Pay types of the commerce contract (001 §4). */
export const PAY_TYPE = {
  wechat: 1,
  alipay: 2,
  cardButton: 20,
  googlePay: 30,
  cardWallet: 40,
} as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

/** Order payStatus: 1 unpaid, 2 paid, 3 refunded, 4 partially refunded, 5 closed. */
export const PAY_STATUS = { unpaid: 1, paid: 2, refunded: 3, partlyRefunded: 4, closed: 5 } as const;
