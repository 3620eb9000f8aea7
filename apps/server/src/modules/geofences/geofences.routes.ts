import {
  deletedAnswerSchema,
  geofenceInsertSchema,
  geofencePageSchema,
  geofenceSchema,
  geofenceUpdateSchema,
  pageResponseSchema,
  waybillIdQuerySchema,
  waybillIdsQuerySchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { Owner } from './geofences.repo.ts';
import type { GeofencesService } from './geofences.service.ts';

const TAG = ['geofences'];
const FENCE = '/device/DeviceFenceModel';

export function ownerOf(request: FastifyRequest): Owner {
  const { account } = requireAuth(request);
  return { accountId: account.id, platformId: account.platformId };
}

/** Geofences (002 §7 DeviceFenceModel: POST lists and inserts, DELETE fence). */
export function geofencesRoutes(service: GeofencesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${FENCE}/page`,
      {
        config: { permission: 'waybill.geofence:query', audit: false },
        schema: {
          tags: TAG,
          body: geofencePageSchema,
          response: okSchema(pageResponseSchema(geofenceSchema)),
        },
      },
      async (request) => ok(request, await service.page(ownerOf(request), request.body)),
    );

    app.get(
      `${FENCE}/detail`,
      {
        config: { permission: 'waybill.geofence:query' },
        schema: { tags: TAG, querystring: waybillIdQuerySchema, response: okSchema(geofenceSchema) },
      },
      async (request) => ok(request, await service.get(ownerOf(request), request.query.id)),
    );

    app.post(
      `${FENCE}/insert`,
      {
        config: { permission: 'waybill.geofence:add', action: 'geofence.insert' },
        schema: { tags: TAG, body: geofenceInsertSchema, response: okSchema(geofenceSchema) },
      },
      async (request) => {
        const fence = await service.insert(ownerOf(request), request.body);
        request.auditNote = { entityType: 'geofence', entityId: fence.id, newValue: fence };
        return ok(request, fence);
      },
    );

    app.put(
      `${FENCE}/update`,
      {
        config: { permission: 'waybill.geofence:edit', action: 'geofence.update' },
        schema: { tags: TAG, body: geofenceUpdateSchema, response: okSchema(geofenceSchema) },
      },
      async (request) => {
        const { before, after } = await service.update(ownerOf(request), request.body);
        request.auditNote = { entityType: 'geofence', entityId: after.id, oldValue: before, newValue: after };
        return ok(request, after);
      },
    );

    app.delete(
      `${FENCE}/delete`,
      {
        config: { permission: 'waybill.geofence:delete', action: 'geofence.delete' },
        schema: { tags: TAG, querystring: waybillIdsQuerySchema, response: okSchema(deletedAnswerSchema) },
      },
      async (request) => {
        const deleted = await service.delete(ownerOf(request), request.query.ids);
        request.auditNote = {
          entityType: 'geofence',
          entityId: deleted.map((f) => f.id).join(','),
          oldValue: deleted,
        };
        return ok(request, { deleted: deleted.length });
      },
    );
  };
}
