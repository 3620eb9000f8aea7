import crypto from 'node:crypto';
import {
  type MyOrderPageRequest,
  ORDERS_BY_MONTH_SPAN,
  type OrderFilters,
  type OrderMonth,
  type OrderPageRequest,
  PAY_STATUS_CLOSED,
  PAY_STATUS_PAID,
  PAY_STATUS_PARTLY_REFUNDED,
  PAY_STATUS_REFUNDED,
  PAY_STATUS_UNPAID,
  type RefundOrder,
} from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import { reverseDeviceService } from '../device-service/credit.ts';
import type { PaymentProviders } from '../payments/providers/provider.ts';
import { Settlement } from '../payments/settlement.ts';
import type { OrderListRow, OrderScope, OrdersRepo } from './orders.repo.ts';

/** An order id as the API names it (a string of digits); anything else finds nothing. */
export function orderKey(orderId: string): number {
  const id = Number(orderId);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * Orders of 001 §3.2 and §7.3: an account's own, and its platform's for the back office; manual
 * handling and refunds (admin functions, 001 §6) only for eligible orders, through the payment
 * provider of the order.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    readonly repo: OrdersRepo,
    private readonly providers: () => PaymentProviders,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(scope: OrderScope, orderId: string): Promise<OrderListRow> {
    const row = await this.repo.byId(scope, orderKey(orderId));
    if (!row) throw new AppError('orderNotFound');
    return row;
  }

  page(scope: OrderScope, request: MyOrderPageRequest | OrderPageRequest) {
    return this.repo.page(scope, request);
  }

  all(scope: OrderScope, filters: OrderFilters, max: number) {
    return this.repo.all(scope, filters, max);
  }

  async detail(scope: OrderScope, orderId: string) {
    const row = await this.get(scope, orderId);
    const [devices, refunds] = await Promise.all([this.repo.devices(row.id), this.repo.refunds(row.id)]);
    return { row, devices, refunds };
  }

  async updateDescription(scope: OrderScope, orderId: string, description: string) {
    const before = await this.get(scope, orderId);
    await this.repo.updateDescription(scope, before.id, description, this.clock.now().toISOString());
    return { before, after: await this.get(scope, orderId) };
  }

  /**
   * Manual handling (001 §4, §8): only an unpaid (or expired unpaid) order that its provider confirms
   * as paid when asked; it is then settled like a notice would, exactly once.
   */
  async handle(scope: OrderScope, orderId: string): Promise<OrderListRow> {
    const order = await this.get(scope, orderId);
    if (order.payStatus !== PAY_STATUS_UNPAID && order.payStatus !== PAY_STATUS_CLOSED)
      throw new AppError('orderNotHandleable');
    const provider = await this.providers().forOrder(order);
    const answer = await provider.query(order);
    if (!answer.paid || !answer.transactionId) throw new AppError('orderNotHandleable');
    const settlement = new Settlement(this.db, this.clock, this.log);
    const { outcome } = await settlement.settle(
      order.provider,
      {
        transactionId: answer.transactionId,
        orderCode: order.orderCode,
        amount: answer.amount ?? -1,
        currency: order.currency,
        paid: true,
        body: JSON.stringify({ manual: true, ...answer }),
      },
      'query',
    );
    if (outcome === 'rejected') throw new AppError('orderNotHandleable');
    return this.get(scope, orderId);
  }

  /**
   * Refunds part or all of a paid order (001 §4, §8). The amount is reserved on the order first by
   * one conditional update (so two refunds at once never exceed what was paid), then the provider
   * refunds; a refusal gives the reservation back. A service order's months are taken back from its
   * devices by the refund that completes a full refund (docs/decisions.md, Orders and invoices).
   */
  async refund(scope: OrderScope, operatorId: number, input: RefundOrder) {
    const order = await this.get(scope, input.orderId);
    const left = order.payFee - order.refundedFee;
    if ((order.payStatus !== PAY_STATUS_PAID && order.payStatus !== PAY_STATUS_PARTLY_REFUNDED) || left <= 0)
      throw new AppError('orderNotRefundable');
    if (input.refundAmount > left)
      throw fieldError('refundAmount', 'rules.refundAmount', { max: formatCents(left, order.currency) });

    const now = this.clock.now().toISOString();
    const refundNo = `R${order.orderCode}${crypto.randomBytes(3).toString('hex').toUpperCase()}`.slice(0, 40);
    const full = input.refundAmount === left;
    const reserved = await this.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('payOrder')
        .set((eb) => ({
          refundedFee: eb('refundedFee', '+', input.refundAmount),
          payStatus: full ? PAY_STATUS_REFUNDED : PAY_STATUS_PARTLY_REFUNDED,
          refundedAt: now,
          updatedAt: now,
        }))
        .where('id', '=', order.id)
        .where('refundedFee', '=', order.refundedFee)
        .where('payStatus', 'in', [PAY_STATUS_PAID, PAY_STATUS_PARTLY_REFUNDED])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      return tx
        .insertInto('payRefund')
        .values({
          platformId: order.platformId,
          orderId: order.id,
          refundNo,
          amount: input.refundAmount,
          status: 'pending',
          providerRefundId: null,
          reason: input.reason ?? null,
          operatorId,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    // Another refund changed the order meanwhile: the caller sees the order as it now is.
    if (!reserved) throw new AppError('orderNotRefundable');

    const provider = await this.providers().forOrder(order);
    let result: Awaited<ReturnType<typeof provider.refund>>;
    try {
      result = await provider.refund({ order, refundNo, amount: input.refundAmount });
    } catch (error) {
      this.log.warn({ err: error, orderId: order.id }, 'refund call failed');
      result = { status: 'failed' };
    }
    if (result.status === 'failed') {
      await this.release(order.id, reserved.id, input.refundAmount);
      throw new AppError('refundFailed', { reason: order.provider });
    }

    const devices = full && order.kind === 'service' ? await this.repo.devices(order.id) : [];
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('payRefund')
        .set({
          status: result.status,
          providerRefundId: result.providerRefundId ?? null,
          reversedMonths: devices.length ? order.months : 0,
          reversedBonusMonths: devices.length ? order.presentationMonth : 0,
          updatedAt: this.clock.now().toISOString(),
        })
        .where('id', '=', reserved.id)
        .execute();
      for (const d of devices)
        if (order.months + order.presentationMonth > 0)
          await reverseDeviceService(
            tx,
            { deviceId: d.deviceId, months: order.months, bonusMonths: order.presentationMonth },
            this.clock.now(),
          );
    });
    const after = await this.get(scope, input.orderId);
    return {
      order: after,
      result: { refundNo, status: result.status, payStatus: after.payStatus, refundedFee: after.refundedFee },
    };
  }

  /** Gives back a reservation whose provider refund failed: the order returns to what it was. */
  private async release(orderId: number, refundId: number, amount: number): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db.transaction().execute(async (tx) => {
      const order = await tx
        .selectFrom('payOrder')
        .select(['refundedFee'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const refundedFee = order.refundedFee - amount;
      await tx
        .updateTable('payOrder')
        .set({
          refundedFee,
          payStatus: refundedFee > 0 ? PAY_STATUS_PARTLY_REFUNDED : PAY_STATUS_PAID,
          updatedAt: now,
        })
        .where('id', '=', orderId)
        .execute();
      await tx
        .updateTable('payRefund')
        .set({ status: 'failed', updatedAt: now })
        .where('id', '=', refundId)
        .execute();
    });
  }

  /**
   * Orders by month (001 §7.3 customer/order): the caller's paid orders of the last 12 months summed
   * per month and currency, in cents; with `month`, that month's orders as well.
   */
  async byMonth(scope: OrderScope, month: string | undefined) {
    const now = this.clock.now();
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const begin = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ORDERS_BY_MONTH_SPAN - 1), 1));
    const rows = await this.repo.between(scope, begin.toISOString(), end.toISOString());
    const sums = new Map<string, OrderMonth>();
    for (const row of rows) {
      if (row.paidAt === null) continue;
      const key = `${row.createdAt.slice(0, 7)} ${row.currency}`;
      const sum = sums.get(key) ?? {
        month: row.createdAt.slice(0, 7),
        currency: row.currency,
        orderCount: 0,
        payFee: 0,
        refundedFee: 0,
      };
      sum.orderCount += 1;
      sum.payFee += row.payFee;
      sum.refundedFee += row.refundedFee;
      sums.set(key, sum);
    }
    let orders: OrderListRow[] = [];
    if (month) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const from = new Date(Date.UTC(y, m - 1, 1)).toISOString();
      const to = new Date(Date.UTC(y, m, 1)).toISOString();
      orders = await this.repo.between(scope, from, to);
    }
    return {
      months: [...sums.values()].sort(
        (a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency),
      ),
      orders,
    };
  }
}

/** Cents as a text for messages: whole units in CNY, two decimals in USD (001 §9). */
export function formatCents(cents: number, currency: string): string {
  const units = (cents / 100).toFixed(2);
  return `${currency === 'USD' ? '$' : '¥'}${units}`;
}
