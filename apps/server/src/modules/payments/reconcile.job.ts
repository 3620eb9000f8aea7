import { ORDER_RECONCILE_INTERVAL_MS } from '@coldchain/shared';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { Reconciliation } from './reconciliation.ts';

/** Reconciliation and expiry of unpaid orders as a periodic job. */
export function reconcilePaymentsJob(reconciliation: Reconciliation) {
  return defineJob({
    name: 'payments.reconcile',
    schema: z.undefined(),
    every: ORDER_RECONCILE_INTERVAL_MS,
    async handler(_payload, context) {
      await reconciliation.tick(context.clock.now());
    },
  });
}
