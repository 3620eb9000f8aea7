import {
  deletedAnswerSchema,
  pageResponseSchema,
  trackTemplateInsertSchema,
  trackTemplatePageSchema,
  trackTemplateSchema,
  waybillAlarmPageAnswerSchema,
  waybillAlarmPageSchema,
  waybillChangeStateSchema,
  waybillChartAnswerSchema,
  waybillChartSchema,
  waybillDetailQuerySchema,
  waybillDetailSchema,
  waybillExportQuerySchema,
  waybillIdQuerySchema,
  waybillIdSchema,
  waybillIdsQuerySchema,
  waybillInsertSchema,
  waybillOverviewSchema,
  waybillPageSchema,
  waybillRangeSchema,
  waybillRowSchema,
  waybillShareAnswerSchema,
  waybillShareSchema,
  waybillTemplateInsertSchema,
  waybillTemplatePageSchema,
  waybillTemplateSchema,
  waybillTrackSchema,
  waybillUpdateSchema,
} from '@coldchain/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { ownerOf } from '../geofences/geofences.routes.ts';
import { type TemperatureUnit, temperatureUnitOf } from './temperature-unit.ts';
import type { WaybillExports, WaybillFile } from './waybill-exports.ts';
import type { WaybillViews } from './waybill-views.ts';
import { auditWaybill } from './waybills.presenter.ts';
import type { Saved, WaybillsService } from './waybills.service.ts';

const TAG = ['waybills'];
const WAYBILL = '/device/DeviceWaybillInfo';
const TEMPLATE = '/device/DeviceWaybillModel';
const TRACK = '/device/DeviceTrackModel';

/** The success envelope; a waybill whose air-mode times were moved says so in `msg` (002 §8). */
function answer<T>(request: FastifyRequest, data: T, corrected = false) {
  return { code: 0, msg: request.t(corrected ? 'errors.waybillTimeCorrected' : 'success'), data };
}

function sendFile(reply: FastifyReply, file: WaybillFile) {
  return reply
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .type(file.contentType)
    .send(file.stream);
}

/** The console's origin, for the QR code of a report (PUBLIC_URL when set). */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The signed-in account's temperature unit: every temperature it reads or writes is in it. */
const unitOf = (request: FastifyRequest): TemperatureUnit =>
  temperatureUnitOf(requireAuth(request).account.temperatureUnit);

const audited = (request: FastifyRequest, saved: Saved) => {
  request.auditNote = {
    entityType: 'waybill',
    entityId: saved.after.id,
    oldValue: saved.before,
    newValue: saved.after,
  };
};

/**
 * Waybills (002 §7 DeviceWaybillInfo: POST lists, inserts, state changes and sharing; PUT update;
 * DELETE; GET detail; blob export), waybill templates and track templates. Sub-paths are not in the
 * spec; the list is in packages/shared/src/schemas/waybill.ts.
 */
