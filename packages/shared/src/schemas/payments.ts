import { z } from 'zod';

/** Pay types (001 §4; issue 12 contract): 1 WeChat, 2 Alipay, 20 card button, 30 Google Pay, 40 card wallet, 90 offline. */
export const PAY_TYPE_WECHAT = 1;
export const PAY_TYPE_ALIPAY = 2;
export const PAY_TYPE_CARD = 20;
export const PAY_TYPE_GOOGLE_PAY = 30;
export const PAY_TYPE_CARD_WALLET = 40;
export const PAY_TYPE_OFFLINE = 90;
/** Pay types a payer may choose: the mainland edition offers 1 and 2, the overseas edition 20, 30 and 40. */
export const PAYER_PAY_TYPES = [
  PAY_TYPE_WECHAT,
  PAY_TYPE_ALIPAY,
  PAY_TYPE_CARD,
  PAY_TYPE_GOOGLE_PAY,
  PAY_TYPE_CARD_WALLET,
] as const;
/** Wallet types confirmed by confirmPay (001 §4). */
export const WALLET_PAY_TYPES = [PAY_TYPE_GOOGLE_PAY, PAY_TYPE_CARD_WALLET] as const;

/** payStatus (001 §4 shows only 2 = paid; the rest is recorded in docs/decisions.md, Payments). */
export const PAY_STATUS_UNPAID = 1;
export const PAY_STATUS_PAID = 2;
export const PAY_STATUS_REFUNDED = 3;
export const PAY_STATUS_PARTLY_REFUNDED = 4;
export const PAY_STATUS_CLOSED = 5;

/** Devices one order may buy for; more is "too many products, contact customer service" (001 §5, §8). */
export const ORDER_DEVICES_MAX = 200;
/** An unpaid order closes (payStatus 5) this long after its creation, ms. */
export const ORDER_UNPAID_TTL_MS = 2 * 60 * 60 * 1000;
/** An identical creation request within this window answers the same order (the console's 500 ms debounce, 001 §9, with margin), ms. */
export const ORDER_IDEMPOTENCY_WINDOW_MS = 10_000;
/** The reconciliation job asks the provider about unpaid orders older than this, ms. */
export const ORDER_RECONCILE_AFTER_MS = 5 * 60 * 1000;
/** Between two runs of the reconciliation and expiry job, ms. */
export const ORDER_RECONCILE_INTERVAL_MS = 60 * 1000;
/** A notice signed longer ago than this (or this far in the future) is stale and refused, ms. */
export const PAYMENT_NOTICE_MAX_AGE_MS = 5 * 60 * 1000;
/** Order description (001 §5: at most 100). */
export const ORDER_DESCRIPTION_MAX = 100;

const id = z.coerce.number().int().positive();
const cents = z.number().int().min(0).max(1_000_000_000);
const payType = z.literal(PAYER_PAY_TYPES);
const applyFlag = z.literal([0, 1]).default(0);
const optionalId = id.nullish();

/** Service (level-year) order of one device (001 §3.2). */
export const createDeviceDepositSchema = z.object({
  deviceId: id,
  levelId: id,
  levelYearId: id,
  servicePackageId: id,
  payType,
  serviceFee: cents.optional(),
  /** What the console showed; a different server price is refused with priceChanged. */
  totalFee: cents,
  activityId: optionalId,
  presentationMonth: z.number().int().min(0).max(1200).nullish(),
  simIccid: z.string().trim().max(30).nullish(),
  applyFlag,
  billId: optionalId,
});
export type CreateDeviceDeposit = z.infer<typeof createDeviceDepositSchema>;

const deviceIdList = z.array(id).min(1);

/** Service order of several devices of one type and country code. */
export const createDeviceListDepositSchema = createDeviceDepositSchema
  .omit({ deviceId: true, simIccid: true })
  .extend({ deviceIdList });
export type CreateDeviceListDeposit = z.infer<typeof createDeviceListDepositSchema>;

