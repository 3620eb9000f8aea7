import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { DataPushWorker } from './data-push-worker.ts';

/** How often queued webhook events are looked at, in ms. */
export const DATA_PUSH_POLL_MS = 250;

export const deliverDataPushJob = (worker: DataPushWorker) =>
  defineJob({
    name: 'delivery.dataPush',
    schema: z.undefined(),
    every: DATA_PUSH_POLL_MS,
    async handler() {
      await worker.drain();
    },
  });
