import type { ColumnType, Generated } from 'kysely';
import type { AlarmMessageColumns, AlarmTables } from './tables/alarm.ts';
import type { DeviceServiceTables } from './tables/device-service.ts';
import type { FirmwareTables } from './tables/firmware.ts';
import type { InvoiceTables } from './tables/invoices.ts';
import type { OrgTables } from './tables/org.ts';
import type { PaymentTables } from './tables/payments.ts';
import type { PeopleTables } from './tables/people.ts';
import type { PlatformSystemTables } from './tables/platform-system.ts';
import type { ServicePackageTables } from './tables/service-packages.ts';
import type { SimsGuidsTables } from './tables/sims-guids.ts';
import type { WaybillTables } from './tables/waybill.ts';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** Timestamps are ISO-8601 UTC strings on both dialects (sortable, no driver conversions). */
type Iso = string;

export interface PlatformTable {
  id: Generated<number>;
  topDomain: string;
  viewDomain: string | null;
  title: string;
  enableHttps: Flag;
  loginHtm: string | null;
  themeColor: string;
  styleModel: number;
  enableRegister: Flag;
  useLogo: Flag;
  browserLogo: string | null;
  indexLogo: string | null;
  loginLogo: string | null;
  backGroundLogo: string | null;
  recordCompany: string | null;
  recordNumber: string | null;
  recordConnection: string | null;
  policeFiling: string | null;
  policeConnection: string | null;
  description: string | null;
  customMade: Flag;
  defaultCamp: Flag;
  passwordPolicy: string;
  isDefault: Flag;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface AccountTable {
  id: Generated<number>;
  platformId: number;
  userName: string;
  passwordHash: string;
  phone: string | null;
  email: string | null;
  countryCode: string | null;
  realName: string | null;
  companyName: string | null;
  /** 1 personal, 2 enterprise */
  accountType: number;
  roleCode: string;
  foreignFlag: Flag;
  accountPhoto: string | null;
  timeZone: string;
  temperatureUnit: string;
  contractorCompany: string | null;
  contractorContact: string | null;
  premiumExpiresAt: Iso | null;
  deletedFlag: Flag;
  createdAt: Iso;
  updatedAt: Iso;
  /** The enterprise account this one is a sub-user of (migration 0011); null: a top-level account. */
  parentAccountId: number | null;
}

export interface UserProfileTable {
  accountId: number;
  identity: string | null;
  industry: string | null;
  alarmToneStatus: Flag;
  homePage: string | null;
  walletStatus: Flag;
  enableProtect: Flag;
  enableFda: Flag;
  updatedAt: Iso;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  accountId: number;
  createdAt: Iso;
  expiresAt: Iso;
  lastSeenAt: Iso;
  revokedAt: Iso | null;
  /** logout | idle | replaced | password | admin */
  revokedReason: string | null;
  sourceIp: string | null;
  userAgent: string | null;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  roleName: string;
  /** system | custom */
  roleType: string;
  description: string | null;
  platformId: number | null;
  createdAt: Iso;
  /** The enterprise account a user-defined console role belongs to (migration 0011); null: a platform role. */
  ownerAccountId: number | null;
}

export interface RolePermissionTable {
  roleId: number;
  permissionKey: string;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  /** phone | email */
  channel: string;
  target: string;
  purpose: string;
  codeHash: string;
  attempts: number;
  expiresAt: Iso;
  usedAt: Iso | null;
  sourceIp: string | null;
  createdAt: Iso;
}

/** An external identity (third-party login) linked to an account. */
export interface AccountIdentityTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  /** wechat | qq | facebook */
  provider: string;
  /** The provider's stable id of the person (open id, user id). */
  subject: string;
  createdAt: Iso;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expiresAt: Iso;
  usedAt: Iso | null;
}

/** Failed logins of one address (loginName ''), one name (address '') or one pair (migration 0016). */
export interface LoginFailureTable {
  id: Generated<number>;
  platformId: number;
  loginName: string;
  address: string;
  failures: number;
  lastFailureAt: Iso;
  /** When the owner of the name was last alerted (name rows only). */
  alertedAt: Iso | null;
}

export interface OperationLogTable {
  id: Generated<number>;
  /** Position in the hash chain, contiguous from 1. */
  seq: number;
  platformId: number | null;
  accountId: number | null;
  accountName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValue: string | null;
  newValue: string | null;
  sourceIp: string | null;
  createdAt: Iso;
  prevHash: string;
  hash: string;
}

/** One row: the newest seq and hash, so deleting the tail of the chain is detected too. */
export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

export interface SmsMessageTable {
  id: Generated<number>;
  provider: string;
  phone: string;
  content: string;
  /** sent | failed */
  status: string;
  createdAt: Iso;
  /** sms | voice | wechat (migration 0013) */
  channel: Generated<string>;
  /** The sender's key: a carrier accepts one message per key (migration 0013). */
  idempotencyKey: string | null;
}

