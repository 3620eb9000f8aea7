import type { Generated } from 'kysely';

type Iso = string;

// ---- permission templates, sharing and transfer (migration 0010)

/**
 * A permission template (002 §3): a name of up to 10 characters and, per parameter, block or button,
 * a visible and an operable flag. Items are stored as JSON text: [{ permissionCode, kind, viewStatus,
 * setStatus }] with statuses 1, 0 or -1 (002 §9).
 */
export interface PermissionModelTable {
  id: Generated<number>;
  platformId: number;
  /** The account that made the template and applies it to its shares and organization members. */
  accountId: number;
  name: string;
  /** The device type whose parameters the template lists; null: blocks and buttons only. */
  deviceTypeId: number | null;
  items: string;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A device shared with another account: pending until the other party accepts (002 §4). */
export interface DeviceShareTable {
  id: Generated<number>;
  deviceId: number;
  ownerAccountId: number;
  /** Null while a share to a phone or e-mail waits for someone to register with it (migration 0015). */
  accountId: number | null;
  permissionModelId: number | null;
  /** pending, accepted, refused or cancelled */
  state: string;
  /** The share ends at this time (share links, 002 §9); null: until cancelled. */
  expiresAt: Iso | null;
  linkId: number | null;
  createdAt: Iso;
  respondedAt: Iso | null;
  /** phone or email: the share was addressed to this contact rather than to an account. */
  contactChannel: string | null;
  /** The phone as given or the e-mail lower-cased, as accounts store them. */
  contact: string | null;
  /** The name the sharer gave the recipient (2-20 characters). */
  sharerName: string | null;
}

/** A share link: whoever signs in and opens it before it expires receives the devices. */
export interface DeviceShareLinkTable {
  id: Generated<number>;
  platformId: number;
  ownerAccountId: number;
  /** sha256 of the token the link carries; the token itself is never stored. */
  tokenHash: string;
  /** JSON array of device ids */
  deviceIds: string;
  permissionModelId: number | null;
  /** 8h, 1d, 3d, 7d or custom (002 §9) */
  validity: string;
  expiresAt: Iso;
  revokedAt: Iso | null;
  createdAt: Iso;
}

/** A device offered to another account; ownership moves when the recipient accepts (002 §4). */
export interface DeviceTransferTable {
  id: Generated<number>;
  deviceId: number;
  fromAccountId: number;
  toAccountId: number;
  /** pending, accepted, refused or cancelled */
  state: string;
  createdAt: Iso;
  respondedAt: Iso | null;
}

// ---- users, roles and the download centre (migration 0011)

/**
 * A file of the download centre (002 §4: generating, then generated): made in the background by the
 * node that accepted the request, kept under DATA_DIR/downloads, readable by its owner only.
 */
export interface DownloadFileTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  /** devices | users */
  kind: string;
  fileName: string;
  /** The list condition the file was made from, JSON text. */
  condition: string;
  /** generating | generated | failed */
  state: string;
  /** 0-100 while generating */
  progress: number;
  rowCount: number | null;
  sizeBytes: number | null;
  /** Random name of the file under DATA_DIR/downloads; null until generated. */
  storageName: string | null;
  createdAt: Iso;
  finishedAt: Iso | null;
}

/** Permission templates, sharing, transfer, user administration and the download centre. */
export interface PeopleTables {
  permissionModel: PermissionModelTable;
  deviceShare: DeviceShareTable;
  deviceShareLink: DeviceShareLinkTable;
  deviceTransfer: DeviceTransferTable;
  downloadFile: DownloadFileTable;
}
