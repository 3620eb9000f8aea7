import type { ColumnType, Generated } from 'kysely';
import type { DeliveryTables } from './alarm-delivery.ts';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** Timestamps are ISO-8601 UTC strings on both dialects. */
type Iso = string;
/** Device time in ms; bigint on PostgreSQL, which pg returns as a string. */
type Millis = ColumnType<number | string, number, number>;

/** Columns migration 0008 adds to alarm_message (its base columns are in database.ts). */
export interface AlarmMessageColumns {
  /** high | low | offline | door | power | fault | rule | warning | system */
  cause: string | null;
  level: number | null;
  probeId: number | null;
  channel: number | null;
  channelKind: string | null;
  value: number | null;
  limitValue: number | null;
  /** device time the excursion began and ended */
  startTime: Iso | null;
  endTime: Iso | null;
  /** approved | rejected | postponed | agreed | refused */
  treatment: string | null;
  reason: string | null;
  result: string | null;
  handledById: number | null;
  handledBy: string | null;
  handledAt: Iso | null;
  ruleId: number | null;
  faultCode: string | null;
  faultMeaning: string | null;
  repairGuidance: string | null;
  /** Text of a system message (alarm messages are rendered from templates when read). */
  content: string | null;
  /** The engine condition (e.g. limit:101) and the device time its excursion began: one record each. */
  stateKey: string | null;
  excursionTs: Millis | null;
  /** A clearedAlarm message's alarm record. */
  recordId: number | null;
  /** The highest level whose notifications were enqueued. */
  notifiedLevel: number | null;
  updatedAt: Iso | null;
}

interface RuleColumns {
  id: Generated<number>;
  ruleName: string;
  content: string | null;
  channelKind: string;
  deviceTypeId: number | null;
  comparator: string;
  value: number;
  targetType: string;
  targetParam: string | null;
  activeDefault: Flag;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface AlarmRuleTable extends RuleColumns {
  alarmLevel: number;
  alarmTemplateId: number | null;
  faultCode: string | null;
  faultMeaning: string | null;
  repairGuidance: string | null;
}

export interface WarnRuleTable extends RuleColumns {
  warnLevel: number;
  warnTemplateId: number | null;
}

export interface MessageTemplateTable {
  id: Generated<number>;
  msgName: string;
  /** the notification kind it renders (level, reminder, cleared, offline, event, warning) */
  type: string;
  subtype: string | null;
  localeCode: string;
  systemContent: string;
  emailSubject: string | null;
  emailContent: string | null;
  smsContent: string | null;
  wechatContent: string | null;
  voiceContent: string | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DevicePushConfigTable {
  deviceId: number;
  alarmEnabled: Flag;
  /** JSON: [{ level, delayMinutes }] */
  levels: string;
  /** JSON: [{ name, phone, email, localeCode, levels: [{ level, channels }] }] */
  recipients: string;
  offlineTimeoutMinutes: number | null;
  repeatIntervalMinutes: number | null;
  warningEnabled: Flag;
  updatedAt: Iso;
}

/** The engine's durable state of one condition of one device (restart neither re-raises nor forgets). */
export interface AlarmStateTable {
  deviceId: number;
  stateKey: string;
  /** latest device time evaluated */
  lastTs: Millis | null;
  /** device time the open excursion began; null when in range */
  sinceTs: Millis | null;
  cause: string | null;
  /** highest level the open excursion reached (0: none yet) */
  level: number;
  peak: number | null;
  limitValue: number | null;
  /** the alarm record of the open excursion, once a level fired */
  messageId: number | null;
  remindersSent: number;
  nextReminderAt: Iso | null;
  updatedAt: Iso;
}

/** Alarm rules, templates, push configuration, alarm records, outbox and data push. */
export interface AlarmTables extends DeliveryTables {
  alarmRule: AlarmRuleTable;
  warnRule: WarnRuleTable;
  messageTemplate: MessageTemplateTable;
  devicePushConfig: DevicePushConfigTable;
  alarmState: AlarmStateTable;
}
