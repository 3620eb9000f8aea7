import type { Generated } from 'kysely';

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
  failedLoginCount: number;
  lockedUntil: Iso | null;
  deletedFlag: Flag;
  createdAt: Iso;
  updatedAt: Iso;
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
}

export interface Database {
  platform: PlatformTable;
  account: AccountTable;
  userProfile: UserProfileTable;
  session: SessionTable;
  role: RoleTable;
  rolePermission: RolePermissionTable;
  verificationCode: VerificationCodeTable;
  captcha: CaptchaTable;
  accountIdentity: AccountIdentityTable;
  operationLog: OperationLogTable;
  auditHead: AuditHeadTable;
  smsMessage: SmsMessageTable;
}
