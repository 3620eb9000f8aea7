import type { Generated } from 'kysely';

type Iso = string;

/** An organization of a platform: a tree through parentId (002 §3, §6). */
export interface OrganizationTable {
  id: Generated<number>;
  platformId: number;
  /** 2-50 characters */
  name: string;
  parentId: number | null;
  /** Only the creator may transfer the organization identity (002 §6). */
  creatorAccountId: number;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A member of an organization with the role held there and the permission template applied (002 §6). */
export interface OrganizationMemberTable {
  organizationId: number;
  accountId: number;
  roleId: number | null;
  /** A permission template (people area); null: the role alone decides. */
  permissionModelId: number | null;
  createdAt: Iso;
}

/**
 * An invitation to an organization (migration 0009): the member row exists only once the invitee
 * accepts. An unregistered invitee is matched by the phone or e-mail once registered.
 */
export interface OrganizationInvitationTable {
  id: Generated<number>;
  platformId: number;
  organizationId: number;
  inviterAccountId: number;
  /** phone | email | account */
  channel: string;
  /** The phone as given or the e-mail lower-cased; null when invited by account id. */
  contact: string | null;
  /** Known when the invitee had an account at invitation time. */
  inviteeAccountId: number | null;
  roleId: number | null;
  permissionModelId: number | null;
  /** pending | accepted | declined | cancelled */
  state: string;
  createdAt: Iso;
  respondedAt: Iso | null;
}

/** A project of an account: a named group of its devices (002 §3); devices point at it. */
export interface ProjectTable {
  id: Generated<number>;
  platformId: number;
  accountId: number;
  /** 2-20 characters */
  projectName: string;
  createdAt: Iso;
  updatedAt: Iso;
}

/** An asset (002 §3): a thing being kept cold, with at most five devices. */
export interface AssetTable {
  id: Generated<number>;
  platformId: number;
  /** The owner account. */
  accountId: number;
  organizationId: number | null;
  combName: string;
  combTypeName: string | null;
  /** Barcode: letters and digits. */
  combNum: string | null;
  brand: string | null;
  model: string | null;
  volume: string | null;
  description: string | null;
  /** JSON array of strings, paired by position with customValues. */
  customKeys: string;
  customValues: string;
  /** 1 enabled, 0 disabled */
  combState: number;
  image: string | null;
  createdAt: Iso;
  updatedAt: Iso;
}

/** A device bound to an asset; a device belongs to at most one asset. */
export interface AssetDeviceTable {
  assetId: number;
  deviceId: number;
  createdAt: Iso;
}

/** Organizations, members, projects and assets. */
export interface OrgTables {
  organization: OrganizationTable;
  organizationMember: OrganizationMemberTable;
  organizationInvitation: OrganizationInvitationTable;
  project: ProjectTable;
  asset: AssetTable;
  assetDevice: AssetDeviceTable;
}
