import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HistoryRepo } from '../../history/history.repo.ts';
import type { JobClient } from '../../jobs/job-client.ts';
import { GeofencesRepo } from '../geofences/geofences.repo.ts';
import { geofencesRoutes } from '../geofences/geofences.routes.ts';
import { GeofencesService } from '../geofences/geofences.service.ts';
import { FenceTracker } from './fence-tracker.ts';
import { waybillPublicRoutes } from './public.routes.ts';
import { WaybillData } from './waybill-data.ts';
import { WaybillExports } from './waybill-exports.ts';
import { waybillSweepJob } from './waybill-sweep.job.ts';
import { WaybillSweep } from './waybill-sweep.ts';
import { WaybillViews } from './waybill-views.ts';
import { WaybillsRepo } from './waybills.repo.ts';
import { waybillsRoutes } from './waybills.routes.ts';
import { WaybillsService } from './waybills.service.ts';

/** The waybill area of one app: what tests drive (the sweep's tick, the tracker's idle). */
export interface WaybillsModule {
  service: WaybillsService;
  sweep: WaybillSweep;
  tracker: FenceTracker;
}

const modules = new WeakMap<AppContext, WaybillsModule>();

/** The waybill area of an app, by its context (tests call `waybillsOf(app.ctx).sweep.tick(now)`). */
export function waybillsOf(ctx: AppContext): WaybillsModule {
  const found = modules.get(ctx);
  if (!found) throw new Error('waybills are not registered on this app');
  return found;
}

/**
 * Registers waybills, geofences and their public pages under /api, follows device positions for
 * geofence starts and stops, and registers the sweep as a periodic job of the app's job client.
 */
export function waybillsModule(ctx: AppContext, jobs: JobClient) {
  return async (api: FastifyInstance) => {
    const repo = new WaybillsRepo(ctx.db);
    const fencesRepo = new GeofencesRepo(ctx.db);
    const history = new HistoryRepo(ctx.db);
    const service = new WaybillsService(repo, fencesRepo, ctx.clock);
    const data = new WaybillData(history, ctx.clock);
    const views = new WaybillViews(service, repo, fencesRepo, data);
    const exports = new WaybillExports(service, repo, history, data, ctx.clock, ctx.config.pdfFontPath);
    const tracker = new FenceTracker(ctx.db, repo, fencesRepo, service.lifecycle, api.log);
    const sweep = new WaybillSweep(repo, service.lifecycle, ctx.mailer, api.log, tracker);
    modules.set(ctx, { service, sweep, tracker });

    await tracker.refresh();
    tracker.attach(ctx.telemetryEvents);
    jobs.register(waybillSweepJob(sweep));
    api.addHook('preClose', async () => {
      tracker.detach(ctx.telemetryEvents);
      await tracker.idle();
    });

    // Changes on this node join the fence tracking before the answer; other nodes' at the next sweep.
    const refresh = () => tracker.refresh();
    await api.register(waybillsRoutes(service, views, exports, ctx.config.publicUrl, refresh));
    await api.register(geofencesRoutes(new GeofencesService(fencesRepo, ctx.clock)));
    await api.register(
      waybillPublicRoutes(
        views,
        { tileUrl: ctx.config.mapTileUrl, attribution: ctx.config.mapTileAttribution },
        ctx.config.rateLimits.publicPerMinute,
      ),
    );
  };
}
