import { z } from 'zod';
import { pageRequestSchema } from './common.ts';

/** An expiry year of 2099 or later reads as lifelong (001 §2.1, §9). */
export const DEVICE_SERVICE_LIFELONG_YEAR = 2099;
/** A time length of 1,200 months or more is lifelong (001 §9). */
export const DEVICE_SERVICE_LIFELONG_MONTHS = 1200;
/** A trial claim gives a device 2 months of service, once (001 §9, 002 §9). */
export const DEVICE_TRIAL_MONTHS = 2;
/** SMS or voice counts one credit may add at most; a guard against a malformed order, not a spec limit. */
export const DEVICE_SERVICE_COUNT_CREDIT_MAX = 1_000_000;

/** The device ids a credit or a trial names. */
export const deviceServiceIdSchema = z.object({ deviceId: z.coerce.number().int().positive() });
export type DeviceServiceId = z.infer<typeof deviceServiceIdSchema>;

/** Where a device's service stands (device-service/service-lapse.ts): active, lapsed (data grace), stopped. */
export const SERVICE_PHASES = ['active', 'lapsed', 'stopped'] as const;
export type ServicePhaseName = (typeof SERVICE_PHASES)[number];

/** GET /base/BaseServiceInfo/getServiceInfo?deviceId: the device's service as the purchase drawer shows it. */
export const deviceServiceInfoSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  /** The level bought last (0: the free service of a new device). */
  levelId: z.number().int(),
  serviceExpiredDate: z.string(),
  dataExpiredDate: z.string(),
  phase: z.enum(SERVICE_PHASES),
  /** 1: the expiry lies in the lifelong year or later. */
  lifelong: z.literal([0, 1]),
  smsCount: z.number().int(),
  voiceCount: z.number().int(),
  /** vipInfo.state of 001 §3.1: 0 normal, 1 service ends within 30 days, 2 lapsed. */
  vipState: z.literal([0, 1, 2]),
  /** 1 once the device had its trial months. */
  trialClaimed: z.literal([0, 1]),
  /** 1 while a trial may still be claimed. */
  trialAvailable: z.literal([0, 1]),
  trialMonths: z.number().int(),
});
export type DeviceServiceInfo = z.infer<typeof deviceServiceInfoSchema>;

/** POST /base/BaseServiceInfo/claimTrial: the device's one trial of 2 months. */
export const trialClaimSchema = z.object({ deviceId: z.number().int().positive() }).strict();
export type TrialClaim = z.infer<typeof trialClaimSchema>;

/** A trial claim as the back office's experience-data list shows it. */
export const trialClaimRowSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string().nullable(),
  ownerName: z.string().nullable(),
  claimedByName: z.string().nullable(),
  months: z.number().int(),
  serviceBefore: z.string(),
  serviceAfter: z.string(),
  createdAt: z.string(),
});
export type TrialClaimRow = z.infer<typeof trialClaimRowSchema>;

export const trialClaimPageSchema = pageRequestSchema.extend({
  deviceGuid: z.string().trim().max(20).optional(),
});
export type TrialClaimPageRequest = z.infer<typeof trialClaimPageSchema>;

/** A premium plan on sale (GET /base/BasePremiumMembership/list). Fees in cents. */
export const premiumPlanSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  months: z.number().int(),
  fee: z.number().int(),
  originalFee: z.number().int(),
  currency: z.string(),
  recommend: z.literal([0, 1]),
});
export type PremiumPlan = z.infer<typeof premiumPlanSchema>;

/** The caller's membership (GET /base/BasePremiumMembership/selectPresentation); state 1 is premium (000 §4). */
export const premiumStatusSchema = z.object({
  state: z.literal([0, 1]),
  expiresAt: z.string().nullable(),
  remainingDays: z.number().int(),
  lifelong: z.literal([0, 1]),
});
export type PremiumStatus = z.infer<typeof premiumStatusSchema>;

/** What premium membership gives (GET /base/BasePremiumMembership/presentationService). */
export const PREMIUM_BENEFITS = ['backups', 'assets', 'largeScreen', 'expiryReminder', 'support'] as const;
export type PremiumBenefit = (typeof PREMIUM_BENEFITS)[number];
export const premiumBenefitSchema = z.object({
  code: z.enum(PREMIUM_BENEFITS),
  /** The console page showing it, when there is one. */
  route: z.string().nullable(),
});
export type PremiumBenefitItem = z.infer<typeof premiumBenefitSchema>;

/** Pay types a premium order takes (001 §4): WeChat, Alipay, card button, Google Pay, card wallet. */
export const PREMIUM_PAY_TYPES = [1, 2, 20, 30, 40] as const;

/** POST /payment/PayOrder/createPremiumMemberOrder. */
export const premiumOrderCreateSchema = z
  .object({
    planId: z.number().int().positive(),
    payType: z.literal(PREMIUM_PAY_TYPES),
    applyFlag: z.literal([0, 1]).default(0),
    billId: z.number().int().positive().optional(),
  })
  .strict();
export type PremiumOrderCreate = z.infer<typeof premiumOrderCreateSchema>;
