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

/** Longest notice text in characters; not given by the spec. */
export const NOTICE_CONTENT_MAX = 2000;
/** Notice request fields (000 §3): camp 1 the mainland edition, 0 overseas; platform 1 web; type 1 system. */
export const NOTICE_CAMPS = [0, 1] as const;
export const NOTICE_PLATFORM_WEB = 1;
export const NOTICE_TYPE_SYSTEM = 1;
/** Alarm message states as the message centre shows them. */
export const ALARM_STATES = ['untreated', 'treated', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
/** The header reads the alarm count this often, in ms, and repeats the alarm tone at most 3 times (000 §4, §9). */
export const ALARM_POLL_MS = 10_000;
export const ALARM_TONE_REPEATS = 3;
/** User activity is recorded at most every 10 s and idleness checked every second (000 §4, §9). */
export const ACTIVITY_THROTTLE_MS = 10_000;
export const INACTIVITY_CHECK_MS = 1_000;
/** Expired-device list: page size 5, filter expiredFlag 1-4, default 2, debounced 800 ms (000 §9). */
export const EXPIRED_PAGE_SIZE = 5;
export const EXPIRED_FLAGS = [1, 2, 3, 4] as const;
export const EXPIRED_FLAG_DEFAULT = 2;
export const EXPIRED_FILTER_DEBOUNCE_MS = 800;
/** The download-PDF action is debounced 1 s (000 §5). */
export const PDF_DOWNLOAD_DEBOUNCE_MS = 1_000;

/** Device history (charts, tables, exports, live data); none of these numbers is given by the spec. */
/** Points a chart answer holds by default and at most: one min and one max per bucket (pixel column). */
export const CHART_POINTS_DEFAULT = 1000;
export const CHART_POINTS_MAX = 2000;
/** Fewest points a chart may ask for. */
export const CHART_POINTS_MIN = 10;
/** Channels (probes) one history call may name. */
export const HISTORY_CHANNELS_MAX = 32;
/** Rows a PDF export holds at most; longer ranges export as CSV or XLSX. */
export const PDF_EXPORT_ROW_CAP = 20_000;
/** Rows per XLSX sheet before the export continues on a new sheet (Excel's limit is 1,048,576). */
export const XLSX_SHEET_ROW_CAP = 1_000_000;
/** Activation energy over the gas constant for mean kinetic temperature, in K (83.144 kJ/mol; USP <1079.2>). */
export const MKT_DELTA_H_OVER_R_K = 10_000;
/** Public quick query: default and longest range in ms (24 hours, 30 days; quick ranges of 002 §9). */
export const QUICK_SEARCH_RANGE_DEFAULT_MS = 86_400_000;
export const QUICK_SEARCH_RANGE_MAX_MS = 2_592_000_000;
/** Public quick queries per client address per minute. */
export const QUICK_SEARCH_RATE_PER_MINUTE = 30;
/** Live channel: time to authenticate after connecting, devices one socket may follow, session re-check. */
export const WS_AUTH_TIMEOUT_MS = 10_000;
export const WS_SUBSCRIPTIONS_MAX = 1_000;
export const WS_SESSION_CHECK_MS = 30_000;

/** Device domain (002 §3-§5, §9). Where the spec gives two lengths, the longer wins (docs/decisions.md). */
/** Device GUID: digits only, at most 20 (002 §3). */
export const DEVICE_GUID_MAX = 20;
/** Device name: required, at most 50 characters (002 §3, §5 say 15 in most places, 50 in one). */
export const DEVICE_NAME_MAX = 50;
/** Device remark (deviceDesc) at most 120 characters (002 §3, §5). */
export const DEVICE_DESC_MAX = 120;
/** Probe name at most 50 characters (002 §5). */
export const PROBE_NAME_MAX = 50;
/** Device address shown on the map, at most 200 characters; not given by the spec. */
export const DEVICE_ADDRESS_MAX = 200;
/** Free service a new device gets, in months (002 §9). */
export const DEVICE_FREE_SERVICE_MONTHS = 2;
/** Months data keeps uploading and stays downloadable after the service lapses (002 §8, §9). */
export const DEVICE_DATA_GRACE_MONTHS = 3;
/** Device status (002 §4). */
export const DEVICE_STATUSES = [
  'online',
  'offline',
  'alarm',
  'fault',
  'closed',
  'normal',
  'overdue',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** Statuses that count as "online" on the dashboard: the device is communicating (002 §2). */
export const DEVICE_ONLINE_STATUSES = ['online', 'normal', 'alarm', 'fault'] as const;
/** Device use state (002 §4); deletion is a separate flag. */
export const DEVICE_USE_STATES = ['enabled', 'stopped', 'scrapped', 'notEnabled'] as const;
export type DeviceUseState = (typeof DEVICE_USE_STATES)[number];
/** Record and upload intervals in seconds: 10 s to 24 h, default 5 minutes; not given by the spec. */
export const DEVICE_INTERVAL_MIN_S = 10;
export const DEVICE_INTERVAL_MAX_S = 86_400;
export const DEVICE_INTERVAL_DEFAULT_S = 300;
/** Correction value applied to a probe's readings, at most this far from 0; not given by the spec. */
export const DEVICE_CORRECTION_MAX = 100;
/** Devices one batch call (enable, stop, scrap, delete, export) may name; not given by the spec. */
export const DEVICE_BATCH_MAX = 500;
/** Positions the distribution map answers at most; not given by the spec. */
export const DEVICE_MAP_MAX = 5000;
/** Ingest's cache of device lookups by GUID, in ms; a stop or delete takes effect within it. */
export const DEVICE_DIRECTORY_TTL_MS = 5000;
/** Scenes of a device type and the device list tabs: cold-chain monitoring, smart cold storage, smart freezer (002 §2). */
export const DEVICE_SCENES = [1, 2, 3] as const;
export type DeviceScene = (typeof DEVICE_SCENES)[number];
/** expiredFlag of the expired-device list (000 §3): 1 expired, 2 expiring within 30 days, 3 within 7 days, 4 expired or expiring within 30 days. */
export const EXPIRING_SOON_DAYS = 30;
export const EXPIRING_VERY_SOON_DAYS = 7;
/** Expiry-info types (000 §3): 1 service expiry. */
export const EXPIRE_INFO_TYPES = [1] as const;

/** Maintenance records (002 §3): maintainer 50, approver 20, reason, content, standard and result 1000. */
export const MAINTAINER_MAX = 50;
export const APPROVER_MAX = 20;
export const MAINTAIN_TEXT_MAX = 1000;

/** Home dashboard tiles a user may keep, at least 5 (002 §2, §5, §9); the first six are the default. */
export const HOME_TILE_KEYS = [
  'deviceCount',
  'deviceMap',
  'alarmTrend',
  'recentAlarms',
  'onlineRate',
  'expiringDevices',
  'waybills',
  'assets',
  'projects',
  'energy',
] as const;
export type HomeTileKey = (typeof HOME_TILE_KEYS)[number];
export const HOME_TILES_MIN = 5;
export const HOME_TILES_DEFAULT: readonly HomeTileKey[] = HOME_TILE_KEYS.slice(0, 6);

/** Product catalogue (002 §3, §5). */
/** Device type name 2-50; typeCode hex of at most 6 digits and at least 0x8000; typeDesc at most 120. */
export const DEVICE_TYPE_NAME_MIN = 2;
export const DEVICE_TYPE_NAME_MAX = 50;
export const DEVICE_TYPE_CODE_DIGITS = 6;
export const DEVICE_TYPE_CODE_MIN = 0x8000;
export const DEVICE_TYPE_DESC_MAX = 120;
/** Device type status (002 §4): 0 to be tested, 1 testing, 2 published. */
export const DEVICE_TYPE_STATUSES = [0, 1, 2] as const;
export const DEVICE_TYPE_PUBLISHED = 2;
/** addType (002 §3): 0 unrestricted, 1 app only, 2 platform only. */
export const DEVICE_TYPE_ADD_TYPES = [0, 1, 2] as const;
export const DEVICE_TYPE_ADD_APP_ONLY = 1;
/** Model name 2-50, modelCode hex of at most 4 digits, modelType 30, modelDesc 200 (002 §3). */
export const MODEL_NAME_MIN = 2;
export const MODEL_NAME_MAX = 50;
export const MODEL_CODE_DIGITS = 4;
export const MODEL_TYPE_MAX = 30;
export const MODEL_DESC_MAX = 200;
/** Short model attributes (volume, temperature range, voltage, powers), at most 50; not given by the spec. */
export const MODEL_ATTRIBUTE_MAX = 50;
/** Parameter name at most 100 (002 §3 says 100 in one place, 40 in others). */
export const PARAM_NAME_MAX = 100;
/** paramKey hex of at most 4 digits, paramCode hex of at most 6 (002 §3). */
export const PARAM_KEY_DIGITS = 4;
export const PARAM_CODE_DIGITS = 6;
/** Transmission and display precision: 0-4 decimals (002 §5, §9). */
export const PRECISION_MAX = 4;
/** refParamExpression at most 100, group name at most 20 (002 §3). */
export const PARAM_EXPRESSION_MAX = 100;
export const PARAM_GROUP_NAME_MAX = 20;
/** Parameter description and regular expression at most 200, its tip at most 100; not given by the spec. */
export const PARAM_DESCRIPTION_MAX = 200;
export const PARAM_REGEXP_MAX = 200;
export const PARAM_REGEXP_TIP_MAX = 100;
/** Value texts ("value:text" pairs) and bit names of one parameter; not given by the spec. */
export const PARAM_VALUE_TEXTS_MAX = 32;
export const PARAM_VALUE_TEXT_MAX = 20;
/** vocationalWork (business type) 1 is a probe: only probes carry limits and can be combined (002 §5). */
export const PARAM_VOCATIONAL_PROBE = 1;
/** Combining needs at least two probe parameters (002 §5; one text says exactly two). */
export const PARAM_COMBINE_MIN = 2;
/** Unit name and code at most 30, formulas at most 100 characters in X (002 §3, §5). */
export const UNIT_NAME_MAX = 30;
export const UNIT_CODE_MAX = 30;
export const UNIT_FORMULA_MAX = 100;
/** Series name at most 50 (002 §3). */
export const SERIES_NAME_MAX = 50;
/** Device type JSON upload: at most 1 MB, one of the sizes of 002 §5. */
export const DEVICE_TYPE_IMPORT_MAX_BYTES = 1024 * 1024;
