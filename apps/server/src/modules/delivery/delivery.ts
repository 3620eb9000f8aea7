import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { JobClient } from '../../jobs/job-client.ts';
import { createMailer } from '../../notify/email.ts';
import { SandboxSmsProvider } from '../../notify/sms.ts';
import { engineOf } from '../alarms/alarm-engine.ts';
import { DataPushService } from '../data-push/data-push.service.ts';
import { DataPushWorker } from '../data-push/data-push-worker.ts';
import { deliverDataPushJob } from '../data-push/deliver-data-push.job.ts';
import { deliverNotificationsJob } from './deliver-notifications.job.ts';
import { NotificationWorker } from './notification-worker.ts';
import { PushRecordsRepo } from './push-records.repo.ts';

/** Notification delivery and data push, as one app holds them. */
export interface Delivery {
  jobs: JobClient;
  notifications: NotificationWorker;
  dataPush: DataPushWorker;
  dataPushService: DataPushService;
  pushRecords: PushRecordsRepo;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbox worker, data push and their job timers (modules/delivery/delivery.ts). */
    delivery: Delivery;
  }
}

/**
 * Builds delivery on the app: timers start when the app is ready and stop before the database
 * closes. SMS goes through the context's carrier; voice and WeChat through the sandbox
 * (docs/decisions.md).
 */
export function registerDelivery(app: FastifyInstance, ctx: AppContext): Delivery {
  // No voice or WeChat carrier is connected: both go to the sandbox, which records them.
  const carrier = new SandboxSmsProvider(ctx.db, ctx.clock);
  const messageIdHost = /@([^>\s]+)/.exec(ctx.config.mailFrom)?.[1] ?? 'coldchain.local';
  // Alarm e-mails get their own pooled connections to SMTP_URL; without it, the context's mailer.
  const mailer = ctx.config.smtpUrl
    ? createMailer(ctx.config.smtpUrl, ctx.config.mailFrom, app.log, { pool: true })
    : ctx.mailer;
  const notifications = new NotificationWorker(
    ctx.db,
    ctx.clock,
    { mailer, sms: ctx.sms, voice: carrier, wechat: carrier },
    app.log,
    { messageIdHost },
  );
  const dataPush = new DataPushWorker(ctx.db, ctx.clock, app.log);
  const jobs = JobClient.inProcess(ctx.clock, app.log);
  jobs.register(deliverNotificationsJob(notifications));
  jobs.register(deliverDataPushJob(dataPush));
  const delivery: Delivery = {
    jobs,
    notifications,
    dataPush,
    // Readings are queued by ingest, which caches who pushes them.
    dataPushService: new DataPushService(ctx.db, ctx.clock, () => app.ingest.readingsPush.invalidate()),
    pushRecords: new PushRecordsRepo(ctx.db),
  };
  app.decorate('delivery', delivery);
  // An alarm committed on this node: its notifications go now rather than at the next poll, in a
  // round of their own (rounds may overlap: each claims different rows).
  const rounds = new Set<Promise<unknown>>();
  let woken = false;
  const wake = () => {
    if (woken || !jobs.active) return;
    woken = true;
    setImmediate(() => {
      woken = false;
      if (!jobs.active) return;
      const round: Promise<unknown> = notifications
        .drain()
        .catch((error: unknown) => app.log.error({ err: error }, 'notification round failed'))
        .finally(() => rounds.delete(round));
      rounds.add(round);
    });
  };
  app.addHook('onReady', async () => {
    jobs.start();
    engineOf(ctx.db)?.onChange(wake);
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
    await Promise.all(rounds);
    if (mailer !== ctx.mailer) mailer.close();
  });
  return delivery;
}
