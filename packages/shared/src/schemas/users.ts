import { z } from 'zod';
import {
  COMPANY_NAME_MAX,
  DOWNLOAD_KINDS,
  DOWNLOAD_STATES,
  PASSWORD_MAX,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  TEMPERATURE_UNITS,
  USER_PICK_LIST_MAX,
  USERNAME_MAX,
} from '../constants.ts';
import {
  companyNameSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  realNameSchema,
  userNameSchema,
} from './account.ts';
import { flagSchema, pageRequestSchema } from './common.ts';
import { devicePageSchema } from './devices.ts';

const idSchema = z.number().int().positive();
const roleCodeSchema = z.string().trim().min(1).max(64);
const timeZoneSchema = z.string().trim().min(1).max(64);
/** An empty string clears an optional contact. */
const clearable = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

// ---- users (002 §3 User, §5, §7)

/** The back office's user list condition (queryUserByCondition, exportUserByCondition). */
export const userConditionSchema = pageRequestSchema.extend({
  userName: z.string().trim().max(USERNAME_MAX).optional(),
  realName: z.string().trim().max(USERNAME_MAX).optional(),
  companyName: z.string().trim().max(COMPANY_NAME_MAX).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(254).optional(),
  accountType: z.literal([1, 2]).optional(),
  roleCode: roleCodeSchema.optional(),
  /** 0 live users (the default), 1 deleted ones (002 §4 User: deleted or normal). */
  deletedFlag: flagSchema.optional(),
});
export type UserCondition = z.infer<typeof userConditionSchema>;

/** One user as the back office and the user management page show it. */
export const userRowSchema = z.object({
  id: z.number().int(),
  platformId: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  companyName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** 1 personal, 2 enterprise */
  accountType: z.number().int(),
  roleCode: z.string(),
  roleName: z.string().nullable(),
  foreignFlag: flagSchema,
  timeZone: z.string(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS),
  deletedFlag: flagSchema,
  parentAccountId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

const newUserFields = {
  userName: userNameSchema,
  accountPassword: passwordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX),
  realName: realNameSchema.optional(),
  phone: phoneSchema.optional(),
  email: emailSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
};

/** sysAddUser: an operator adds an account to the platform. Enterprise accounts need a company. */
export const sysAddUserSchema = z
  .object({
    ...newUserFields,
    accountType: z.literal([1, 2]),
    roleCode: roleCodeSchema,
    companyName: companyNameSchema.optional(),
  })
  .strict();
export type SysAddUser = z.infer<typeof sysAddUserSchema>;

/** sysModifyUser: never the user name or password (those have their own calls). */
export const sysModifyUserSchema = z
  .object({
    id: idSchema,
    realName: realNameSchema.optional(),
    companyName: clearable(companyNameSchema).optional(),
    phone: clearable(phoneSchema).optional(),
    email: clearable(emailSchema).optional(),
    roleCode: roleCodeSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
  })
  .strict();
export type SysModifyUser = z.infer<typeof sysModifyUserSchema>;

export const userIdSchema = z.object({ id: idSchema }).strict();
export type UserId = z.infer<typeof userIdSchema>;

/** resetPasswordBySys: the operator sets a new password under the platform's policy. */
export const resetPasswordBySysSchema = z
  .object({
    id: idSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .strict();
export type ResetPasswordBySys = z.infer<typeof resetPasswordBySysSchema>;

/** userTypeUpgrade (query parameters): a personal account becomes an enterprise one. */
export const userTypeUpgradeQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  companyName: companyNameSchema.optional(),
});
export type UserTypeUpgradeQuery = z.infer<typeof userTypeUpgradeQuerySchema>;

/** queryUserByRole: the live users holding a role. */
export const userByRoleSchema = pageRequestSchema.extend({ roleId: idSchema });
export type UserByRole = z.infer<typeof userByRoleSchema>;

/** get/list: a short list of users for pickers, by name or by ids. */
export const userPickListSchema = z
  .object({
    userName: z.string().trim().max(USERNAME_MAX).optional(),
    ids: z.array(idSchema).max(USER_PICK_LIST_MAX).optional(),
  })
  .strict();
export type UserPickList = z.infer<typeof userPickListSchema>;
export const userPickSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
});
export type UserPick = z.infer<typeof userPickSchema>;

