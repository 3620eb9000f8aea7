import { z } from 'zod';
import {
  ASSET_BRAND_MAX,
  ASSET_CUSTOM_KEY_MAX,
  ASSET_CUSTOM_MAX,
  ASSET_CUSTOM_VALUE_MAX,
  ASSET_DESC_MAX,
  ASSET_MODEL_MAX,
  ASSET_NAME_MAX,
  ASSET_NUM_MAX,
  ASSET_TYPE_NAME_MAX,
  ASSET_VOLUME_MAX,
  ORG_DEVICE_BATCH_MAX,
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_NAME_MIN,
  PROJECT_NAME_MAX,
  PROJECT_NAME_MIN,
} from '../constants.ts';
import { emailSchema, phoneSchema } from './account.ts';
import { pageRequestSchema } from './common.ts';

/**
 * Organizations, members and invitations, projects and assets (002 §3-§7). Messages of custom rules
 * are translation keys under `rules.`.
 */

const idSchema = z.number().int().positive();
const idsSchema = z.array(idSchema).min(1).max(ORG_DEVICE_BATCH_MAX);
const queryId = z.coerce.number().int().positive();

// ---- organizations

export const organizationNameSchema = z.string().trim().min(ORGANIZATION_NAME_MIN).max(ORGANIZATION_NAME_MAX);

export const organizationInsertSchema = z
  .object({ name: organizationNameSchema, parentId: idSchema.nullable().optional() })
  .strict();
export type OrganizationInsert = z.infer<typeof organizationInsertSchema>;

export const organizationUpdateSchema = z.object({ id: idSchema, name: organizationNameSchema }).strict();
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

/** PUT /base/BaseOrganization/transfer: the creator hands the organization identity to a member. */
export const organizationTransferSchema = z.object({ id: idSchema, accountId: idSchema }).strict();
export type OrganizationTransfer = z.infer<typeof organizationTransferSchema>;

export const organizationIdQuerySchema = z.object({ id: queryId });

/** The caller's role in an organization. */
export const orgRoleSchema = z.object({ roleId: z.number().int(), roleName: z.string(), code: z.string() });
export type OrgRole = z.infer<typeof orgRoleSchema>;

/** One node of the organization tree as /organization/list shows it. */
export interface OrganizationNode {
  id: number;
  name: string;
  parentId: number | null;
  creatorAccountId: number;
  creatorName: string;
  /** The caller created it. */
  isCreator: boolean;
  /** The caller may rename it, add sub-organizations, invite and remove members, bind devices. */
  canManage: boolean;
  myRole: OrgRole | null;
  memberCount: number;
  deviceCount: number;
  createdAt: string;
  children: OrganizationNode[];
}
export const organizationNodeSchema: z.ZodType<OrganizationNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    creatorAccountId: z.number().int(),
    creatorName: z.string(),
    isCreator: z.boolean(),
    canManage: z.boolean(),
    myRole: orgRoleSchema.nullable(),
    memberCount: z.number().int(),
    deviceCount: z.number().int(),
    createdAt: z.string(),
    children: z.array(organizationNodeSchema),
  }),
);

export const organizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  creatorAccountId: z.number().int(),
  creatorName: z.string(),
  isCreator: z.boolean(),
  canManage: z.boolean(),
  myRole: orgRoleSchema.nullable(),
  memberCount: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** Roles that may be held in an organization (system roles for organizations and the platform's own). */
export const assignableRoleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  roleName: z.string(),
  roleType: z.string(),
});
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

// ---- members and invitations

/** POST /base/BaseAccount/getAccountList/page: the members of one organization. */
export const memberPageSchema = pageRequestSchema
  .extend({ organizationId: idSchema, keyword: z.string().trim().max(50).optional() })
  .strict();
export type MemberPageRequest = z.infer<typeof memberPageSchema>;

