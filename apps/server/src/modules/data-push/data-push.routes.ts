import {
  dataPushConfigDetailSchema,
  dataPushConfigInsertSchema,
  dataPushConfigPageSchema,
  dataPushConfigSchema,
  dataPushConfigUpdateSchema,
  dataPushTestResultSchema,
  idBodySchema,
  idParamSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { presentDataPushConfig, presentDataPushConfigDetail } from './data-push.presenter.ts';
import type { DataPushService } from './data-push.service.ts';

const TAG = ['dataPush'];
const CONFIG = '/device/DataPushConfig';

/** The back office's data push page (/operation/dataPush); every call is scoped to the caller's platform. */
export function dataPushRoutes(service: DataPushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${CONFIG}/page`,
      {
        config: { permission: 'operation.dataPush:query', audit: false },
        schema: {
          tags: TAG,
          body: dataPushConfigPageSchema,
          response: okSchema(pageResponseSchema(dataPushConfigSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(request.platform.id, request.body);
        return ok(request, { data: rows.map(presentDataPushConfig), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${CONFIG}/detail`,
      {
        config: { permission: 'operation.dataPush:get' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(dataPushConfigDetailSchema) },
      },
      async (request) =>
        ok(request, presentDataPushConfigDetail(await service.get(request.platform.id, request.query.id))),
    );

    app.post(
      `${CONFIG}/insert`,
      {
        config: { permission: 'operation.dataPush:add', action: 'dataPushConfig.insert' },
        schema: {
          tags: TAG,
          body: dataPushConfigInsertSchema,
          response: okSchema(dataPushConfigDetailSchema),
        },
      },
      async (request) => {
        const row = await service.insert(request.platform.id, request.body);
        request.auditNote = {
          entityType: 'dataPushConfig',
          entityId: row.id,
          newValue: presentDataPushConfig(row),
        };
        return ok(request, presentDataPushConfigDetail(row));
      },
    );

    app.put(
      `${CONFIG}/update`,
      {
        config: { permission: 'operation.dataPush:edit', action: 'dataPushConfig.update' },
        schema: {
          tags: TAG,
          body: dataPushConfigUpdateSchema,
          response: okSchema(dataPushConfigDetailSchema),
        },
      },
      async (request) => {
        const { before, after } = await service.update(request.platform.id, request.body);
        request.auditNote = {
          entityType: 'dataPushConfig',
          entityId: after.id,
          oldValue: presentDataPushConfig(before),
          newValue: presentDataPushConfig(after),
        };
        return ok(request, presentDataPushConfigDetail(after));
      },
    );

    app.delete(
      `${CONFIG}/delete`,
      {
        config: { permission: 'operation.dataPush:delete', action: 'dataPushConfig.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.delete(request.platform.id, request.query.id);
        request.auditNote = {
          entityType: 'dataPushConfig',
          entityId: row.id,
          oldValue: presentDataPushConfig(row),
        };
        return ok(request, null);
      },
    );

    app.post(
      `${CONFIG}/test`,
      {
        config: { permission: 'operation.dataPush:edit', action: 'dataPushConfig.test' },
        schema: { tags: TAG, body: idBodySchema, response: okSchema(dataPushTestResultSchema) },
      },
      async (request) => ok(request, await service.test(request.platform.id, request.body.id)),
    );
  };
}
