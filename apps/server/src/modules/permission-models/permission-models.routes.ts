import {
  devicePermissionQuerySchema,
  devicePermissionSchema,
  idParamSchema,
  pageResponseSchema,
  permissionCatalogueQuerySchema,
  permissionCatalogueSchema,
  permissionModelInsertSchema,
  permissionModelPageSchema,
  permissionModelSchema,
  permissionModelUpdateSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { presentPermissionModel } from './permission-models.presenter.ts';
import type { PermissionModelsService } from './permission-models.service.ts';

const TAG = ['permission-models'];
const MODEL = '/device/DevicePermissionModel';

/**
 * Permission templates under /device/DevicePermissionModel (002 §7; paths in docs/decisions.md):
 * the caller's templates, what a template can govern for a device type, and the caller's effective
 * permissions on one device (the console hides and disables by them; the server enforces them).
 */
export function permissionModelsRoutes(models: PermissionModelsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${MODEL}/page`,
      {
        config: { permission: 'device.list:query', audit: false },
        schema: {
          tags: TAG,
          body: permissionModelPageSchema,
          response: okSchema(pageResponseSchema(permissionModelSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await models.page(callerOf(request), request.body);
        return ok(request, {
          data: rows.map(({ row, usedBy }) => presentPermissionModel(row, usedBy)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.get(
      `${MODEL}/detail`,
      {
        config: { permission: 'device.list:query' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(permissionModelSchema) },
      },
      async (request) => {
        const { row, usedBy } = await models.detail(callerOf(request), request.query.id);
        return ok(request, presentPermissionModel(row, usedBy));
      },
    );

    app.get(
      `${MODEL}/catalogue`,
      {
        config: { permission: 'device.list:query' },
        schema: {
          tags: TAG,
          querystring: permissionCatalogueQuerySchema,
          response: okSchema(permissionCatalogueSchema),
        },
      },
      async (request) => ok(request, { items: await models.catalogue(request.query.deviceTypeId ?? null) }),
    );

    app.get(
      `${MODEL}/devicePermission`,
      {
        schema: {
          tags: TAG,
          querystring: devicePermissionQuerySchema,
          response: okSchema(devicePermissionSchema),
        },
      },
      async (request) =>
        ok(request, await models.devicePermission(callerOf(request), request.query.deviceId)),
    );

    app.post(
      `${MODEL}/insert`,
      {
        config: { permission: 'consumer.sharer:add', action: 'permissionModel.insert' },
        schema: { tags: TAG, body: permissionModelInsertSchema, response: okSchema(permissionModelSchema) },
      },
      async (request) => {
        const { row, usedBy } = await models.insert(callerOf(request), request.body);
        const shown = presentPermissionModel(row, usedBy);
        request.auditNote = { entityType: 'permissionModel', entityId: row.id, newValue: shown };
        return ok(request, shown);
      },
    );

    app.put(
      `${MODEL}/update`,
      {
        config: { permission: 'consumer.sharer:edit', action: 'permissionModel.update' },
        schema: { tags: TAG, body: permissionModelUpdateSchema, response: okSchema(permissionModelSchema) },
      },
      async (request) => {
        const { before, after } = await models.update(callerOf(request), request.body);
        const shown = presentPermissionModel(after.row, after.usedBy);
        request.auditNote = {
          entityType: 'permissionModel',
          entityId: before.id,
          oldValue: presentPermissionModel(before, after.usedBy),
          newValue: shown,
        };
        return ok(request, shown);
      },
    );

    app.delete(
      `${MODEL}/delete`,
      {
        config: { permission: 'consumer.sharer:delete', action: 'permissionModel.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await models.delete(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'permissionModel',
          entityId: row.id,
          oldValue: presentPermissionModel(row, 0),
        };
        return ok(request, null);
      },
    );
  };
}
