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

/*
 * Login abuse. Failed logins (wrong password or code) are counted per source address, per attempted
 * name (whether an account has it or not) and per (name, address) pair; a captcha, a growing delay
 * and a lock of the pair follow from those counts. Answers never depend on whether the name exists.
 */
/** A failure count is forgotten this long (ms) after its last failure. */
export const LOGIN_FAILURE_MEMORY_MS = 60 * 60_000;
/** Failures against one name, from any address, after which logging in to it needs a captcha. */
export const LOGIN_NAME_FAILURES_BEFORE_CAPTCHA = 3;
/** Failures from one address, whatever the names, after which its logins need a captcha. */
export const LOGIN_ADDRESS_FAILURES_BEFORE_CAPTCHA = 10;
/** Failures against one name after which each further attempt waits a delay (from any address). */
export const LOGIN_NAME_FAILURES_BEFORE_DELAY = 10;
/** Failures from one address after which each further attempt from it waits a delay. */
export const LOGIN_ADDRESS_FAILURES_BEFORE_DELAY = 20;
/** The first delay (ms); it doubles with every further failure. */
export const LOGIN_DELAY_BASE_MS = 1_000;
/** The longest delay against one name (ms): its owner waits it too, so it stays short. */
export const LOGIN_NAME_DELAY_MAX_MS = 60_000;
/** The longest delay for one address (ms). */
export const LOGIN_ADDRESS_DELAY_MAX_MS = 15 * 60_000;
/** Failures of one (name, address) pair that lock only that pair, for LOGIN_PAIR_LOCK_MS after the last. */
export const LOGIN_PAIR_FAILURES_BEFORE_LOCK = 5;
export const LOGIN_PAIR_LOCK_MS = 15 * 60_000;
/** The owner is alerted at most once in this time (ms) when its pair locks or failures pile up. */
export const LOGIN_ALERT_INTERVAL_MS = LOGIN_PAIR_LOCK_MS;
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
/** Public quick queries and waybill look-ups per client address per minute (default of RATE_LIMIT_PUBLIC_PER_MINUTE). */
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

/** Waybills, waybill templates, track templates and geofences (002 §3, §4, §5, §9). */
/** Waybill text lengths in characters (002 §3): order number, goods, cooler code, people, companies. */
export const WAYBILL_ORDER_NUM_MAX = 20;
export const WAYBILL_GOODS_NAME_MAX = 20;
/** Express numbers: at most 100 characters in all, comma separated (002 §3). */
export const WAYBILL_EXPRESS_NUMBER_MAX = 100;
export const WAYBILL_COOLER_CODE_MAX = 20;
export const WAYBILL_PERSON_NAME_MAX = 20;
export const WAYBILL_COMPANY_MAX = 20;
/** Addresses: not given by the spec, 100 like other address-like fields. */
export const WAYBILL_ADDRESS_MAX = 100;
/** Alarm contacts per waybill (name at most 20, 002 §3); the count is not given by the spec. */
export const WAYBILL_CONTACTS_MAX = 5;
export const WAYBILL_CONTACT_NAME_MAX = 20;
/** Start delay in minutes after the start (0 to 24 h); the spec names the field only. */
export const WAYBILL_START_DELAY_MAX_MIN = 1440;
/** Temperature limits accepted on a waybill, °C (the widest range a logger reports). */
export const WAYBILL_TEMPERATURE_MIN = -200;
export const WAYBILL_TEMPERATURE_MAX = 200;
/** Humidity limits, %RH. */
export const WAYBILL_HUMIDITY_MIN = 0;
export const WAYBILL_HUMIDITY_MAX = 100;
/** Waybill state (002 §4): 0 not started, 1 in progress, 2 ended, 3 received. */
export const WAYBILL_STATES = [0, 1, 2, 3] as const;
export const WAYBILL_STATE_NOT_STARTED = 0;
export const WAYBILL_STATE_IN_PROGRESS = 1;
export const WAYBILL_STATE_ENDED = 2;
export const WAYBILL_STATE_RECEIVED = 3;
/** How a waybill starts or stops (002 §4): by hand, at its planned time, or on a geofence crossing. */
export const WAYBILL_TRIGGERS = ['manual', 'timed', 'geofence'] as const;
/** Which crossing of a geofence triggers: entering or leaving any of its areas. */
export const WAYBILL_FENCE_EVENTS = ['enter', 'leave'] as const;
/** Air mode start way (002 §3): at a time or on a geofence crossing. */
export const WAYBILL_AIR_START_WAYS = ['timed', 'geofence'] as const;
/** State changes a caller may ask for (POST /device/DeviceWaybillInfo/changeState). */
export const WAYBILL_ACTIONS = ['start', 'stop', 'receive'] as const;
/** Waybill template name at most 32 (002 §3, §5); track template name at most 10 (002 §3). */
export const WAYBILL_TEMPLATE_NAME_MAX = 32;
export const TRACK_TEMPLATE_NAME_MAX = 10;
/** Points of a saved route (track template); not given by the spec. */
export const TRACK_TEMPLATE_POINTS_MAX = 500;
/** Geofence name at most 20, at most 10 areas (002 §3, §5, §9). */
export const GEOFENCE_NAME_MAX = 20;
export const GEOFENCE_AREAS_MAX = 10;
/** Circle radius in metres: 10 m to 1,000 km (the spec requires a radius, range not given). */
export const GEOFENCE_RADIUS_MIN_M = 10;
export const GEOFENCE_RADIUS_MAX_M = 1_000_000;
/** Polygon corners: at least 3; at most 100 (not given by the spec). */
export const GEOFENCE_POLYGON_POINTS_MIN = 3;
export const GEOFENCE_POLYGON_POINTS_MAX = 100;
/** Geofence area shapes. */
export const GEOFENCE_SHAPES = ['circle', 'polygon'] as const;
/** Share link validity (002 §9): 8 hours, 1 day, 3 days, 7 days or custom (at most 90 days here). */
export const WAYBILL_SHARE_VALIDITIES = ['8h', '1d', '3d', '7d', 'custom'] as const;
export const WAYBILL_SHARE_VALIDITY_MS = {
  '8h': 28_800_000,
  '1d': 86_400_000,
  '3d': 259_200_000,
  '7d': 604_800_000,
} as const;
export const WAYBILL_SHARE_CUSTOM_MAX_MS = 7_776_000_000;
/** Waybills a public look-up answers at most. */
export const WAYBILL_PUBLIC_LIST_MAX = 20;
/** Period of the sweep that starts and stops timed waybills and raises receive alarms, ms. */
export const WAYBILL_SWEEP_INTERVAL_MS = 30_000;
/** Positions of one track answer at most (downsampled evenly beyond it). */
export const WAYBILL_TRACK_POINTS_MAX = 5_000;
/** Waybills ids in one delete call. */
export const WAYBILL_BATCH_MAX = 100;

