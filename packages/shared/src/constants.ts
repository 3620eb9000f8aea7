/** Supported console and server locales (000 §1, 002 §9). The first is the default and fallback. */
export const LOCALES = ['zh-CN', 'en-US', 'es-ES', 'ru-RU', 'pt-PT', 'de-DE', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
/** Default and fallback locale (000 §1). */
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Session token lifetime in ms: 7 days (000 §9). */
export const TOKEN_LIFETIME_MS = 604_800_000;
/** Idle logout for accounts with enableProtect and enableFda, in ms: 5 minutes (000 §9). */
export const INACTIVITY_TIMEOUT_MS = 300_000;
/** HTTP client timeout in ms (000 §9). */
export const HTTP_TIMEOUT_MS = 60_000;
/** Local storage key holding the session token (000 §4). */
export const TOKEN_STORAGE_KEY = 'Access-Token';

/** Username: 6-50 characters (002 §5). */
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 50;
/** Password length under the default "two kinds" policy: 6-20 (002 §5). */
export const PASSWORD_BASIC_MIN = 6;
/** Password length under the "four kinds" policy: 8-20 (002 §5). */
export const PASSWORD_STRONG_MIN = 8;
/** Longest password under either policy (002 §5). */
export const PASSWORD_MAX = 20;
/** Real name up to 20 characters (002 §3, §5). */
export const REAL_NAME_MAX = 20;
/** Company name 2-50 characters (002 §5). */
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 50;
/** Contractor company name and contact up to 20 (002 §3). */
export const CONTRACTOR_FIELD_MAX = 20;

/** Customized platform field limits (002 §3). */
export const PLATFORM_VIEW_DOMAIN_MAX = 100;
export const PLATFORM_TITLE_MAX = 100;
export const PLATFORM_DESCRIPTION_MAX = 50;
/** Not given by the spec; the longest DNS name (RFC 1035). */
export const PLATFORM_TOP_DOMAIN_MAX = 253;

/** Paged lists: default page size 10, options 10/20/30/40 (000 §9). */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40] as const;
/** Largest page a list call answers; not given by the spec, caps what one request can read. */
export const PAGE_SIZE_MAX = 200;

/** Scene ids: 1 monitoring, 2 cloud chain (000 §9). */
export const SCENE_IDS = [1, 2] as const;
/** Permission required for scene 2 (000 §4). */
export const CLOUD_CHAIN_PERMISSION = 'cloudChain.myProject';

/** Image uploads: jpg, jpeg, png (002 §5). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** Avatar upload size limit in bytes: 2 MB, one of the sizes of 002 §5. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Verification codes: 6 digits, valid 10 minutes; not given by the spec. */
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 10 * 60_000;
/** Codes sent to one phone or e-mail per hour (SMS costs money: API4). */
export const VERIFY_CODE_PER_TARGET_PER_HOUR = 5;
/** Wrong entries a code survives; the next one voids it. Not given by the spec. */
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** Captcha images are valid 5 minutes; not given by the spec. */
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** Characters in a captcha image; not given by the spec. */
export const CAPTCHA_LENGTH = 4;
/** Response header carrying the id of the captcha image (GET /base/BaseAccount/newVerify). */
export const CAPTCHA_ID_HEADER = 'Captcha-Id';

/** Lifetime of the hand-over token for the old platform (toOldPaltform), in ms; not given by the spec. */
export const OLD_PLATFORM_TOKEN_TTL_MS = 5 * 60_000;

/** Failed logins per account before it is throttled, and how long (ms). */
export const LOGIN_FAILURES_BEFORE_LOCK = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;
/** Login calls per source address per minute. */
export const LOGIN_RATE_PER_MINUTE = 20;

/** Identity and industry dictionary types queried by the identity modal (000 §2.11). */
export const DICT_TYPES = ['identity', 'industry', 'COUNTRY_CODE'] as const;
export type DictType = (typeof DICT_TYPES)[number];

/** Temperature units a user may choose (002 §3). */
export const TEMPERATURE_UNITS = ['C', 'F'] as const;
