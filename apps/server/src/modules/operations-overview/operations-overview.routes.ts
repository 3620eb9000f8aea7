import {
  connectionEventPageSchema,
  connectionEventSchema,
  deviceConnectionPageSchema,
  deviceConnectionSchema,
  idParamSchema,
  networkSummarySchema,
  overviewSchema,
  pageResponseSchema,
  patternImagePageSchema,
  patternImageSchema,
  platformFiguresSchema,
  transportStatusSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { Ingest } from '../../ingest/ingest.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { IMAGE_NAME_PATTERN, ImageStore, readImageUpload } from '../platforms/image-store.ts';
import { NetworkRepo } from './network.repo.ts';
import { OperationsOverviewService, scopeOf } from './operations-overview.service.ts';
import { PatternImages } from './pattern-images.ts';
import { ReadingsCounter } from './readings-counter.ts';

const TAG = ['operations'];
const SYSTEM = '/base/BaseSystem';
const STARTED = Date.now();

/**
 * The operators' system pages (000 §2.5): overview figures, this node's transport, per-platform
 * figures, the DTU network log, device connections and pattern images. Figures are the caller's
 * platform's, or every platform's for the default platform's back office.
 */
export function operationsOverviewRoutes(ctx: AppContext, ingest: Ingest): FastifyPluginAsyncZod {
  const service = new OperationsOverviewService(ctx.db, new NetworkRepo(ctx.db), ctx.clock);
  const patterns = new PatternImages(ctx.db, new ImageStore(ctx.config.dataDir, 'patterns'), ctx.clock);
  const counter = new ReadingsCounter(ctx.db, ctx.telemetryEvents);

  return async (app) => {
    counter.start();
    app.addHook('preClose', async () => counter.stop());

    app.get(
      `${SYSTEM}/overview`,
      {
        config: { permission: 'operation.system:query' },
        schema: { tags: TAG, response: okSchema(overviewSchema) },
      },
      async (request) => {
        await counter.flush();
        return ok(request, await service.overview(scopeOf(request)));
      },
    );

    app.get(
      `${SYSTEM}/transport`,
      {
        config: { permission: 'operation.system:query' },
        schema: { tags: TAG, response: okSchema(transportStatusSchema) },
      },
      async (request) => {
        // The broker and this process serve every platform: only the platform host's back office reads them.
        if (scopeOf(request) !== null) throw new AppError('forbidden');
        const memory = process.memoryUsage();
        return ok(request, {
          ...ingest.status(),
          uptimeSeconds: Math.round((Date.now() - STARTED) / 1000),
          database: ctx.dialect,
          nodeVersion: process.version,
          memoryRssMb: Math.round(memory.rss / 104_857.6) / 10,
        });
      },
    );

    app.post(
      `${SYSTEM}/platformFigures`,
      {
        config: { permission: 'operation.lightBusiness:query', audit: false },
        schema: { tags: TAG, response: okSchema(z.array(platformFiguresSchema)) },
      },
      async (request) => ok(request, await service.platformFigures(scopeOf(request))),
    );

    app.post(
      '/device/DtuLog/page',
      {
        config: { permission: 'operation.dtuLog:query', audit: false },
        schema: {
          tags: TAG,
          body: connectionEventPageSchema,
          response: okSchema(pageResponseSchema(connectionEventSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.events(scopeOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => ({ ...r, kind: r.kind as 'connect' })),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      '/device/DeviceNetwork/page',
      {
        config: { permission: 'operation.network:query', audit: false },
        schema: {
          tags: TAG,
          body: deviceConnectionPageSchema,
          response: okSchema(pageResponseSchema(deviceConnectionSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.connections(scopeOf(request), request.body);
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    app.get(
      '/device/DeviceNetwork/summary',
      {
        config: { permission: 'operation.network:query' },
        schema: { tags: TAG, response: okSchema(networkSummarySchema) },
      },
      async (request) => ok(request, await service.networkSummary(scopeOf(request))),
    );

    app.post(
      '/device/PatternImage/page',
      {
        config: { permission: 'operation.pattern:query', audit: false },
        schema: {
          tags: TAG,
          body: patternImagePageSchema,
          response: okSchema(pageResponseSchema(patternImageSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await patterns.page(request.platform.id, request.body);
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    app.post(
      '/device/PatternImage/upload',
      {
        config: { permission: 'operation.pattern:add', action: 'patternImage.upload' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'A field `name` (up to 50 characters) before one file part: jpg, jpeg or png, at most 2 MB.',
          response: okSchema(patternImageSchema),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const upload = await readImageUpload(request);
        const image = await patterns.upload(request.platform.id, auth.account.id, {
          name: upload.fields.name,
          filename: upload.filename,
          bytes: upload.bytes,
        });
        request.auditNote = {
          entityType: 'patternImage',
          entityId: image.id,
          newValue: { name: image.name, sizeBytes: image.sizeBytes },
        };
        return ok(request, { ...image, creatorName: auth.account.userName });
      },
    );

    app.delete(
      '/device/PatternImage/delete',
      {
        config: { permission: 'operation.pattern:delete', action: 'patternImage.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const removed = await patterns.delete(request.platform.id, request.query.id);
        request.auditNote = { entityType: 'patternImage', entityId: removed.id, oldValue: removed };
        return ok(request, null);
      },
    );

    app.get(
      '/files/patterns/:fileName',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          params: z.object({
            fileName: z.string().regex(IMAGE_NAME_PATTERN, { message: 'rules.invalidFormat' }),
          }),
        },
      },
      async (request, reply) => patterns.store.send(request.params.fileName, reply),
    );
  };
}
