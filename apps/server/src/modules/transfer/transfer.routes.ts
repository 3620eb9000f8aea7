import {
  batchTransferResultSchema,
  deviceTransferBatchSchema,
  deviceTransferPageSchema,
  deviceTransferSchema,
  pageResponseSchema,
  requestIdQuerySchema,
  requestIdSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { presentTransfer } from './transfer.presenter.ts';
import type { TransferService } from './transfer.service.ts';

const TAG = ['transfer'];
const TRANSFER = '/device/DeviceTransfer';

/**
 * Transfer under /device/DeviceTransfer (002 §7: POST batch transfer; the other paths are in
 * docs/decisions.md). Offering a device needs device.list:edit; answering an offer the device list.
 */
export function transferRoutes(transfers: TransferService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${TRANSFER}/batchTransfer`,
      {
        config: { permission: 'device.list:edit', action: 'deviceTransfer.batchTransfer' },
        schema: { tags: TAG, body: deviceTransferBatchSchema, response: okSchema(batchTransferResultSchema) },
      },
      async (request) => {
        const rows = await transfers.batchTransfer(callerOf(request), request.body);
        const shown = rows.map(presentTransfer);
        request.auditNote = {
          entityType: 'deviceTransfer',
          entityId: rows.map((r) => r.id).join(','),
          newValue: shown,
        };
        return ok(request, { transfers: shown });
      },
    );

    app.post(
      `${TRANSFER}/page`,
      {
        config: { permission: 'device.list:query', audit: false },
        schema: {
          tags: TAG,
          body: deviceTransferPageSchema,
          response: okSchema(pageResponseSchema(deviceTransferSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await transfers.page(callerOf(request), request.body);
        return ok(request, { data: rows.map(presentTransfer), start: request.body.start, totalCount });
      },
    );

    for (const answer of ['accept', 'refuse'] as const) {
      app.put(
        `${TRANSFER}/${answer}`,
        {
          config: { permission: 'device.list:query', action: `deviceTransfer.${answer}` },
          schema: { tags: TAG, body: requestIdSchema, response: okSchema(deviceTransferSchema) },
        },
        async (request) => {
          const shown = presentTransfer(await transfers[answer](callerOf(request), request.body.id));
          request.auditNote = { entityType: 'deviceTransfer', entityId: shown.id, newValue: shown };
          return ok(request, shown);
        },
      );
    }

    app.delete(
      `${TRANSFER}/cancel`,
      {
        config: { permission: 'device.list:edit', action: 'deviceTransfer.cancel' },
        schema: { tags: TAG, querystring: requestIdQuerySchema, response: okSchema(deviceTransferSchema) },
      },
      async (request) => {
        const shown = presentTransfer(await transfers.cancel(callerOf(request), request.query.id));
        request.auditNote = { entityType: 'deviceTransfer', entityId: shown.id, newValue: shown };
        return ok(request, shown);
      },
    );
  };
}
