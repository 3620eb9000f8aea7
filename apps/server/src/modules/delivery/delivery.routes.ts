import {
  consolePushRecordPageSchema,
  consolePushRecordSchema,
  pageResponseSchema,
  pushRecordPageSchema,
  pushRecordSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { visibleDevices } from '../devices/device-policy.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { presentConsolePushRecord, presentPushRecord } from './push-records.presenter.ts';
import type { PushRecordsRepo } from './push-records.repo.ts';

/**
 * Push records: the back office's page (/operation/pushRecord), scoped to the caller's platform, and
 * the cloud-chain page (/cloudChain/pushRecord), scoped to the devices the caller sees in the console.
 */
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

    app.post(
      '/device/PushRecord/consolePage',
      {
        config: { permission: 'cloudChain.pushRecord:query', audit: false },
        schema: {
          tags: ['delivery'],
          body: consolePushRecordPageSchema,
          response: okSchema(pageResponseSchema(consolePushRecordSchema)),
        },
      },
      async (request) => {
        const scope = visibleDevices(callerOf(request), 'console');
        const { rows, totalCount } = await records.consolePage(scope, request.body);
        return ok(request, {
          data: rows.map(presentConsolePushRecord),
          start: request.body.start,
          totalCount,
        });
      },
    );
  };
}