/** Alarms, warnings, message templates and the message centre (002 §3, §4, §5, §9; issue 5). */
/** Alarm and warning rule name at most 100 characters (002 §3). */
export const ALARM_RULE_NAME_MAX = 100;
/** Rule content (description) at most 200 characters; not given by the spec. */
export const ALARM_RULE_CONTENT_MAX = 200;
/** Fault code at most 20, fault meaning at most 200, repair guidance at most 500 characters; not given. */
export const ALARM_FAULT_CODE_MAX = 20;
export const ALARM_FAULT_MEANING_MAX = 200;
export const ALARM_REPAIR_GUIDANCE_MAX = 500;
/** Alarm levels: at most 3, each with a required delay, strictly increasing by level (002 §5, §9). */
export const ALARM_LEVELS_MAX = 3;
/** Longest level delay, in minutes (one day); not given by the spec. */
export const ALARM_DELAY_MAX_MINUTES = 1_440;
/** Message template name at most 20 characters (002 §3). */
export const MESSAGE_TEMPLATE_NAME_MAX = 20;
/** Template subtype at most 20, e-mail subject at most 100, each channel body at most 1,000 characters; not given. */
export const MESSAGE_TEMPLATE_SUBTYPE_MAX = 20;
export const MESSAGE_TEMPLATE_SUBJECT_MAX = 100;
export const MESSAGE_TEMPLATE_BODY_MAX = 1_000;
/** Alarm recipient name 1-50 characters (002 §5). */
export const ALARM_RECIPIENT_NAME_MIN = 1;
export const ALARM_RECIPIENT_NAME_MAX = 50;
/** Recipients of one device at most 20; not given by the spec. */
export const ALARM_RECIPIENTS_MAX = 20;
/** Offline timeout in minutes, 1 minute to 7 days; not given by the spec. */
export const ALARM_OFFLINE_TIMEOUT_MIN_MINUTES = 1;
export const ALARM_OFFLINE_TIMEOUT_MAX_MINUTES = 10_080;
/** Repeat reminder interval in minutes, 1 minute to 1 day (null: no reminders); not given by the spec. */
export const ALARM_REPEAT_MIN_MINUTES = 1;
export const ALARM_REPEAT_MAX_MINUTES = 1_440;
/** Alarm handling result at most 50 characters (002 §5). */
export const ALARM_RESULT_MAX = 50;
/** Alarm messages handled in one call at most. */
export const ALARM_HANDLE_BATCH_MAX = 100;
/** How often the engine looks for silent devices, in ms (an offline alarm fires at most this late). */
export const ALARM_OFFLINE_SWEEP_MS = 1_000;
/** Reminders of one excursion at most; a forgotten alarm must not ring forever. Not given by the spec. */
export const ALARM_REMINDERS_MAX = 48;

