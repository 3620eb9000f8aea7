import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/** A device's MQTT connection as the embedded broker saw it (migration 0023). */
export interface DeviceConnectionTable {
  deviceId: number;
  platformId: number;
  connected: Flag;
  connects: number;
  disconnects: number;
  lastConnectAt: Iso | null;
  lastDisconnectAt: Iso | null;
  /** clean | keepaliveTimeout | connectionLost | refused | serverClosed */
  lastDisconnectReason: string | null;
  lastAddress: string | null;
}

/** One connect, disconnect or refused login (the DTU network log), kept CONNECTION_EVENT_RETENTION_DAYS. */
export interface DeviceConnectionEventTable {
  id: Generated<number>;
  deviceId: number | null;
  platformId: number | null;
  deviceGuid: string;
  /** connect | disconnect | authFailure */
  kind: string;
  reason: string | null;
  address: string | null;
  at: Iso;
}

/** Readings stored per platform and minute, added to by every server node. */
export interface IngestMinuteTable {
  platformId: number;
  minute: string;
  readings: number;
}

/** A pattern image of a platform (/operation/pattern), its file under DATA_DIR/uploads/patterns. */
export interface PatternImageTable {
  id: Generated<number>;
  platformId: number;
  name: string;
  storageName: string;
  sizeBytes: number;
  createdBy: number | null;
  createdAt: Iso;
}

/** An operator's decision on an engineer's contractor status (002 §4: certified or uncertified). */
export interface ContractorCertificateTable {
  accountId: number;
  platformId: number;
  /** certified | uncertified */
  status: string;
  /** The company and contact certified; a later change of the account's own fields voids it. */
  company: string | null;
  contact: string | null;
  note: string | null;
  decidedBy: number | null;
  decidedAt: Iso;
}

export interface PlatformSystemTables {
  deviceConnection: DeviceConnectionTable;
  deviceConnectionEvent: DeviceConnectionEventTable;
  ingestMinute: IngestMinuteTable;
  patternImage: PatternImageTable;
  contractorCertificate: ContractorCertificateTable;
}
