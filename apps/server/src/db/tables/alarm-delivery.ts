import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** Timestamps are ISO-8601 UTC strings on both dialects. */
type Iso = string;

/**
 * One notification to one recipient on one channel (migration 0013). Rows are written in the alarm
 * engine's transaction and sent by the delivery worker; dedupeKey makes a repeated enqueue a no-op.
 */
export interface NotificationOutboxTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  deviceId: number;
  alarmMessageId: number;
  level: number | null;
  /** level | reminder | cleared | offline | event | warning */
  kind: string;
  /** system | email | sms | voice | wechat */
  channel: string;
  recipientName: string;
  phone: string | null;
  email: string | null;
  subject: string;
  body: string;
  dedupeKey: string;
  /** pending | sending | sent | delivered | exhausted | failed */
  state: string;
  attempts: number;
  /** Null: due at once. */
  nextAttemptAt: Iso | null;
  /** While a worker holds the row; an expired lease means the worker died and the row is due again. */
  leaseUntil: Iso | null;
  claimToken: string | null;
  /** 1 once the device's SMS or voice count paid for this message (a retry never pays twice). */
  charged: Flag;
  provider: string | null;
  lastError: string | null;
  sentAt: Iso | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** Every delivery attempt on any channel, as the back office's push records page shows it. */
export interface PushRecordTable {
  id: Generated<number>;
  platformId: number;
  accountId: number | null;
  deviceId: number | null;
  /** sms | voice | email | wechat | webhook */
  channel: string;
  /** phone, e-mail address or URL */
  target: string;
  recipientName: string | null;
  subject: string | null;
  content: string;
  /** sent | failed | exhausted | refused | retrying */
  status: string;
  provider: string;
  outboxId: number | null;
  dataPushConfigId: number | null;
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  createdAt: Iso;
}

/** A webhook an operator configured: where an account's device data and alarms are pushed. */
export interface DataPushConfigTable {
  id: Generated<number>;
  platformId: number;
  /** The account whose devices' data is pushed. */
  accountId: number;
  configName: string;
  pushUrl: string;
  /** HMAC-SHA256 key of the signature header. */
  secret: string;
  /** Comma-separated: readings, alarms */
  pushTypes: string;
  enabled: Flag;
  /** 1: private, loopback and link-local addresses are allowed (an operator's decision). */
  allowPrivate: Flag;
  remark: string | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** One webhook request to send: its body is fixed when queued so every retry carries the same bytes. */
export interface DataPushDeliveryTable {
  id: Generated<number>;
  configId: number;
  platformId: number;
  accountId: number;
  deviceId: number | null;
  /** readings | alarm */
  eventType: string;
  /** Unique id sent as X-Coldchain-Delivery; receivers drop repeats. */
  eventId: string;
  /** JSON text */
  payload: string;
  /** pending | sending | sent | failed */
  state: string;
  attempts: number;
  nextAttemptAt: Iso | null;
  leaseUntil: Iso | null;
  claimToken: string | null;
  lastError: string | null;
  sentAt: Iso | null;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeliveryTables {
  notificationOutbox: NotificationOutboxTable;
  pushRecord: PushRecordTable;
  dataPushConfig: DataPushConfigTable;
  dataPushDelivery: DataPushDeliveryTable;
}
