import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { NotificationWorker } from './notification-worker.ts';

/**
 * How often the outbox is looked at, in ms: a notification reaches its provider at most this long
 * after its alarm commits (the query is an index range scan that usually finds nothing).
 */
export const NOTIFICATION_POLL_MS = 100;

export const deliverNotificationsJob = (worker: NotificationWorker) =>
  defineJob({
    name: 'delivery.notifications',
    schema: z.undefined(),
    every: NOTIFICATION_POLL_MS,
    async handler() {
      await worker.drain();
    },
  });