const countsFields = {
  smsPackageId: optionalId,
  voicePackageId: optionalId,
  smsCount: z.number().int().min(0).max(1_000_000).default(0),
  smsFee: cents.default(0),
  voiceCount: z.number().int().min(0).max(1_000_000).default(0),
  voiceFee: cents.default(0),
  countryCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .transform((v) => v.replace(/^\+/, '')),
  payType,
  /** What the console showed for all devices; optional: smsFee + voiceFee times the devices. */
  totalFee: cents.optional(),
  applyFlag,
  billId: optionalId,
};

/** SMS/voice counts for one device. */
export const createSmsDepositSchema = z.object({ deviceId: id, ...countsFields });
export type CreateSmsDeposit = z.infer<typeof createSmsDepositSchema>;

/** SMS/voice counts for several devices of one country code. */
export const createSmsListDepositSchema = z.object({ deviceIdList, ...countsFields });
export type CreateSmsListDeposit = z.infer<typeof createSmsListDepositSchema>;

/**
 * SMS/voice counts for every device of the caller's own in the country code (createAccountSmsDeposit:
 * docs/decisions.md, Payments).
 */
export const createAccountSmsDepositSchema = z.object(countsFields);
export type CreateAccountSmsDeposit = z.infer<typeof createAccountSmsDepositSchema>;

/** The created order, as the payment drawer reads it. */
export const orderCreatedSchema = z.object({
  orderId: z.string(),
  orderCode: z.string(),
  payQrCode: z.string(),
  payStatus: z.number().int(),
  applyFlag: z.number().int(),
  billId: z.number().int().nullable(),
  payFee: z.number().int(),
  currency: z.string(),
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;

export const selectDepositListSchema = z.object({
  deviceIdList,
  levelId: id,
  levelYearId: id,
  servicePackageId: id,
});
export const depositPriceRowSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  totalFee: z.number().int(),
});

export const selectDeviceListSchema = z.object({ deviceIdList });
export const purchaseDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceTypeName: z.string(),
  deviceTypeId: z.number().int(),
  deviceGuid: z.string(),
  levelId: z.number().int().nullable(),
  levelName: z.string().nullable(),
  serviceExpiredDate: z.string(),
  dataExpiredDate: z.string(),
  smsCount: z.number().int(),
  voiceCount: z.number().int(),
  countryCode: z.string().nullable(),
  simIccid: z.string().nullable(),
  agreementStatus: z.number().int(),
  nodeType: z.number().int(),
  vipInfo: z.object({ state: z.number().int() }),
  nextExecutionTime: z.string().nullable(),
});
export type PurchaseDevice = z.infer<typeof purchaseDeviceSchema>;

export const payDeviceIdQuerySchema = z.object({ deviceId: id });
export const payOrderPkQuerySchema = z.object({ pk: id });
export const payOrderIdQuerySchema = z.object({ orderId: id });

export const orderStatusSchema = z.object({
  orderId: z.string(),
  orderCode: z.string(),
  payStatus: z.number().int(),
  applyFlag: z.number().int(),
  payFee: z.number().int(),
  currency: z.string(),
  kind: z.string(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Wallet confirmation (001 §4: orderId, payType, paymentPlatformId, payFee in cents). */
export const confirmPayQuerySchema = z.object({
  orderId: id,
  payType: z.coerce.number().pipe(z.literal(WALLET_PAY_TYPES)),
  paymentPlatformId: z.string().trim().min(1).max(100),
  payFee: z.coerce.number().int().min(0),
});

export const internationalPaySchema = z.object({
  orderId: z.coerce.number().int().positive(),
  payType: z.literal(PAY_TYPE_CARD).default(PAY_TYPE_CARD),
});
export const approveAnswerSchema = z.object({ approveUrl: z.string() });

const token = z.string().trim().min(16).max(64);
export const payerLinkQuerySchema = z.object({ orderId: id, token });
export const payStatusAnswerSchema = z.object({ payStatus: z.number().int() });
export const payQrAnswerSchema = z.object({ payQrCode: z.string() });

/** The sandbox payer page's order (public). */
export const sandboxOrderSchema = z.object({
  orderCode: z.string(),
  payFee: z.number().int(),
  currency: z.string(),
  description: z.string(),
  payStatus: z.number().int(),
  payType: z.number().int(),
});
export const sandboxPaySchema = z.object({
  orderId: z.coerce.number().int().positive(),
  token,
  outcome: z.enum(['pay', 'decline']),
});