export function waybillsRoutes(
  service: WaybillsService,
  views: WaybillViews,
  exports: WaybillExports,
  publicUrl: string | undefined,
  changed: () => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${WAYBILL}/page`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: {
          tags: TAG,
          body: waybillPageSchema,
          response: okSchema(pageResponseSchema(waybillRowSchema)),
        },
      },
      async (request) => answer(request, await service.page(ownerOf(request), request.body, unitOf(request))),
    );

    app.get(
      `${WAYBILL}/detail`,
      {
        config: { permission: 'waybill.list:query' },
        schema: { tags: TAG, querystring: waybillDetailQuerySchema, response: okSchema(waybillDetailSchema) },
      },
      async (request) =>
        answer(request, await service.detail(ownerOf(request), request.query, unitOf(request))),
    );

    app.post(
      `${WAYBILL}/insert`,
      {
        config: { permission: 'waybill.list:add', action: 'waybill.insert' },
        schema: { tags: TAG, body: waybillInsertSchema, response: okSchema(waybillDetailSchema) },
      },
      async (request) => {
        const saved = await service.insert(callerOf(request), request.body);
        audited(request, saved);
        await changed();
        return answer(request, saved.after, saved.timeCorrected);
      },
    );

    app.put(
      `${WAYBILL}/update`,
      {
        config: { permission: 'waybill.list:edit', action: 'waybill.update' },
        schema: { tags: TAG, body: waybillUpdateSchema, response: okSchema(waybillDetailSchema) },
      },
      async (request) => {
        const saved = await service.update(callerOf(request), request.body);
        audited(request, saved);
        await changed();
        return answer(request, saved.after, saved.timeCorrected);
      },
    );

    app.delete(
      `${WAYBILL}/delete`,
      {
        config: { permission: 'waybill.list:delete', action: 'waybill.delete' },
        schema: { tags: TAG, querystring: waybillIdsQuerySchema, response: okSchema(deletedAnswerSchema) },
      },
      async (request) => {
        const rows = await service.delete(ownerOf(request), request.query.ids);
        request.auditNote = {
          entityType: 'waybill',
          entityId: rows.map((r) => r.id).join(','),
          oldValue: rows.map(auditWaybill),
        };
        await changed();
        return answer(request, { deleted: rows.length });
      },
    );

    app.post(
      `${WAYBILL}/changeState`,
      {
        config: { permission: 'waybill.list:edit', action: 'waybill.changeState' },
        schema: { tags: TAG, body: waybillChangeStateSchema, response: okSchema(waybillDetailSchema) },
      },
      async (request) => {
        const { before, after } = await service.changeState(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'waybill',
          entityId: after.id,
          oldValue: { waybillState: before.waybillState },
          newValue: {
            waybillState: after.waybillState,
            action: request.body.action,
            confirm: request.body.confirm,
          },
        };
        await changed();
        return answer(request, after);
      },
    );

    app.post(
      `${WAYBILL}/share`,
      {
        config: { permission: 'waybill.list:query', action: 'waybill.share' },
        schema: { tags: TAG, body: waybillShareSchema, response: okSchema(waybillShareAnswerSchema) },
      },
      async (request) => {
        const shared = await service.share(ownerOf(request), request.body);
        request.auditNote = {
          entityType: 'waybill',
          entityId: request.body.id,
          newValue: { validity: request.body.validity, expiresAt: new Date(shared.expiresAt).toISOString() },
        };
        return answer(request, shared);
      },
    );

    app.post(
      `${WAYBILL}/overview`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: { tags: TAG, body: waybillIdSchema, response: okSchema(waybillOverviewSchema) },
      },
      async (request) =>
        answer(request, await views.overview(ownerOf(request), request.body.id, unitOf(request))),
    );

    app.post(
      `${WAYBILL}/track`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: { tags: TAG, body: waybillRangeSchema, response: okSchema(waybillTrackSchema) },
      },
      async (request) => answer(request, await views.track(ownerOf(request), request.body, request.t)),
    );

    app.post(
      `${WAYBILL}/chart`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: { tags: TAG, body: waybillChartSchema, response: okSchema(waybillChartAnswerSchema) },
      },
      async (request) =>
        answer(request, await views.chart(ownerOf(request), request.body, request.t, unitOf(request))),
    );

    app.post(
      `${WAYBILL}/alarms`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: { tags: TAG, body: waybillAlarmPageSchema, response: okSchema(waybillAlarmPageAnswerSchema) },
      },
      async (request) =>
        answer(request, await views.alarms(ownerOf(request), request.body, request.t, unitOf(request))),
    );

    app.get(
      `${WAYBILL}/export`,
      {
        config: { permission: 'waybill.list:export' },
        schema: { tags: TAG, querystring: waybillExportQuerySchema },
      },
      async (request, reply) =>
        sendFile(reply, exports.list(ownerOf(request), request.query, request.t, unitOf(request))),
    );

    app.get(
      `${WAYBILL}/report`,
      {
        config: { permission: 'waybill.list:export' },
        schema: { tags: TAG, querystring: waybillIdQuerySchema },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await exports.report(
            ownerOf(request),
            request.query.id,
            request.t,
            originOf(request, publicUrl),
            unitOf(request),
          ),
        ),
    );

    app.post(
      `${TEMPLATE}/page`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: {
          tags: TAG,
          body: waybillTemplatePageSchema,
          response: okSchema(pageResponseSchema(waybillTemplateSchema)),
        },
      },
      async (request) =>
        answer(request, await service.templatePage(ownerOf(request), request.body, unitOf(request))),
    );

    app.post(
      `${TEMPLATE}/insert`,
      {
        config: { permission: 'waybill.list:add', action: 'waybillTemplate.insert' },
        schema: { tags: TAG, body: waybillTemplateInsertSchema, response: okSchema(waybillTemplateSchema) },
      },
      async (request) => {
        const template = await service.insertTemplate(callerOf(request), request.body, unitOf(request));
        request.auditNote = { entityType: 'waybillTemplate', entityId: template.id, newValue: template };
        return answer(request, template);
      },
    );

    app.delete(
      `${TEMPLATE}/delete`,
      {
        config: { permission: 'waybill.list:delete', action: 'waybillTemplate.delete' },
        schema: { tags: TAG, querystring: waybillIdsQuerySchema, response: okSchema(deletedAnswerSchema) },
      },
      async (request) => {
        const deleted = await service.deleteTemplates(ownerOf(request), 'waybill', request.query.ids);
        request.auditNote = { entityType: 'waybillTemplate', entityId: request.query.ids.join(',') };
        return answer(request, { deleted });
      },
    );

    app.post(
      `${TRACK}/page`,
      {
        config: { permission: 'waybill.list:query', audit: false },
        schema: {
          tags: TAG,
          body: trackTemplatePageSchema,
          response: okSchema(pageResponseSchema(trackTemplateSchema)),
        },
      },
      async (request) => answer(request, await service.trackTemplatePage(ownerOf(request), request.body)),
    );

    app.post(
      `${TRACK}/insert`,
      {
        config: { permission: 'waybill.list:add', action: 'trackTemplate.insert' },
        schema: { tags: TAG, body: trackTemplateInsertSchema, response: okSchema(trackTemplateSchema) },
      },
      async (request) => {
        const template = await service.insertTrackTemplate(ownerOf(request), request.body);
        request.auditNote = { entityType: 'trackTemplate', entityId: template.id, newValue: template };
        return answer(request, template);
      },
    );

    app.delete(
      `${TRACK}/delete`,
      {
        config: { permission: 'waybill.list:delete', action: 'trackTemplate.delete' },
        schema: { tags: TAG, querystring: waybillIdsQuerySchema, response: okSchema(deletedAnswerSchema) },
      },
      async (request) => {
        const deleted = await service.deleteTemplates(ownerOf(request), 'track', request.query.ids);
        request.auditNote = { entityType: 'trackTemplate', entityId: request.query.ids.join(',') };
        return answer(request, { deleted });
      },
    );
  };
}
