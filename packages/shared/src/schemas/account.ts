import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  COMPANY_NAME_MAX,
  COMPANY_NAME_MIN,
  CONTRACTOR_FIELD_MAX,
  DICT_TYPES,
  PASSWORD_MAX,
  REAL_NAME_MAX,
  SCENE_IDS,
  TEMPERATURE_UNITS,
  VERIFY_CODE_LENGTH,
} from '../constants.ts';
import { EMAIL_PATTERN, PHONE_PATTERN, USERNAME_PATTERN } from '../validation.ts';
import { flagSchema } from './common.ts';

/**
 * Messages of custom rules are translation keys under `rules.` in both server and console; built-in
 * checks (length, type) are translated from the zod issue code.
 */
export const userNameSchema = z.string().trim().regex(USERNAME_PATTERN, { message: 'rules.userName' });
/** Length only: the kinds rule depends on the platform's password policy and is checked by the service. */
export const passwordSchema = z.string().min(1).max(PASSWORD_MAX);
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, { message: 'rules.phone' });
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, { message: 'rules.email' });
export const verifyCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`), { message: 'rules.verifyCode' });
export const realNameSchema = z.string().trim().max(REAL_NAME_MAX);
export const companyNameSchema = z.string().trim().min(COMPANY_NAME_MIN).max(COMPANY_NAME_MAX);
const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(10).optional(),
};

/**
 * loginType 1 is the password form; 2 the verification-code login, where userName is the phone or
 * e-mail the code was sent to (purpose "login"); 4 the query-string login of 000 §3.
 */
export const LOGIN_TYPES = [1, 2, 4] as const;
export const loginSchema = z
  .object({
    userName: z.string().trim().min(1).max(254),
    accountPassword: z.string().min(1).max(128).optional(),
    verifyCode: verifyCodeSchema.optional(),
    loginType: z.literal(LOGIN_TYPES).default(1),
    ...captchaFields,
  })
  .superRefine((value, ctx) => {
    if (value.loginType !== 2) {
      if (value.accountPassword === undefined)
        ctx.addIssue({ code: 'custom', path: ['accountPassword'], message: 'rules.required' });
      return;
    }
    if (!PHONE_PATTERN.test(value.userName) && !EMAIL_PATTERN.test(value.userName))
      ctx.addIssue({ code: 'custom', path: ['userName'], message: 'rules.phoneOrEmail' });
    if (value.verifyCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['verifyCode'], message: 'rules.required' });
  });
export type LoginRequest = z.infer<typeof loginSchema>;

/** 1 personal, 2 enterprise (002 §1). */
export const ACCOUNT_TYPES = [1, 2] as const;
export const registerSchema = z
  .object({
    accountType: z.literal([1, 2]),
    userName: userNameSchema,
    accountPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    verifyCode: verifyCodeSchema,
    realName: realNameSchema.optional(),
    companyName: companyNameSchema.optional(),
    agreeTerms: z.boolean(),
    agreePrivacy: z.boolean(),
  })
  .strict();
export type RegisterRequest = z.infer<typeof registerSchema>;

export const CODE_PURPOSES = ['register', 'forgot', 'bind', 'modify', 'login'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const phoneCodeQuerySchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(CODE_PURPOSES),
  ...captchaFields,
});
export const emailCodeQuerySchema = z.object({
  email: emailSchema,
  purpose: z.enum(CODE_PURPOSES),
  ...captchaFields,
});

export const forgotSchema = z
  .object({
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    verifyCode: verifyCodeSchema,
    accountPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .strict();
export type ForgotRequest = z.infer<typeof forgotSchema>;

export const bindingSchema = z
  .object({
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    verifyCode: verifyCodeSchema,
  })
  .strict();
export type BindingRequest = z.infer<typeof bindingSchema>;

export const accountInfoQuerySchema = z.object({ timeStamp: z.coerce.number().optional() });
export const sceneQuerySchema = z.object({
  sceneId: z.coerce
    .number()
    .int()
    .refine((v) => (SCENE_IDS as readonly number[]).includes(v), { message: 'rules.sceneId' }),
});

export const baseInfoSchema = z
  .object({
    realName: realNameSchema.optional(),
    companyName: companyNameSchema.optional(),
    timeZone: z.string().trim().min(1).max(64).optional(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
    contractorCompany: z.string().trim().max(CONTRACTOR_FIELD_MAX).optional(),
    contractorContact: z.string().trim().max(CONTRACTOR_FIELD_MAX).optional(),
  })
  .strict();
export type BaseInfoRequest = z.infer<typeof baseInfoSchema>;
/** The overseas edition also keeps the country calling code of the account. */
export const baseInfoForeignSchema = baseInfoSchema
  .extend({
    countryCode: z
      .string()
      .trim()
      .regex(/^\+?\d{1,4}$/, { message: 'rules.countryCode' }),
  })
  .strict();
export type BaseInfoForeignRequest = z.infer<typeof baseInfoForeignSchema>;

/** Changing the phone needs a code sent to the new phone; changing the password needs the old one. */
export const modifyPhoneAndPasswordSchema = z
  .object({
    oldPassword: z.string().min(1).max(128),
    phone: phoneSchema.optional(),
    verifyCode: verifyCodeSchema.optional(),
    newPassword: passwordSchema.optional(),
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .strict();
export type ModifyPhoneAndPasswordRequest = z.infer<typeof modifyPhoneAndPasswordSchema>;
export const modifyEmailAndPasswordSchema = z
  .object({
    oldPassword: z.string().min(1).max(128),
    email: emailSchema.optional(),
    verifyCode: verifyCodeSchema.optional(),
    newPassword: passwordSchema.optional(),
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .strict();
export type ModifyEmailAndPasswordRequest = z.infer<typeof modifyEmailAndPasswordSchema>;

export const profileUpdateSchema = z
  .object({
    identity: z.string().trim().min(1).max(32).optional(),
    industry: z.string().trim().min(1).max(32).optional(),
    alarmToneStatus: flagSchema.optional(),
    homePage: z
      .string()
      .trim()
      .max(100)
      .regex(/^\/[A-Za-z0-9/_-]*$/, { message: 'rules.homePage' })
      .optional(),
  })
  .strict();
export type ProfileUpdateRequest = z.infer<typeof profileUpdateSchema>;

export const accountByPhoneQuerySchema = z.object({ phone: phoneSchema });
export const accountByEmailQuerySchema = z.object({ email: emailSchema });
/** UEP: user name, e-mail or phone. */
export const accountByUepQuerySchema = z.object({ uep: z.string().trim().min(1).max(254) });

export const dictQuerySchema = z.object({ dataType: z.enum(DICT_TYPES) });
/** 1: IANA zones with their current UTC offset. */
export const timeZoneQuerySchema = z.object({ type: z.coerce.number().int().min(1).max(1).default(1) });

export const thirdPartyLoginSchema = z.object({ code: z.string().trim().min(1).max(512) }).strict();
/** Third-party logins (000 §7); which ones a server offers is answered by login/providers. */
export const THIRD_PARTY_PROVIDERS = ['wechat', 'qq', 'facebook'] as const;
export type ThirdPartyProviderName = (typeof THIRD_PARTY_PROVIDERS)[number];
/** A configured provider and where the browser goes to authorise; it comes back to /user/login-result. */
export const loginProviderSchema = z.object({
  provider: z.enum(THIRD_PARTY_PROVIDERS),
  authorizeUrl: z.string(),
});
export type LoginProvider = z.infer<typeof loginProviderSchema>;
export const facebookLoginQuerySchema = z.object({ code: z.string().trim().min(1).max(512) });

/** Avatar upload limits (002 §5). */
export const AVATAR_LIMITS = { maxBytes: AVATAR_MAX_BYTES } as const;

/** The lookup answer used when inviting or sharing: enough to confirm the person, nothing more. */
export const accountLookupSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  accountPhoto: z.string().nullable(),
});
export type AccountLookup = z.infer<typeof accountLookupSchema>;

export const accountInfoSchema = z.object({
  permissionRoutes: z.array(z.string()),
  orgWithMyRole: z.array(
    z.object({ organizationId: z.number().int(), organizationName: z.string(), roleCode: z.string() }),
  ),
  baseAccount: z.object({
    id: z.number().int(),
    userName: z.string(),
    accountPhoto: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    realName: z.string().nullable(),
    companyName: z.string().nullable(),
    accountType: z.number().int(),
    roleCode: z.string(),
    timeZone: z.string(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS),
    countryCode: z.string().nullable(),
    foreignFlag: flagSchema,
  }),
  userProfile: z.object({
    walletStatus: flagSchema,
    homePage: z.string().nullable(),
    identity: z.string().nullable(),
    industry: z.string().nullable(),
    enableProtect: flagSchema,
    enableFda: flagSchema,
    alarmToneStatus: flagSchema,
  }),
  /** state 1: premium, with the whole days left (000 §4); expiredCount: own lapsed devices. */
  premiumState: z.object({
    state: z.number().int(),
    remainingDays: z.number().int(),
    expiredCount: z.number().int(),
  }),
  baseSceneList: z.array(z.object({ sceneType: z.number().int(), sceneName: z.string() })),
  version: z.string(),
  /** The server's idle logout for enableProtect + enableFda accounts, in ms; the console checks the same. */
  inactivityTimeoutMs: z.number().int(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const dictItemSchema = z.object({ dataValue: z.string(), label: z.string() });
export type DictItem = z.infer<typeof dictItemSchema>;

/** The answer of every call that signs the caller in (login, register, third-party login). */
export const sessionTokenSchema = z.object({ token: z.string() });
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** toOldPaltform: where to go and a short-lived token to present there. */
export const oldPlatformAnswerSchema = z.object({ url: z.string(), token: z.string() });
export type OldPlatformAnswer = z.infer<typeof oldPlatformAnswerSchema>;

/** The caller's own account, answered by the calls that change it. */
export const baseAccountSchema = accountInfoSchema.shape.baseAccount;
export type BaseAccount = z.infer<typeof baseAccountSchema>;
export const userProfileSchema = accountInfoSchema.shape.userProfile;
export type UserProfile = z.infer<typeof userProfileSchema>;

/** An IANA time zone with its UTC offset at the time of the call, e.g. label "(UTC+08:00) Asia/Shanghai". */
export const timeZoneItemSchema = z.object({
  dataValue: z.string(),
  label: z.string(),
  offset: z.string(),
  offsetMinutes: z.number().int(),
});
export type TimeZoneItem = z.infer<typeof timeZoneItemSchema>;
