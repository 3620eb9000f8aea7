import {
  mapConfigSchema,
  publicWaybillDetailRequestSchema,
  publicWaybillDetailSchema,
  publicWaybillListSchema,
  publicWaybillLookupSchema,
  publicWaybillReceiveSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { perAddress } from '../accounts/rate-limits.ts';
import type { WaybillViews } from './waybill-views.ts';

const TAG = ['waybills (public)'];
const QUICK = '/device/QuickSearch';

/**
 * Public waybill pages (pcQuick / mobileQuick waybill list and detail): no session, the request's
 * platform only, limited per address like the device quick query, and answering only what those
 * pages show (presentPublicRow).
 */
export function waybillPublicRoutes(
  views: WaybillViews,
  map: { tileUrl: string; attribution: string },
  publicPerMinute: number,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${QUICK}/mapConfig`,
      {
        config: { access: 'public' },
        schema: { tags: TAG, response: okSchema(mapConfigSchema) },
      },
      async (request) => ok(request, map),
    );

    app.post(
      `${QUICK}/waybillList`,
      {
        config: { access: 'public', audit: false, rateLimit: perAddress(publicPerMinute) },
        schema: { tags: TAG, body: publicWaybillLookupSchema, response: okSchema(publicWaybillListSchema) },
      },
      async (request) => ok(request, await views.lookup(request.platform.id, request.body)),
    );

    app.post(
      `${QUICK}/waybillDetail`,
      {
        config: { access: 'public', audit: false, rateLimit: perAddress(publicPerMinute) },
        schema: {
          tags: TAG,
          body: publicWaybillDetailRequestSchema,
          response: okSchema(publicWaybillDetailSchema),
        },
      },
      async (request) => ok(request, await views.publicDetail(request.platform.id, request.body)),
    );

    app.post(
      `${QUICK}/waybillReceive`,
      {
        config: {
          access: 'public',
          action: 'waybill.receive',
          rateLimit: perAddress(publicPerMinute),
        },
        schema: {
          tags: TAG,
          body: publicWaybillReceiveSchema,
          response: okSchema(publicWaybillDetailSchema),
        },
      },
      async (request) => {
        const { row, detail } = await views.publicReceive(
          request.platform.id,
          request.body.shareToken,
          request.body.receiverMan || null,
          1000,
        );
        request.auditNote = {
          entityType: 'waybill',
          entityId: row.id,
          oldValue: { waybillState: row.waybillState },
          newValue: { waybillState: detail.waybill.waybillState, receivedBy: 'receiver' },
        };
        return ok(request, detail);
      },
    );
  };
}
