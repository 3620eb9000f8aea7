import { PAY_STATUS_CLOSED, PAY_STATUS_PAID, PAY_STATUS_UNPAID } from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { CREDITORS } from './creditors.ts';
import type { PayOrderRow, VerifiedNotice } from './providers/provider.ts';

/** What became of one notice (or one provider answer). */
export type SettleOutcome =
  /** This notice paid the order and ran its creditor. */
  | 'credited'
  /** The transaction was seen before, or the order was already paid: nothing more to do. */
  | 'duplicate'
  /** Refused and recorded in payment_notice_rejection: nothing credited. */
  | 'rejected';

/** How the settlement learned of the payment. */
export type SettleSource = 'notify' | 'query' | 'capture';

const BODY_MAX = 8000;

/**
 * Turns verified payments into credits, exactly once: in ONE transaction the notice is inserted under
 * its unique (provider, transaction id), the order moves to paid only from unpaid (or closed: an
 * unpaid order that expired, whose payer paid anyway), and the creditor of the order's kind runs. A
 * second notice of the transaction, however it arrives and however many at once, finds the row and
 * credits nothing; a crash before the commit leaves nothing, so the provider's resend credits.
 */
export class Settlement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a notice that credited nothing, for the audit, and logs it. */
  async reject(input: {
    provider: string;
    reason: string;
    detail?: string;
    orderCode?: string;
    transactionId?: string;
    body: string;
    sourceIp?: string;
  }): Promise<'rejected'> {
    this.log.warn(
      { provider: input.provider, reason: input.reason, orderCode: input.orderCode, detail: input.detail },
      'payment notice refused',
    );
    await this.db
      .insertInto('paymentNoticeRejection')
      .values({
        provider: input.provider,
        transactionId: input.transactionId?.slice(0, 100) || null,
        orderCode: input.orderCode?.slice(0, 32) || null,
        reason: input.reason,
        detail: input.detail?.slice(0, 500) ?? null,
        body: input.body.slice(0, BODY_MAX),
        sourceIp: input.sourceIp ?? null,
        receivedAt: this.clock.now().toISOString(),
      })
      .execute();
    return 'rejected';
  }

  /**
   * Settles a verified payment of `provider`. The order is found by its code and must be the
   * provider's; the amount must equal the order's payFee to the cent, in its currency.
   */
  async settle(
    provider: string,
    notice: VerifiedNotice,
    source: SettleSource,
    sourceIp?: string,
  ): Promise<{ outcome: SettleOutcome; order?: PayOrderRow }> {
    const refuse = (reason: string, detail?: string) =>
      this.reject({
        provider,
        reason,
        detail,
        orderCode: notice.orderCode,
        transactionId: notice.transactionId,
        body: notice.body,
        sourceIp,
      }).then((outcome) => ({ outcome }));
    const order = await this.db
      .selectFrom('payOrder')
      .selectAll()
      .where('orderCode', '=', notice.orderCode)
      .executeTakeFirst();
    if (!order || order.provider !== provider) return refuse('unknownOrder');
    if (!notice.paid) return refuse('notPaid', 'the provider reports no successful payment');
    if (notice.amount !== order.payFee)
      return refuse('amount', `paid ${notice.amount}, order ${order.payFee}`);
    if (notice.currency.toUpperCase() !== order.currency)
      return refuse('currency', `paid in ${notice.currency}, order in ${order.currency}`);

    const now = this.clock.now();
    const at = now.toISOString();
    const outcome = await this.db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('paymentNotice')
        .values({
          provider,
          transactionId: notice.transactionId,
          orderId: order.id,
          amount: notice.amount,
          currency: order.currency,
          source,
          body: notice.body.slice(0, BODY_MAX),
          receivedAt: at,
        })
        .onConflict((oc) => oc.columns(['provider', 'transactionId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate' as const;
      const paid = await tx
        .updateTable('payOrder')
        .set({ payStatus: PAY_STATUS_PAID, paidAt: at, updatedAt: at, transactionId: notice.transactionId })
        .where('id', '=', order.id)
        .where('payStatus', 'in', [PAY_STATUS_UNPAID, PAY_STATUS_CLOSED])
        .executeTakeFirst();
      // Paid before under another transaction (two methods both paid): the notice stays on record
      // for a refund by the back office; nothing is credited twice.
      if (Number(paid.numUpdatedRows) !== 1) return 'duplicate' as const;
      const current = {
        ...order,
        payStatus: PAY_STATUS_PAID,
        paidAt: at,
        transactionId: notice.transactionId,
      };
      await CREDITORS[order.kind](tx, current, now);
      return 'credited' as const;
    });
    if (outcome === 'duplicate')
      this.log.info(
        { provider, orderCode: order.orderCode, transactionId: notice.transactionId },
        'payment seen before',
      );
    return { outcome, order };
  }
}
