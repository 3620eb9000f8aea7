import type { Generated } from 'kysely';

/** 0/1 flags are stored as integers on both dialects. */
type Flag = number;
/** ISO-8601 UTC timestamps, as everywhere in the relational tables. */
type Iso = string;

/** A device's one trial claim (migration 0020): 2 months of service, kept for the back office. */
export interface DeviceTrialClaimTable {
  id: Generated<number>;
  platformId: number;
  deviceId: number;
  deviceGuid: string;
  /** The device's owner when claimed. */
  ownerAccountId: number;
  /** Who pressed claim (the owner or someone allowed to recharge the device). */
  claimedBy: number;
  months: number;
  serviceBefore: Iso;
  serviceAfter: Iso;
  createdAt: Iso;
}

/** A premium membership plan (migration 0020); fees in cents. platformId null: every platform sells it. */
export interface PremiumPlanTable {
  id: Generated<number>;
  platformId: number | null;
  planName: string;
  months: number;
  fee: number;
  originalFee: number;
  /** CNY | USD */
  currency: string;
  recommend: Generated<Flag>;
  sortNo: Generated<number>;
  /** 1 on sale, 0 stopped */
  status: Generated<Flag>;
  createdAt: Iso;
  updatedAt: Iso;
}

export interface DeviceServiceTables {
  deviceTrialClaim: DeviceTrialClaimTable;
  premiumPlan: PremiumPlanTable;
}