/** A notice shown once per sign-in in the console's notice modal (000 §2.11). */
export interface NoticeTable {
  id: Generated<number>;
  platformId: number;
  noticeContent: string;
  /** 1 the mainland edition, 0 the overseas edition */
  noticeCamp: number;
  /** 1 the web console */
  noticePlatform: number;
  /** 1 a system notice */
  noticeType: number;
  active: Flag;
  createdAt: Iso;
  updatedAt: Iso;
}

/** An account that ticked "do not remind me" on a notice. */
export interface NoticeDismissalTable {
  accountId: number;
  noticeId: number;
  createdAt: Iso;
}

/** An alarm message addressed to an account; the header badge counts them (000 §4). */
export interface AlarmMessageTable extends AlarmMessageColumns {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  deviceId: number | null;
  messageType: string;
  /** untreated | treated | cleared */
  state: string;
  /** 1 until the account has seen it */
  newFlag: Flag;
  createdAt: Iso;
}

export interface DeviceSeriesTable {
  id: Generated<number>;
  seriesName: string;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface BaseUnitTable {
  id: Generated<number>;
  unitName: string;
  unitCode: string;
  unitClassify: string;
  localeCode: string | null;
  basicUnitStatus: Flag;
  unitPic: string | null;
  alarmPic: string | null;
  /** Formula in X turning a value of this unit into the basic unit of its classification. */
  toBasicFormula: string | null;
  /** Formula in X turning a basic-unit value into this unit (the spec's "formBasciFormula"). */
  formBasicFormula: string | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceTypeTable {
  id: Generated<number>;
  typeName: string;
  /** Upper-case hex, at least 8000. */
  typeCode: string;
  typeSeries: number | null;
  mapMode: number;
  connectType: number;
  /** 0 to be tested, 1 testing, 2 published */
  typeStatus: number;
  /** 1 while pushed to users (pushed types may be added by users) */
  pushStatus: Flag;
  energyStatus: Flag;
  energyParamId: number | null;
  /** 1 current, 2 kWh */
  energyType: number | null;
  phoneStatus: Flag;
  autoSms: Flag;
  autoEmail: Flag;
  batchParamStatus: Flag;
  onlineUpgradeStatus: Flag;
  waybillStatus: Flag;
  /** 0 no conversion, 1 convert units */
  convertStatus: number;
  netType: number;
  wifiType: number;
  nodeType: number;
  gatewayDataStatus: Flag;
  deviceImg: string | null;
  manualUrl: string | null;
  typeDesc: string | null;
  pushParamModified: Flag;
  /** Comma-separated scene ids, the first being the default. */
  typeScenes: string;
  /** 0 unrestricted, 1 app only, 2 platform only */
  addType: number;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceModelTable {
  id: Generated<number>;
  modelName: string;
  modelCode: string;
  deviceTypeId: number | null;
  modelType: string | null;
  modelPic: string | null;
  modelLogo: string | null;
  modelVolume: string | null;
  temperatureRange: string | null;
  modelVoltage: string | null;
  modelRefrigerationPower: string | null;
  modelDefrostPower: string | null;
  modelDesc: string | null;
  /** 1 enabled, 0 disabled */
  modelFlag: Flag;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceTypeParamTable {
  id: Generated<number>;
  deviceTypeId: number;
  paramClassify: number;
  paramType: number;
  paramName: string;
  paramKey: string;
  paramCode: string | null;
  paramSortNo: number;
  dataType: number;
  /** Business type; 1 is a probe (see PARAM_VOCATIONAL_PROBE). */
  vocationalWork: number;
  probeId: number | null;
  refParamId: number | null;
  /** "value:text,value:text" */
  valueRange: string | null;
  paramDefault: string | null;
  paramDefaultF: string | null;
  precisionUnit: number;
  viewPrecisionUnit: number | null;
  autoConvert: Flag;
  /** 0 fixed value, 1 another parameter */
  paramMinType: number;
  paramMaxType: number;
  paramMin: number | null;
  paramMax: number | null;
  paramMinRefId: number | null;
  paramMaxRefId: number | null;
  paramMinEqual: Flag;
  paramMaxEqual: Flag;
  stepLength: number | null;
  paramUnit: number | null;
  readWriteType: number;
  enforceSend: Flag;
  refParamExpression: string | null;
  bitLength: number | null;
  /** JSON array of {bit, name} */
  bitList: string | null;
  regExp: string | null;
  regExpTip: string | null;
  groupName: string | null;
  description: string | null;
  combineGroup: number | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceTable {
  id: Generated<number>;
  platformId: number;
  /** The owner account. */
  accountId: number;
  deviceGuid: string;
  deviceName: string;
  deviceDesc: string | null;
  deviceTypeId: number;
  deviceModelId: number | null;
  /** enabled | stopped | scrapped | notEnabled */
  useState: string;
  deletedFlag: Flag;
  /** online | offline | alarm | fault | closed | normal | overdue */
  status: string;
  lastSeenAt: Iso | null;
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  timeZone: string;
  /** seconds */
  recordInterval: number;
  /** seconds */
  uploadInterval: number;
  credentialRotation: Generated<number>;
  serviceExpiredDate: Iso;
  dataExpiredDate: Iso;
  upperLimit: number | null;
  lowerLimit: number | null;
  correctionValue: number | null;
  version: string | null;
  iccId: string | null;
  sensorCount: number | null;
  alarmDelay: number | null;
  countryCode: string | null;
  orderCode: string | null;
  serverLevel: Generated<number>;
  smsCount: Generated<number>;
  voiceCount: Generated<number>;
  creatorName: string | null;
  createdAt: Iso;
  updatedAt: Iso;
  /** 1: anyone with the device ID may see its recent data without logging in (migration 0006). */
  quickSearch: Generated<Flag>;
  /** The organization the device belongs to (migration 0007); null: the owner's own device. */
  organizationId: number | null;
  /** The project the device belongs to (migration 0009); null: none. */
  projectId: number | null;
}

export interface DeviceProbeSettingTable {
  deviceId: number;
  probeId: number;
  probeName: string | null;
  upperLimit: number;
  lowerLimit: number;
  correctionValue: number;
  updatedAt: Iso;
}

export interface DeviceCommandTable {
  id: Generated<number>;
  deviceId: number;
  commandType: string;
  /** JSON text */
  payload: string;
  /** pending | sent | acked | failed */
  state: string;
  createdAt: Iso;
  sentAt: Iso | null;
  ackedAt: Iso | null;
  result: string | null;
}

export interface DeviceMaintainRecordTable {
  id: Generated<number>;
  deviceId: number;
  reportDate: Iso;
  startTime: Iso;
  endTime: Iso;
  maintainer: string;
  approver: string | null;
  reason: string | null;
  content: string | null;
  standard: string | null;
  result: string | null;
  creatorId: number | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceExpireInfoTable {
  id: Generated<number>;
  accountId: number;
  /** 1 service expiry, 2 data retention expiry */
  type: number;
  pushMessages: Flag;
  updatedAt: Iso;
}

export interface DashboardTileTable {
  accountId: number;
  tileKey: string;
  sortNo: number;
}

/**
 * A device-time millisecond count: bigint on PostgreSQL, which pg hands back as a string (read it
 * through Number()), integer on SQLite.
 */
type Millis = ColumnType<number | string, number, number>;

/** One reading (migration 0004): channel = kindCode * 100 + probe (device-protocol.ts). */
export interface ReadingTable {
  deviceId: number;
  channel: number;
  ts: Millis;
  value: number;
}

/** A channel a device has reported. */
export interface DeviceChannelTable {
  deviceId: number;
  channel: number;
  kind: string;
  probeId: number;
  unit: string;
  createdAt: Iso;
}

/** A door, power or other event, unique per device, device time, type and probe. */
export interface DeviceEventTable {
  id: Generated<number>;
  deviceId: number;
  ts: Millis;
  type: string;
  state: string;
  probeId: number;
  receivedAt: Iso;
}

/** Refused payloads counted per device and reason (device-protocol.ts REJECT_REASONS). */
export interface IngestRejectTable {
  deviceId: number;
  reason: string;
  count: number;
  firstAt: Iso;
  lastAt: Iso;
  lastTopic: string;
  lastDetail: string;
}

export interface Database
  extends AlarmTables,
    DeviceServiceTables,
    FirmwareTables,
    InvoiceTables,
    OrgTables,
    PaymentTables,
    PeopleTables,
    PlatformSystemTables,
    ServicePackageTables,
    SimsGuidsTables,
    WaybillTables {
  platform: PlatformTable;
  account: AccountTable;
  userProfile: UserProfileTable;
  session: SessionTable;
  role: RoleTable;
  rolePermission: RolePermissionTable;
  verificationCode: VerificationCodeTable;
  captcha: CaptchaTable;
  loginFailure: LoginFailureTable;
  accountIdentity: AccountIdentityTable;
  operationLog: OperationLogTable;
  auditHead: AuditHeadTable;
  smsMessage: SmsMessageTable;
  notice: NoticeTable;
  noticeDismissal: NoticeDismissalTable;
  alarmMessage: AlarmMessageTable;
  deviceSeries: DeviceSeriesTable;
  baseUnit: BaseUnitTable;
  deviceType: DeviceTypeTable;
  deviceModel: DeviceModelTable;
  deviceTypeParam: DeviceTypeParamTable;
  device: DeviceTable;
  deviceProbeSetting: DeviceProbeSettingTable;
  deviceCommand: DeviceCommandTable;
  deviceMaintainRecord: DeviceMaintainRecordTable;
  deviceExpireInfo: DeviceExpireInfoTable;
  dashboardTile: DashboardTileTable;
  reading: ReadingTable;
  deviceChannel: DeviceChannelTable;
  deviceEvent: DeviceEventTable;
  ingestReject: IngestRejectTable;
}
