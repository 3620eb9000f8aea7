import crypto from 'node:crypto';
import {
  ORDER_DESCRIPTION_MAX,
  ORDER_DEVICES_MAX,
  ORDER_IDEMPOTENCY_WINDOW_MS,
  ORDER_UNPAID_TTL_MS,
  type OrderCreated,
  PAY_STATUS_UNPAID,
} from '@coldchain/shared';
import { sql } from 'kysely';
import type { AuditEntry, AuditService } from '../../audit/audit.service.ts';
import type { Clock } from '../../clock.ts';
import { type Db, isPostgres } from '../../db/create-db.ts';
import type { PayOrderKind } from '../../db/tables/payments.ts';
import { AppError } from '../../errors.ts';
import type { PaymentsRepo } from './payments.repo.ts';
import type { PaymentProviders, PayOrderRow, StartContext } from './providers/provider.ts';

/** One device an order buys for, priced per device in cents. */
export interface OrderLine {
  deviceId: number;
  deviceName: string;
  deviceGuid: string;
  unitFee: number;
}

/**
 * An order of any kind, priced by its caller (never by the client): service orders by the
 * service-package pricing, SMS/voice by the same, premium by the premium plans (device-service).
 */
export interface NewOrder {
  platformId: number;
  accountId: number;
  kind: PayOrderKind;
  payType: number;
  currency: 'CNY' | 'USD';
  /** cents before discounts */
  orderFee: number;
  /** cents charged; for device orders the sum of the lines' unit fees */
  payFee: number;
  /** At most 100 characters (cut). */
  description: string;
  lines: OrderLine[];
  service?: {
    levelId: number;
    levelName: string;
    levelYearId: number;
    servicePackageId: number;
    months: number;
    presentationMonth: number;
    dataOnly: boolean;
    activityId: number | null;
  };
  counts?: {
    smsPackageId: number | null;
    voicePackageId: number | null;
    smsCount: number;
    voiceCount: number;
    smsFee: number;
    voiceFee: number;
    countryCode: string;
  };
  /** Months of a premium order (also read by the premium creditor through creditPayload). */
  months?: number;
  simIccid?: string | null;
  /** JSON-serialisable data the kind's creditor reads (premium: { months, planId }). */
  creditPayload?: unknown;
  applyFlag: 0 | 1;
  billId: number | null;
  /** The creating request as the client sent it: the same request again within a few seconds gets the same order. */
  request?: unknown;
  /** The operation-log entry of the creation, committed with the order (entity and new value are filled in). */
  audit?: Omit<AuditEntry, 'action' | 'entityType' | 'entityId' | 'newValue'>;
}

/** A 20-character order code: UTC time to the second and 6 random digits. */
export function newOrderCode(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

export function presentOrderCreated(order: PayOrderRow, payQrCode: string): OrderCreated {
  return {
    orderId: String(order.id),
    orderCode: order.orderCode,
    payQrCode,
    payStatus: order.payStatus,
    applyFlag: order.applyFlag,
    billId: order.billId,
    payFee: order.payFee,
    currency: order.currency,
  };
}

/**
 * Creates orders of every kind (the one way in: the purchase calls here, premium membership in
 * device-service) and starts their payment with the provider the platform sells through.
 */
export class OrderCreation {
  constructor(
    private readonly db: Db,
    private readonly repo: PaymentsRepo,
    private readonly providers: PaymentProviders,
    private readonly clock: Clock,
    private readonly audit: AuditService,
  ) {}

  async create(input: NewOrder, start: StartContext): Promise<OrderCreated> {
    if (input.lines.length > ORDER_DEVICES_MAX) throw new AppError('tooManyProducts');
    if (!Number.isSafeInteger(input.payFee) || input.payFee < 0 || !Number.isSafeInteger(input.orderFee))
      throw new AppError('orderCreationFailed');
    const provider = await this.providers.forNewOrder(input.platformId, input.payType);
    const now = this.clock.now();
    const at = now.toISOString();
    const requestHash =
      input.request === undefined
        ? null
        : crypto
            .createHash('sha256')
            .update(`${input.accountId}|${input.kind}|${JSON.stringify(input.request)}`)
            .digest('hex');
    const { order, reused } = await this.db.transaction().execute(async (tx) => {
      if (requestHash) {
        // Two identical requests at once: the second waits here and finds the first's order.
        if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${requestHash}))`.execute(tx);
        const since = new Date(now.getTime() - ORDER_IDEMPOTENCY_WINDOW_MS).toISOString();
        const found = await this.repo.recentSameRequest(tx, input.accountId, requestHash, since);
        if (found) return { order: found, reused: true };
      }
      const service = input.service;
      const counts = input.counts;
      const created = await this.repo.insertOrder(
        tx,
        {
          orderCode: newOrderCode(now),
          platformId: input.platformId,
          accountId: input.accountId,
          kind: input.kind,
          payType: input.payType,
          payStatus: PAY_STATUS_UNPAID,
          orderFee: input.orderFee,
          payFee: input.payFee,
          currency: input.currency,
          levelId: service?.levelId ?? null,
          levelName: service?.levelName ?? null,
          levelYearId: service?.levelYearId ?? null,
          servicePackageId: service?.servicePackageId ?? null,
          months: service?.months ?? input.months ?? 0,
          presentationMonth: service?.presentationMonth ?? 0,
          dataOnly: service?.dataOnly ? 1 : 0,
          activityId: service?.activityId ?? null,
          smsPackageId: counts?.smsPackageId ?? null,
          voicePackageId: counts?.voicePackageId ?? null,
          smsCount: counts?.smsCount ?? 0,
          voiceCount: counts?.voiceCount ?? 0,
          smsFee: counts?.smsFee ?? 0,
          voiceFee: counts?.voiceFee ?? 0,
          countryCode: counts?.countryCode ?? null,
          simIccid: input.simIccid ?? null,
          creditPayload: input.creditPayload === undefined ? null : JSON.stringify(input.creditPayload),
          billId: input.billId,
          applyFlag: input.applyFlag,
          invoiceStatus: 0,
          orderDescription: input.description.slice(0, ORDER_DESCRIPTION_MAX),
          provider: provider.name,
          payToken: crypto.randomBytes(24).toString('base64url'),
          requestHash,
          transactionId: null,
          paymentPlatformId: null,
          createdAt: at,
          updatedAt: at,
          paidAt: null,
          refundedAt: null,
          closedAt: null,
          expiresAt: new Date(now.getTime() + ORDER_UNPAID_TTL_MS).toISOString(),
        },
        input.lines,
      );
      // Last in the transaction: the log's head stays locked as briefly as possible.
      if (input.audit)
        await this.audit.append(
          {
            ...input.audit,
            action: 'payment.orderCreated',
            entityType: 'payOrder',
            entityId: created.id,
            newValue: {
              orderCode: created.orderCode,
              kind: created.kind,
              payFee: created.payFee,
              devices: input.lines.length,
            },
          },
          tx,
        );
      return { order: created, reused: false };
    });
    const taker = reused ? await this.providers.forOrder(order) : provider;
    let payment: Awaited<ReturnType<typeof taker.start>>;
    try {
      payment = await taker.start(order, start);
    } catch (error) {
      throw new AppError(
        'orderCreationFailed',
        {},
        { cause: error instanceof Error ? error.message : String(error) },
      );
    }
    if (payment.providerOrderId) await this.repo.setPaymentPlatformId(order.id, payment.providerOrderId, at);
    return presentOrderCreated(order, payment.payQrCode);
  }
}
