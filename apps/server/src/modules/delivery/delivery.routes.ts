import { pageResponseSchema, pushRecordPageSchema, pushRecordSchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { presentPushRecord } from './push-records.presenter.ts';
import type { PushRecordsRepo } from './push-records.repo.ts';

/** The back office's push records page (/operation/pushRecord), scoped to the caller's platform. */
export function deliveryRoutes(records: PushRecordsRepo): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/device/PushRecord/page',
      {
        config: { permission: 'operation.pushRecord:query', audit: false },
        schema: {
          tags: ['delivery'],
          body: pushRecordPageSchema,
          response: okSchema(pageResponseSchema(pushRecordSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await records.page(request.platform.id, request.body);
        return ok(request, { data: rows.map(presentPushRecord), start: request.body.start, totalCount });
      },
    );
  };
}
