import { ORDER_RECONCILE_AFTER_MS } from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsRepo } from './payments.repo.ts';
import type { PaymentProviders } from './providers/provider.ts';
import type { Settlement } from './settlement.ts';

/** What one pass did, for logs and tests. */
export interface ReconcileResult {
  settled: string[];
  closed: string[];
  failed: string[];
}

/** Orders read per page, and looked at per pass at most. */
const PAGE = 200;
const PASS_MAX = 2_000;

/**
 * The reconciliation pass: asks the provider about every order left unpaid for a while, settles
 * those it reports paid (through the same exactly-once settlement as notices), and closes unpaid
 * orders past their expiry (payStatus 5), after telling the provider.
 */
export class Reconciliation {
  constructor(
    private readonly repo: PaymentsRepo,
    private readonly providers: PaymentProviders,
    private readonly settlement: Settlement,
    private readonly log: FastifyBaseLogger,
  ) {}

  async tick(now: Date): Promise<ReconcileResult> {
    const result: ReconcileResult = { settled: [], closed: [], failed: [] };
    const before = new Date(now.getTime() - ORDER_RECONCILE_AFTER_MS).toISOString();
    const pending: Awaited<ReturnType<PaymentsRepo['pendingBefore']>> = [];
    for (let afterId = 0; pending.length < PASS_MAX; ) {
      const page = await this.repo.pendingBefore(before, afterId, PAGE);
      pending.push(...page);
      if (page.length < PAGE) break;
      afterId = page[page.length - 1]?.id ?? afterId;
    }
    for (const order of pending) {
      try {
        const provider = await this.providers.forOrder(order);
        const answer = await provider.query(order);
        if (answer.paid && answer.transactionId) {
          const { outcome } = await this.settlement.settle(
            provider.name,
            {
              orderCode: order.orderCode,
              transactionId: answer.transactionId,
              amount: answer.amount ?? -1,
              currency: order.currency,
              paid: true,
              body: JSON.stringify({ query: answer }),
            },
            'query',
          );
          if (outcome === 'credited') result.settled.push(order.orderCode);
          continue;
        }
        if (order.expiresAt <= now.toISOString()) {
          await provider
            .close?.(order)
            .catch((error: unknown) =>
              this.log.warn({ err: error, orderCode: order.orderCode }, 'provider close failed'),
            );
          if (await this.repo.close(order.id, now.toISOString())) result.closed.push(order.orderCode);
        }
      } catch (error) {
        result.failed.push(order.orderCode);
        this.log.warn({ err: error, orderCode: order.orderCode }, 'reconciliation of an order failed');
      }
    }
    return result;
  }
}
