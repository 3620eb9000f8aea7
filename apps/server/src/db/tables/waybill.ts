import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/**
 * A waybill (002 §3, §4): a shipment tracked by one device between its start and its stop. Planned
 * times are what the user set; startedAt/stoppedAt/receivedAt are what happened.
 */
export interface WaybillTable {
  id: Generated<number>;
  platformId: number;
  /** The account that created it and sees it. */
  accountId: number;
  /** Opaque random key for public pages and the report's QR code (never the numeric id). */
  waybillPk: string;
  orderNum: string;
  goodsName: string | null;
  /** Comma separated, normalised "a,b". */
  expressNumber: string | null;
  coolerCode: string | null;
  deviceId: number;
  /** seconds */
  recordInterval: number;
  uploadInterval: number;
  alarmRecordInterval: number | null;
  alarmUploadInterval: number | null;
  timeZone: string;
  upperLimit: number;
  lowerLimit: number;
  warnUpperLimit: number | null;
  warnLowerLimit: number | null;
  humidityUpperLimit: number | null;
  humidityLowerLimit: number | null;
  /** manual | timed | geofence */
  startTrigger: string;
  stopTrigger: string;
  startTime: Iso | null;
  endTime: Iso | null;
  startFenceId: number | null;
  /** enter | leave */
  startFenceEvent: string;
  stopFenceId: number | null;
  stopFenceEvent: string;
  airFlag: Flag;
  /** timed | geofence */
  airStartWay: string | null;
  airStartTime: Iso | null;
  airStopTime: Iso | null;
  fenceModelId: number | null;
  devicePower: Flag;
  deliveryMan: string | null;
  deliveryPhone: string | null;
  deliveryCompany: string | null;
  deliveryAddress: string | null;
  receiverMan: string | null;
  receiverPhone: string | null;
  receiverCompany: string | null;
  receiverAddress: string | null;
  /** JSON array of {name, phone, email}. */
  contacts: string;
  /** minutes */
  startDelay: number;
  expectedReceiveTime: Iso | null;
  receiveAlarm: Flag;
  receiveAlarmAt: Iso | null;
  trackTemplateId: number | null;
  /** 0 not started, 1 in progress, 2 ended, 3 received */
  waybillState: number;
  startedAt: Iso | null;
  stoppedAt: Iso | null;
  receivedAt: Iso | null;
  /** manual | timed | geofence | device | receiver */
  startedBy: string | null;
  stoppedBy: string | null;
  receivedBy: string | null;
  startCommandId: number | null;
  /**
   * Whether the device was last seen inside the start/stop geofence (JSON {"<fenceId>": true}), so a
   * crossing is detected as a change between two positions.
   */
  fenceState: string;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A share link of a waybill: only the SHA-256 of the token is stored. */
export interface WaybillShareTable {
  id: Generated<number>;
  waybillId: number;
  tokenHash: string;
  accountId: number;
  expiresAt: Iso;
  createdAt: Iso;
}

/** A waybill template (002 §3, name up to 32): a subset of waybill fields as JSON. */
export interface WaybillTemplateTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  modelName: string;
  content: string;
  createdAt: Iso;
}

/** A device track template (002 §3, name up to 10): a saved route as JSON [{lat, lon}]. */
export interface TrackTemplateTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  name: string;
  points: string;
  createdAt: Iso;
}

/** A geofence (002 §3): a name and up to 10 areas as JSON (circles and polygons). */
export interface GeofenceTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  name: string;
  areas: string;
  createdAt: Iso;
  updatedAt: Iso;
}

/** Waybills, waybill templates, track templates and geofences. */
export interface WaybillTables {
  waybill: WaybillTable;
  waybillShare: WaybillShareTable;
  waybillTemplate: WaybillTemplateTable;
  trackTemplate: TrackTemplateTable;
  geofence: GeofenceTable;
}