// ---- Organizations, projects and assets (002 §3, §5, §9)
/** Organization name 2-50 characters (002 §3, §5). */
export const ORGANIZATION_NAME_MIN = 2;
export const ORGANIZATION_NAME_MAX = 50;
/** Levels of the organization tree at most (a root and four below it); not given by the spec. */
export const ORGANIZATION_DEPTH_MAX = 5;
/** Project name 2-20 characters (002 §3, §5). */
export const PROJECT_NAME_MIN = 2;
export const PROJECT_NAME_MAX = 20;
/** Devices bound or unbound in one call at most; not given by the spec. */
export const ORG_DEVICE_BATCH_MAX = 100;
/** Asset field lengths in characters (002 §3); combTypeName's is not given, 50 like its neighbours. */
export const ASSET_NAME_MAX = 100;
export const ASSET_TYPE_NAME_MAX = 50;
export const ASSET_NUM_MAX = 50;
export const ASSET_BRAND_MAX = 50;
export const ASSET_MODEL_MAX = 50;
export const ASSET_VOLUME_MAX = 50;
export const ASSET_DESC_MAX = 200;
/** An asset binds at most 5 devices (002 §5, §9). */
export const ASSET_DEVICES_MAX = 5;
/** Custom key/value pairs of an asset at most 10, keys at most 20 and values at most 50 characters; not given. */
export const ASSET_CUSTOM_MAX = 10;
export const ASSET_CUSTOM_KEY_MAX = 20;
export const ASSET_CUSTOM_VALUE_MAX = 50;
/** Asset image upload size limit in bytes: 2 MB, the avatar's limit (002 §5). */
export const ASSET_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Asset state combState: 1 enabled, 0 disabled (002 §4). */
export const ASSET_STATE_ENABLED = 1;
export const ASSET_STATE_DISABLED = 0;

// ---- users, roles and the download centre (people area)
/** Role name at most 20 characters (002 §3). */
export const ROLE_NAME_MAX = 20;
/** Role description at most 20 characters (002 §3). */
export const ROLE_DESCRIPTION_MAX = 20;
/** Rows of one user export at most; not given by the spec (a larger list is narrowed first). */
export const USER_EXPORT_MAX_ROWS = 50_000;
/** Entries a picker list (`/base/BaseAccount/get/list`) answers at most; not given by the spec. */
export const USER_PICK_LIST_MAX = 50;
/** Download-centre files: kinds and states (002 §4: generating, generated). */
export const DOWNLOAD_KINDS = ['devices', 'users'] as const;
export const DOWNLOAD_STATES = ['generating', 'generated', 'failed'] as const;
/** A file still "generating" after this many ms lost its node and is shown as failed; not given by the spec. */
export const DOWNLOAD_STALE_MS = 15 * 60_000;
/** The download centre refreshes its list this often while a file is generating, in ms; not given by the spec. */
export const DOWNLOAD_REFRESH_MS = 2_000;

// ---- notification delivery and data push (alarm area, issue 5)
/** Data push configuration name at most 50 characters; not given by the spec. */
export const DATA_PUSH_NAME_MAX = 50;
/** Webhook URL at most 500 characters; not given by the spec. */
export const DATA_PUSH_URL_MAX = 500;
/** Signing secret 16 to 100 printable characters (HMAC-SHA256 key); not given by the spec. */
export const DATA_PUSH_SECRET_MIN = 16;
export const DATA_PUSH_SECRET_MAX = 100;
/** Remark at most 120 characters, like the device remark (002 §3). */
export const DATA_PUSH_REMARK_MAX = 120;
/** A webhook receiver must answer within this many ms or the attempt fails; not given by the spec. */
export const DATA_PUSH_TIMEOUT_MS = 10_000;
/**
 * Wait before each retry of a failed delivery, in ms (e-mail, carrier and webhook alike): 10 s,
 * 30 s, 2 min, 10 min, 30 min, 1 h, 2 h; after the last one the delivery is given up. Not given by the spec.
 */
export const DELIVERY_RETRY_DELAYS_MS = [
  10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000,
] as const;
/**
 * A worker that claimed a delivery and went silent this long is presumed dead and the row is due
 * again; longer than any one attempt may take (SMTP and webhook timeouts stay below it).
 */
export const DELIVERY_LEASE_MS = 30_000;

// ---- permission templates, sharing and transfer (people area)
/** Permission template name at most 10 characters (002 §3, §5). */
export const PERMISSION_MODEL_NAME_MAX = 10;
/** Items of one permission template at most; not given by the spec (parameters of a type plus blocks and buttons). */
export const PERMISSION_MODEL_ITEMS_MAX = 300;
/** Device permission setStatus and viewStatus values: 1 yes, 0 no, -1 not applicable (002 §9, 000 §3). */
export const PERMISSION_STATUSES = [1, 0, -1] as const;
/** Share link validity choices (002 §9): 8 hours, 1 day, 3 days, 7 days or a custom time. */
export const SHARE_VALIDITIES = ['8h', '1d', '3d', '7d', 'custom'] as const;
/** Length of each fixed share validity in ms (002 §9). */
export const SHARE_VALIDITY_MS = {
  '8h': 8 * 3_600_000,
  '1d': 24 * 3_600_000,
  '3d': 3 * 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
} as const;
/** A custom share validity ends at most this many days ahead; not given by the spec. */
export const SHARE_CUSTOM_MAX_DAYS = 365;
/** Devices in one batch share or batch transfer at most; not given by the spec. */
export const SHARE_BATCH_MAX = 200;
/** States of a share or transfer request (002 §4: waits for the other party's acceptance). */
export const REQUEST_STATES = ['pending', 'accepted', 'refused', 'cancelled'] as const;