/** Sub-users of an enterprise account (user centre, user management). */
export const childPageSchema = pageRequestSchema.extend({
  userName: z.string().trim().max(USERNAME_MAX).optional(),
  roleCode: roleCodeSchema.optional(),
});
export type ChildPage = z.infer<typeof childPageSchema>;
export const childInsertSchema = z.object({ ...newUserFields, roleCode: roleCodeSchema }).strict();
export type ChildInsert = z.infer<typeof childInsertSchema>;
export const childUpdateSchema = z
  .object({
    id: idSchema,
    realName: realNameSchema.optional(),
    phone: clearable(phoneSchema).optional(),
    email: clearable(emailSchema).optional(),
    roleCode: roleCodeSchema.optional(),
  })
  .strict();
export type ChildUpdate = z.infer<typeof childUpdateSchema>;
export const userIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

// ---- roles (002 §3 Role, §6)

export const ROLE_TYPES = ['system', 'custom'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const roleRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  roleName: z.string(),
  roleType: z.enum(ROLE_TYPES),
  description: z.string().nullable(),
  platformId: z.number().int().nullable(),
  ownerAccountId: z.number().int().nullable(),
  /** Live accounts holding the role. */
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;
/** A role offered in a picker (the role of a user). */
export const rolePickSchema = roleRowSchema.pick({ id: true, code: true, roleName: true, roleType: true });
export type RolePick = z.infer<typeof rolePickSchema>;
export const roleDetailSchema = roleRowSchema.extend({ permissions: z.array(z.string()) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const rolePageSchema = pageRequestSchema.extend({
  roleName: z.string().trim().max(ROLE_NAME_MAX).optional(),
  roleType: z.enum(ROLE_TYPES).optional(),
});
export type RolePage = z.infer<typeof rolePageSchema>;

const roleNameSchema = z.string().trim().min(1).max(ROLE_NAME_MAX);
const roleDescriptionSchema = z.string().trim().max(ROLE_DESCRIPTION_MAX);
const permissionListSchema = z.array(z.string().trim().min(1).max(80)).max(2_000);

export const roleInsertSchema = z
  .object({
    roleName: roleNameSchema,
    description: roleDescriptionSchema.optional(),
    permissions: permissionListSchema,
  })
  .strict();
export type RoleInsert = z.infer<typeof roleInsertSchema>;
export const roleUpdateSchema = z
  .object({
    id: idSchema,
    roleName: roleNameSchema.optional(),
    description: roleDescriptionSchema.optional(),
    permissions: permissionListSchema.optional(),
  })
  .strict();
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;
export const roleIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** One branch of the permission tree: a route and the actions on it the caller may grant. */
export const permissionGroupSchema = z.object({ route: z.string(), actions: z.array(z.string()) });
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
/** back office: the platform's roles; console: the enterprise account's own roles. */
export const permissionTreeQuerySchema = z.object({ view: z.enum(['console', 'backOffice']) });

/** queryRoleByOrganizationType: 1 an enterprise's organizations (the only type so far). */
export const organizationTypeQuerySchema = z.object({
  organizationType: z.coerce.number().int().min(1).max(1).default(1),
});
export const systemRoleListSchema = z
  .object({ roleName: z.string().trim().max(ROLE_NAME_MAX).optional() })
  .strict();

// ---- download centre (002 §4 download file: generating or generated)

/** The device list's filters; the organization filter stays with the list (docs/decisions.md). */
const deviceConditionSchema = devicePageSchema
  .omit({
    start: true,
    pageSize: true,
    sortField: true,
    sortOrder: true,
    accountId: true,
    organizationId: true,
  })
  .strict();
const userExportConditionSchema = userConditionSchema
  .omit({ start: true, pageSize: true, sortField: true, sortOrder: true })
  .strict();

export { userExportConditionSchema };
export type UserExportCondition = z.infer<typeof userExportConditionSchema>;

export const downloadInsertSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('devices'), condition: deviceConditionSchema.default({}) }).strict(),
  z.object({ kind: z.literal('users'), condition: userExportConditionSchema.default({}) }).strict(),
]);
export type DownloadInsert = z.infer<typeof downloadInsertSchema>;

export const downloadRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOWNLOAD_KINDS),
  fileName: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  progress: z.number().int(),
  rowCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DownloadRow = z.infer<typeof downloadRowSchema>;
export const downloadPageSchema = pageRequestSchema.extend({ state: z.enum(DOWNLOAD_STATES).optional() });
export type DownloadPage = z.infer<typeof downloadPageSchema>;
export const downloadIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
