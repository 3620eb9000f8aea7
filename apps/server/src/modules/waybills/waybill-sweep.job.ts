import { WAYBILL_SWEEP_INTERVAL_MS } from '@coldchain/shared';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { WaybillSweep } from './waybill-sweep.ts';

/** The waybill sweep as a periodic job: timed starts and stops, receive alarms. */
export function waybillSweepJob(sweep: WaybillSweep) {
  return defineJob({
    name: 'waybill.sweep',
    schema: z.undefined(),
    every: WAYBILL_SWEEP_INTERVAL_MS,
    async handler(_payload, context) {
      await sweep.tick(context.clock.now());
    },
  });
}
