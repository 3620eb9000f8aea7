import { z } from 'zod';
import {
  PLATFORM_DESCRIPTION_MAX,
  PLATFORM_TITLE_MAX,
  PLATFORM_TOP_DOMAIN_MAX,
  PLATFORM_VIEW_DOMAIN_MAX,
} from '../constants.ts';
import { PASSWORD_POLICIES } from '../validation.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

const DOMAIN_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const domainSchema = (max: number) =>
  z.string().trim().toLowerCase().max(max).regex(DOMAIN_PATTERN, { message: 'rules.domain' });
const logoSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?:\/\/|\/)[^\s]*$/, { message: 'rules.url' })
  .nullable()
  .optional();
const linkSchema = z.string().trim().max(200).nullable().optional();

/** Fields of the customized platform of 002 §3 (and the tenant data of 000 §3). */
export const platformFieldsSchema = z.object({
  topDomain: domainSchema(PLATFORM_TOP_DOMAIN_MAX),
  viewDomain: domainSchema(PLATFORM_VIEW_DOMAIN_MAX).nullable().optional(),
  title: z.string().trim().min(1).max(PLATFORM_TITLE_MAX),
  enableHttps: flagSchema.default(1),
  loginHtm: z.string().trim().max(100).nullable().optional(),
  themeColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { message: 'rules.color' })
    .default('#FA8C16'),
  styleModel: z.number().int().min(1).max(9).default(1),
  enableRegister: flagSchema.default(1),
  useLogo: flagSchema.default(0),
  browserLogo: logoSchema,
  indexLogo: logoSchema,
  loginLogo: logoSchema,
  backGroundLogo: logoSchema,
  recordCompany: z.string().trim().max(100).nullable().optional(),
  recordNumber: z.string().trim().max(100).nullable().optional(),
  recordConnection: linkSchema,
  policeFiling: z.string().trim().max(100).nullable().optional(),
  policeConnection: linkSchema,
  description: z.string().trim().max(PLATFORM_DESCRIPTION_MAX).nullable().optional(),
  customMade: flagSchema.default(0),
  defaultCamp: flagSchema.default(0),
  passwordPolicy: z.enum(PASSWORD_POLICIES).default('twoKinds'),
});
export const platformInsertSchema = platformFieldsSchema.strict();
export type PlatformInsert = z.infer<typeof platformInsertSchema>;
export const platformUpdateSchema = platformFieldsSchema
  .partial()
  .extend({ id: z.number().int().positive() })
  .strict();
export type PlatformUpdate = z.infer<typeof platformUpdateSchema>;

export const platformPageSchema = pageRequestSchema.extend({
  title: z.string().trim().max(PLATFORM_TITLE_MAX).optional(),
  topDomain: z.string().trim().max(PLATFORM_TOP_DOMAIN_MAX).optional(),
});
export type PlatformPageRequest = z.infer<typeof platformPageSchema>;

export const topDomainQuerySchema = z.object({
  topDomain: z.string().trim().max(PLATFORM_TOP_DOMAIN_MAX).optional(),
});

/** What any visitor may read about a platform (000 §3 customised tenant data). */
export const publicPlatformSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  themeColor: z.string(),
  styleModel: z.number().int(),
  browserLogo: z.string().nullable(),
  indexLogo: z.string().nullable(),
  loginLogo: z.string().nullable(),
  backGroundLogo: z.string().nullable(),
  useLogo: flagSchema,
  enableRegister: flagSchema,
  defaultCamp: flagSchema,
  recordCompany: z.string().nullable(),
  recordNumber: z.string().nullable(),
  recordConnection: z.string().nullable(),
  policeFiling: z.string().nullable(),
  policeConnection: z.string().nullable(),
  passwordPolicy: z.enum(PASSWORD_POLICIES),
});
export type PublicPlatform = z.infer<typeof publicPlatformSchema>;

export const platformSchema = publicPlatformSchema.extend({
  topDomain: z.string(),
  viewDomain: z.string().nullable(),
  enableHttps: flagSchema,
  loginHtm: z.string().nullable(),
  description: z.string().nullable(),
  customMade: flagSchema,
  isDefault: flagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Platform = z.infer<typeof platformSchema>;
