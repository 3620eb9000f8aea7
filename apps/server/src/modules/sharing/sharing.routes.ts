import {
  batchShareResultSchema,
  deviceShareBatchSchema,
  deviceSharePageSchema,
  deviceShareSchema,
  pageResponseSchema,
  pendingRequestsSchema,
  requestIdQuerySchema,
  requestIdSchema,
  type ShareValidity,
  shareLinkCreateSchema,
  shareLinkSchema,
  shareModelUpdateSchema,
  sharePageInfoSchema,
  shareTokenSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { presentTransfer } from '../transfer/transfer.presenter.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import { presentShare } from './sharing.presenter.ts';
import type { SharingService } from './sharing.service.ts';

const TAG = ['sharing'];
const SHARE = '/device/DeviceShare';

/**
 * Sharing under /device/DeviceShare (002 §7: POST batch share, GET share page info; the other paths
 * are in docs/decisions.md). Sharing needs consumer.sharer; answering a share offered to the caller
 * needs only the device list.
 */
export function sharingRoutes(
  sharing: SharingService,
  transfers: TransferService,
  clock: Clock,
): FastifyPluginAsyncZod {
  const now = () => clock.now().toISOString();
  return async (app) => {
    app.post(
      `${SHARE}/batchShare`,
      {
        config: { permission: 'consumer.sharer:add', action: 'deviceShare.batchShare' },
        schema: { tags: TAG, body: deviceShareBatchSchema, response: okSchema(batchShareResultSchema) },
      },
      async (request) => {
        const rows = await sharing.batchShare(callerOf(request), request.body);
        const at = now();
        const shares = rows.map((r) => presentShare(r, at));
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: rows.map((r) => r.id).join(','),
          newValue: shares,
        };
        return ok(request, { shares });
      },
    );

    app.post(
      `${SHARE}/page`,
      {
        config: { permission: 'device.list:query', audit: false },
        schema: {
          tags: TAG,
          body: deviceSharePageSchema,
          response: okSchema(pageResponseSchema(deviceShareSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await sharing.page(callerOf(request), request.body);
        const at = now();
        return ok(request, {
          data: rows.map((r) => presentShare(r, at)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.get(
      `${SHARE}/pendingRequests`,
      {
        config: { permission: 'device.list:query' },
        schema: { tags: TAG, response: okSchema(pendingRequestsSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const at = now();
        const [shares, incoming] = await Promise.all([sharing.pending(caller), transfers.pending(caller)]);
        return ok(request, {
          shares: shares.map((r) => presentShare(r, at)),
          transfers: incoming.map(presentTransfer),
        });
      },
    );

    for (const [path, answer] of [
      ['accept', 'accept'],
      ['refuse', 'refuse'],
    ] as const) {
      app.put(
        `${SHARE}/${path}`,
        {
          config: { permission: 'device.list:query', action: `deviceShare.${path}` },
          schema: { tags: TAG, body: requestIdSchema, response: okSchema(deviceShareSchema) },
        },
        async (request) => {
          const row = await sharing[answer](callerOf(request), request.body.id);
          const shown = presentShare(row, now());
          request.auditNote = { entityType: 'deviceShare', entityId: row.id, newValue: shown };
          return ok(request, shown);
        },
      );
    }

    app.delete(
      `${SHARE}/cancel`,
      {
        config: { permission: 'device.list:query', action: 'deviceShare.cancel' },
        schema: { tags: TAG, querystring: requestIdQuerySchema, response: okSchema(deviceShareSchema) },
      },
      async (request) => {
        const row = await sharing.cancel(callerOf(request), request.query.id);
        const shown = presentShare(row, now());
        request.auditNote = { entityType: 'deviceShare', entityId: row.id, newValue: shown };
        return ok(request, shown);
      },
    );

    app.put(
      `${SHARE}/updateModel`,
      {
        config: { permission: 'consumer.sharer:edit', action: 'deviceShare.updateModel' },
        schema: { tags: TAG, body: shareModelUpdateSchema, response: okSchema(deviceShareSchema) },
      },
      async (request) => {
        const { before, after } = await sharing.updateModel(callerOf(request), request.body);
        const at = now();
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: after.id,
          oldValue: presentShare(before, at),
          newValue: presentShare(after, at),
        };
        return ok(request, presentShare(after, at));
      },
    );

    app.post(
      `${SHARE}/createLink`,
      {
        config: { permission: 'consumer.sharer:add', action: 'deviceShare.createLink' },
        schema: { tags: TAG, body: shareLinkCreateSchema, response: okSchema(shareLinkSchema) },
      },
      async (request) => {
        const { row, token } = await sharing.createLink(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'deviceShareLink',
          entityId: row.id,
          newValue: {
            deviceIds: JSON.parse(row.deviceIds),
            validity: row.validity,
            expiresAt: row.expiresAt,
          },
        };
        return ok(request, {
          id: row.id,
          token,
          validity: row.validity as ShareValidity,
          expiresAt: row.expiresAt,
        });
      },
    );

    app.get(
      `${SHARE}/pageInfo`,
      {
        config: { access: 'public' },
        schema: { tags: TAG, querystring: shareTokenSchema, response: okSchema(sharePageInfoSchema) },
      },
      async (request) => ok(request, await sharing.pageInfo(request.query.token, request.platform.id)),
    );

    app.post(
      `${SHARE}/acceptLink`,
      {
        config: { permission: 'device.list:query', action: 'deviceShare.acceptLink' },
        schema: { tags: TAG, body: shareTokenSchema, response: okSchema(batchShareResultSchema) },
      },
      async (request) => {
        const rows = await sharing.acceptLink(callerOf(request), request.body.token);
        const at = now();
        const shares = rows.map((r) => presentShare(r, at));
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: rows.map((r) => r.id).join(','),
          newValue: shares,
        };
        return ok(request, { shares });
      },
    );
  };
}