export const memberSchema = z.object({
  organizationId: z.number().int(),
  accountId: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  /** Masked, like every contact shown to other accounts. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  permissionModelId: z.number().int().nullable(),
  isCreator: z.boolean(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

const memberGrantShape = {
  organizationId: idSchema,
  roleId: idSchema.optional(),
  /** A permission template (sharing area); optional. */
  permissionModelId: idSchema.nullable().optional(),
};

/** POST /base/BaseAccount/invite: by phone or e-mail; an unregistered person is invited to register. */
export const inviteSchema = z
  .object({ ...memberGrantShape, phone: phoneSchema.optional(), email: emailSchema.optional() })
  .strict();
export type Invite = z.infer<typeof inviteSchema>;

/** POST /base/BaseAccount/organizationAddUser: an account found by the lookups, invited by id. */
export const organizationAddUserSchema = z.object({ ...memberGrantShape, accountId: idSchema }).strict();
export type OrganizationAddUser = z.infer<typeof organizationAddUserSchema>;

/** DELETE /base/BaseAccount/deleteInOrganization (query parameters). */
export const memberKeyQuerySchema = z.object({ organizationId: queryId, accountId: queryId });
export type MemberKeyQuery = z.infer<typeof memberKeyQuerySchema>;

/** PUT /base/BaseRole/updateRoleInOrganization */
export const updateRoleInOrganizationSchema = z
  .object({ organizationId: idSchema, accountId: idSchema, roleId: idSchema })
  .strict();
export type UpdateRoleInOrganization = z.infer<typeof updateRoleInOrganizationSchema>;

/**
 * PUT /base/BaseAccount/updateAccountOrganizationRel: moves a member to another organization of the
 * caller's management and/or changes the member's role or permission template.
 */
export const updateAccountOrganizationRelSchema = z
  .object({
    organizationId: idSchema,
    accountId: idSchema,
    targetOrganizationId: idSchema.optional(),
    roleId: idSchema.optional(),
    permissionModelId: idSchema.nullable().optional(),
  })
  .strict();
export type UpdateAccountOrganizationRel = z.infer<typeof updateAccountOrganizationRelSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  inviterName: z.string(),
  /** phone | email | account */
  channel: z.string(),
  /** The phone or e-mail invited, masked for the inviter; the invitee's own account name otherwise. */
  contact: z.string(),
  registered: z.boolean(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationIdSchema = z.object({ id: idSchema }).strict();
export const invitationIdQuerySchema = z.object({ id: queryId });
export const organizationInvitationsQuerySchema = z.object({ organizationId: queryId });

// ---- devices of organizations and projects

/** Devices of one organization, project or asset, within what the caller may see. */
export const ownedDevicePageSchema = pageRequestSchema
  .extend({
    id: idSchema,
    deviceName: z.string().trim().max(50).optional(),
  })
  .strict();
export type OwnedDevicePageRequest = z.infer<typeof ownedDevicePageSchema>;

export const deviceBindingSchema = z.object({ id: idSchema, deviceIds: idsSchema }).strict();
export type DeviceBinding = z.infer<typeof deviceBindingSchema>;

// ---- projects

export const projectNameSchema = z.string().trim().min(PROJECT_NAME_MIN).max(PROJECT_NAME_MAX);

export const projectInsertSchema = z
  .object({
    projectName: projectNameSchema,
    deviceIds: z.array(idSchema).max(ORG_DEVICE_BATCH_MAX).optional(),
  })
  .strict();
export type ProjectInsert = z.infer<typeof projectInsertSchema>;

export const projectUpdateSchema = z.object({ id: idSchema, projectName: projectNameSchema }).strict();
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

export const projectPageSchema = pageRequestSchema
  .extend({ projectName: z.string().trim().max(PROJECT_NAME_MAX).optional() })
  .strict();
export type ProjectPageRequest = z.infer<typeof projectPageSchema>;

/** Device counts of a project by state, as the overview and the cockpit show them. */
export const projectCountsSchema = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  alarm: z.number().int(),
  disabled: z.number().int(),
});
export type ProjectCounts = z.infer<typeof projectCountsSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  counts: projectCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectIdQuerySchema = z.object({ id: queryId });

// ---- assets

/** Barcode: letters and digits only (002 §5). */
export const assetNumSchema = z
  .string()
  .trim()
  .max(ASSET_NUM_MAX)
  .regex(/^[A-Za-z0-9]*$/, { message: 'rules.lettersDigits' });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * The custom key list and value list of an asset: two lists whose entries pair up by position; the
 * server refuses lists that do not match (customInfoMismatch).
 */
const customKeysSchema = z.array(z.string().trim().max(ASSET_CUSTOM_KEY_MAX)).max(ASSET_CUSTOM_MAX);
const customValuesSchema = z.array(z.string().trim().max(ASSET_CUSTOM_VALUE_MAX)).max(ASSET_CUSTOM_MAX);

const assetFields = {
  combName: z.string().trim().min(1).max(ASSET_NAME_MAX),
  combTypeName: optionalText(ASSET_TYPE_NAME_MAX),
  combNum: assetNumSchema.nullable().optional(),
  brand: optionalText(ASSET_BRAND_MAX),
  model: optionalText(ASSET_MODEL_MAX),
  volume: optionalText(ASSET_VOLUME_MAX),
  organizationId: idSchema.nullable().optional(),
  desc: optionalText(ASSET_DESC_MAX),
  customKeys: customKeysSchema.optional(),
  customValues: customValuesSchema.optional(),
  /** A URL answered by POST /device/DeviceComb/uploadImage. */
  image: z.string().trim().max(200).nullable().optional(),
};

export const assetInsertSchema = z
  .object({ ...assetFields, deviceIds: z.array(idSchema).max(ORG_DEVICE_BATCH_MAX).optional() })
  .strict();
export type AssetInsert = z.infer<typeof assetInsertSchema>;

export const assetUpdateSchema = z
  .object({ id: idSchema, ...assetFields, combName: assetFields.combName.optional() })
  .strict();
export type AssetUpdate = z.infer<typeof assetUpdateSchema>;

export const assetStateSchema = z.object({ id: idSchema, combState: z.literal([0, 1]) }).strict();
export type AssetStateChange = z.infer<typeof assetStateSchema>;

export const assetPageSchema = pageRequestSchema
  .extend({
    combName: z.string().trim().max(ASSET_NAME_MAX).optional(),
    combNum: z.string().trim().max(ASSET_NUM_MAX).optional(),
    combState: z.literal([0, 1]).optional(),
    organizationId: idSchema.optional(),
  })
  .strict();
export type AssetPageRequest = z.infer<typeof assetPageSchema>;

export const assetSchema = z.object({
  id: z.number().int(),
  combName: z.string(),
  combTypeName: z.string().nullable(),
  combNum: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  volume: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  desc: z.string().nullable(),
  customKeys: z.array(z.string()),
  customValues: z.array(z.string()),
  combState: z.number().int(),
  image: z.string().nullable(),
  deviceCount: z.number().int(),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const assetIdQuerySchema = z.object({ id: queryId });
export const assetImageSchema = z.object({ url: z.string() });
