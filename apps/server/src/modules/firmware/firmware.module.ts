import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Ingest } from '../../ingest/ingest.ts';
import type { JobClient } from '../../jobs/job-client.ts';
import { FirmwareRepo } from './firmware.repo.ts';
import { firmwareRoutes } from './firmware.routes.ts';
import { FirmwareService } from './firmware.service.ts';
import { upgradeSweepJob } from './upgrade-sweep.job.ts';
import { UploadStorage } from './upload-storage.ts';

const services = new WeakMap<AppContext, FirmwareService>();

/** The firmware service of an app, by its context (tests call `firmwareOf(app.ctx).sweep(now)`). */
export function firmwareOf(ctx: AppContext): FirmwareService {
  const found = services.get(ctx);
  if (!found) throw new Error('firmware is not registered on this app');
  return found;
}

/**
 * Registers firmware versions and online upgrades under /api: takes the devices' upgrade reports from
 * ingest (every transport) and sweeps silent upgrades as a periodic job.
 */
export function firmwareModule(ctx: AppContext, ingest: Ingest, jobs: JobClient) {
  return async (api: FastifyInstance) => {
    const timeoutMs = ctx.config.upgradeTimeoutMs;
    const service = new FirmwareService(
      new FirmwareRepo(ctx.db),
      new UploadStorage(ctx.config.dataDir, 'firmware'),
      ctx.clock,
      timeoutMs,
    );
    services.set(ctx, service);
    ingest.service.upgradeReports = (device, payload) => service.report(device, payload);
    jobs.register(upgradeSweepJob(service, timeoutMs));
    await api.register(firmwareRoutes(service, ingest.service));
  };
}
