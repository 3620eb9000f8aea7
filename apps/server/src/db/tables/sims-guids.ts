import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/** A SIM card of a platform's fleet (002 §3), bound to at most one device. */
export interface SimCardTable {
  id: Generated<number>;
  platformId: number;
  /** Digits, up to 30; unique per platform. */
  iccId: string;
  cardNum: string | null;
  operator: string | null;
  source: string | null;
  /** YYYY-MM-DD */
  openTime: string | null;
  activeTime: string | null;
  expiredTime: string | null;
  lastOnline: Iso | null;
  /** notActivated | active | suspended | cancelled */
  useState: string;
  /** notRecharged | recharged | rechargeFailed */
  rechargeState: string;
  /** cents */
  balance: number | null;
  plan: string | null;
  freeMonth: number | null;
  description: string | null;
  /** The device the card sits in; the device's iccId holds the same ICCID. */
  deviceId: number | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** One generation request of device GUIDs (002 §3 Device GUID export). */
export interface GuidBatchTable {
  id: Generated<number>;
  platformId: number;
  orderCode: string;
  num: number;
  deviceTypeId: number;
  /** regular | neutral */
  deviceTag: string;
  /** The platform whose domain the devices connect to. */
  domainId: number;
  exportCount: number;
  lastExportedAt: Iso | null;
  creatorId: number | null;
  creatorName: string | null;
  createdAt: Iso;
}

/** A generated GUID: unique everywhere; a device may be added with it unless it is locked. */
export interface DeviceGuidTable {
  id: Generated<number>;
  platformId: number;
  batchId: number;
  guid: string;
  usedFlag: Flag;
  lockedFlag: Flag;
  deviceId: number | null;
  usedAt: Iso | null;
  createdAt: Iso;
}

export interface SimsGuidsTables {
  simCard: SimCardTable;
  guidBatch: GuidBatchTable;
  deviceGuid: DeviceGuidTable;
}
