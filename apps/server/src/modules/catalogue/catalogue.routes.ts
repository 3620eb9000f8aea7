import {
  DEVICE_TYPE_IMPORT_MAX_BYTES,
  deviceTypeFileSchema,
  deviceTypeInsertSchema,
  deviceTypeOptionSchema,
  deviceTypePageSchema,
  deviceTypeSchema,
  deviceTypeUpdateSchema,
  idBodySchema,
  idListSchema,
  idParamSchema,
  modelInsertSchema,
  modelPageSchema,
  modelSchema,
  modelStateSchema,
  modelUpdateSchema,
  pageResponseSchema,
  paramInsertSchema,
  paramListQuerySchema,
  paramPageSchema,
  paramSchema,
  paramUpdateSchema,
  seriesInsertSchema,
  seriesPageSchema,
  seriesSchema,
  seriesUpdateSchema,
  unitConvertSchema,
  unitInsertSchema,
  unitPageSchema,
  unitSchema,
  unitUpdateSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  presentDeviceType,
  presentModel,
  presentParam,
  presentSeries,
  presentTypeOption,
  presentUnit,
} from './catalogue.presenter.ts';
import { DeviceParamsRepo } from './device-params.repo.ts';
import { DeviceParamsService } from './device-params.service.ts';
import { DeviceTypesRepo } from './device-types.repo.ts';
import { DeviceTypesService } from './device-types.service.ts';
import { ModelsRepo } from './models.repo.ts';
import { ModelsService } from './models.service.ts';
import { SeriesRepo } from './series.repo.ts';
import { SeriesService } from './series.service.ts';
import { UnitsRepo } from './units.repo.ts';
import { UnitsService } from './units.service.ts';

const TAG = ['catalogue'];
const TYPE = '/device/DeviceType';
const PARAM = '/device/DeviceTypeParam';
const UNIT = '/base/BaseUnit';
const MODEL = '/device/DeviceModel';
const SERIES = '/device/DeviceSeries';

/** Reads the uploaded device type file: one .json part, at most DEVICE_TYPE_IMPORT_MAX_BYTES. */
async function readTypeFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file({ limits: { fileSize: DEVICE_TYPE_IMPORT_MAX_BYTES } });
  if (!part) throw fieldError('file', 'rules.required');
  if (!part.filename.toLowerCase().endsWith('.json')) throw new AppError('fileType', { types: 'JSON' });
  let text: string;
  try {
    text = (await part.toBuffer()).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: DEVICE_TYPE_IMPORT_MAX_BYTES / 1024 / 1024 });
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('fileError');
  }
  const parsed = deviceTypeFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const { rule, params } = ruleOfIssue(issue);
    throw fieldError(issue.path.join('.') || 'file', rule, params);
  }
  return parsed.data;
}

/** The rule a zod issue in an uploaded file broke, as the translation keys request validation uses. */
function ruleOfIssue(issue: z.core.$ZodIssue): { rule: string; params: Record<string, string | number> } {
  if (issue.message.startsWith('rules.')) return { rule: issue.message, params: {} };
  const bound = (v: number | bigint) => Number(v);
  switch (issue.code) {
    case 'invalid_type':
      return { rule: issue.input === undefined ? 'rules.required' : 'rules.invalidType', params: {} };
    case 'too_small':
      if (issue.origin === 'string')
        return { rule: 'rules.tooShortString', params: { minimum: bound(issue.minimum) } };
      if (issue.origin === 'array')
        return { rule: 'rules.tooFewItems', params: { minimum: bound(issue.minimum) } };
      return { rule: 'rules.tooSmall', params: { minimum: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { rule: 'rules.tooLongString', params: { maximum: bound(issue.maximum) } };
      if (issue.origin === 'array')
        return { rule: 'rules.tooManyItems', params: { maximum: bound(issue.maximum) } };
      return { rule: 'rules.tooBig', params: { maximum: bound(issue.maximum) } };
    case 'invalid_value':
      return { rule: 'rules.invalidValue', params: { values: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { rule: 'rules.unknownField', params: {} };
    default:
      return { rule: 'rules.invalidFormat', params: {} };
  }
}

/** The product catalogue of the back office (002 §3): types, parameters, units, model codes, series. */
export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const typesRepo = new DeviceTypesRepo(ctx.db);
  const paramsRepo = new DeviceParamsRepo(ctx.db);
  const unitsRepo = new UnitsRepo(ctx.db);
  const seriesRepo = new SeriesRepo(ctx.db);
  const types = new DeviceTypesService(typesRepo, paramsRepo, seriesRepo, unitsRepo, ctx.clock);
  const params = new DeviceParamsService(paramsRepo, typesRepo, ctx.clock);
  const units = new UnitsService(unitsRepo, ctx.clock);
  const models = new ModelsService(new ModelsRepo(ctx.db), typesRepo, ctx.clock);
  const series = new SeriesService(seriesRepo, ctx.clock);

  return async (app) => {
    // ---- device types
    app.post(
      `${TYPE}/page`,
      {
        config: { permission: 'product.deviceType:query', audit: false },
        schema: {
          tags: TAG,
          body: deviceTypePageSchema,
          response: okSchema(pageResponseSchema(deviceTypeSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await types.page(request.body);
        return ok(request, { data: rows.map(presentDeviceType), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${TYPE}/detail`,
      {
        config: { permission: 'product.deviceType:get' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(deviceTypeSchema) },
      },
      async (request) => ok(request, presentDeviceType(await types.get(request.query.id))),
    );

    app.get(
      `${TYPE}/options`,
      {
        schema: {
          tags: TAG,
          description:
            'Types a device may be added with: published and pushed ones, or all for the back office.',
          response: okSchema(z.array(deviceTypeOptionSchema)),
        },
      },
      async (request) => {
        const { permissions } = requireAuth(request);
        const all =
          permissions.includes('product.deviceType:query') || permissions.includes('operation.device:add');
        return ok(request, (await types.options(all)).map(presentTypeOption));
      },
    );

    app.post(
      `${TYPE}/insert`,
      {
        config: { permission: 'product.deviceType:add', action: 'deviceType.insert' },
        schema: { tags: TAG, body: deviceTypeInsertSchema, response: okSchema(deviceTypeSchema) },
      },
      async (request) => {
        const row = presentDeviceType(await types.insert(request.body));
        request.auditNote = { entityType: 'deviceType', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${TYPE}/update`,
      {
        config: { permission: 'product.deviceType:edit', action: 'deviceType.update' },
        schema: { tags: TAG, body: deviceTypeUpdateSchema, response: okSchema(deviceTypeSchema) },
      },
      async (request) => {
        const { before, after } = await types.update(request.body);
        request.auditNote = {
          entityType: 'deviceType',
          entityId: after.id,
          oldValue: presentDeviceType(before),
          newValue: presentDeviceType(after),
        };
        return ok(request, presentDeviceType(after));
      },
    );

    for (const [path, permission, action, run] of [
      ['release', 'product.deviceType:edit', 'deviceType.release', (id: number) => types.release(id)],
      ['push', 'product.deviceType:enable', 'deviceType.push', (id: number) => types.push(id)],
      ['unpush', 'product.deviceType:disable', 'deviceType.unpush', (id: number) => types.unpush(id)],
    ] as const) {
      app.put(
        `${TYPE}/${path}`,
        {
          config: { permission, action },
          schema: { tags: TAG, body: idBodySchema, response: okSchema(deviceTypeSchema) },
        },
        async (request) => {
          const { before, after } = await run(request.body.id);
          request.auditNote = {
            entityType: 'deviceType',
            entityId: after.id,
            oldValue: { typeStatus: before.typeStatus, pushStatus: before.pushStatus },
            newValue: { typeStatus: after.typeStatus, pushStatus: after.pushStatus },
          };
          return ok(request, presentDeviceType(after));
        },
      );
    }

    app.delete(
      `${TYPE}/delete`,
      {
        config: { permission: 'product.deviceType:delete', action: 'deviceType.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await types.delete(request.query.id);
        request.auditNote = { entityType: 'deviceType', entityId: row.id, oldValue: presentDeviceType(row) };
        return ok(request, null);
      },
    );

    app.get(
      `${TYPE}/export`,
      {
        config: { permission: 'product.deviceType:export' },
        schema: {
          tags: TAG,
          querystring: idParamSchema,
          description:
            'A JSON file with the type and its parameters (format coldchain.deviceType, version 1).',
        },
      },
      async (request, reply) => {
        const file = await types.exportFile(request.query.id);
        return reply
          .type('application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="device-type-${file.deviceType.typeCode}.json"`,
          )
          .send(JSON.stringify(file, null, 2));
      },
    );

    app.post(
      `${TYPE}/import`,
      {
        config: { permission: 'product.deviceType:import', action: 'deviceType.import' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description: 'One .json file part as written by export, at most 1 MB.',
          response: okSchema(deviceTypeSchema),
        },
      },
      async (request) => {
        const row = presentDeviceType(await types.importFile(await readTypeFile(request)));
        request.auditNote = { entityType: 'deviceType', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    // ---- device parameters
    app.post(
      `${PARAM}/page`,
      {
        config: { permission: 'product.param:query', audit: false },
        schema: { tags: TAG, body: paramPageSchema, response: okSchema(pageResponseSchema(paramSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await params.page(request.body);
        return ok(request, { data: rows.map(presentParam), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${PARAM}/list`,
      {
        config: { permission: 'product.param:query' },
        schema: { tags: TAG, querystring: paramListQuerySchema, response: okSchema(z.array(paramSchema)) },
      },
      async (request) => ok(request, (await params.list(request.query.deviceTypeId)).map(presentParam)),
    );

    app.post(
      `${PARAM}/insert`,
      {
        config: { permission: 'product.param:add', action: 'deviceParam.insert' },
        schema: { tags: TAG, body: paramInsertSchema, response: okSchema(paramSchema) },
      },
      async (request) => {
        const row = presentParam(await params.insert(request.body));
        request.auditNote = { entityType: 'deviceParam', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${PARAM}/update`,
      {
        config: { permission: 'product.param:edit', action: 'deviceParam.update' },
        schema: { tags: TAG, body: paramUpdateSchema, response: okSchema(paramSchema) },
      },
      async (request) => {
        const { before, after } = await params.update(request.body);
        request.auditNote = {
          entityType: 'deviceParam',
          entityId: after.id,
          oldValue: presentParam(before),
          newValue: presentParam(after),
        };
        return ok(request, presentParam(after));
      },
    );

    app.delete(
      `${PARAM}/delete`,
      {
        config: { permission: 'product.param:delete', action: 'deviceParam.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await params.delete(request.query.id);
        request.auditNote = { entityType: 'deviceParam', entityId: row.id, oldValue: presentParam(row) };
        return ok(request, null);
      },
    );

    for (const [path, action, run] of [
      ['combine', 'deviceParam.combine', (ids: number[]) => params.combine(ids)],
      ['separate', 'deviceParam.separate', (ids: number[]) => params.separate(ids)],
    ] as const) {
      app.post(
        `${PARAM}/${path}`,
        {
          config: { permission: 'product.param:edit', action },
          schema: { tags: TAG, body: idListSchema, response: okSchema(z.array(paramSchema)) },
        },
        async (request) => {
          const rows = (await run(request.body.ids)).map(presentParam);
          request.auditNote = {
            entityType: 'deviceParam',
            entityId: request.body.ids.join(','),
            newValue: rows.map((r) => ({ id: r.id, combineGroup: r.combineGroup })),
          };
          return ok(request, rows);
        },
      );
    }

    // ---- parameter units
    app.post(
      `${UNIT}/page`,
      {
        config: { permission: 'product.paramUnit:query', audit: false },
        schema: { tags: TAG, body: unitPageSchema, response: okSchema(pageResponseSchema(unitSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await units.page(request.body);
        return ok(request, { data: rows.map(presentUnit), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${UNIT}/list`,
      {
        config: { permission: 'product.paramUnit:query' },
        schema: { tags: TAG, response: okSchema(z.array(unitSchema)) },
      },
      async (request) => ok(request, (await units.list()).map(presentUnit)),
    );

    app.get(
      `${UNIT}/convert`,
      {
        config: { permission: 'product.paramUnit:query' },
        schema: {
          tags: TAG,
          querystring: unitConvertSchema,
          response: okSchema(z.object({ value: z.number() })),
        },
      },
      async (request) => {
        const { fromUnitId, toUnitId, value } = request.query;
        return ok(request, { value: await units.convert(fromUnitId, toUnitId, value) });
      },
    );

    app.post(
      `${UNIT}/insert`,
      {
        config: { permission: 'product.paramUnit:add', action: 'unit.insert' },
        schema: { tags: TAG, body: unitInsertSchema, response: okSchema(unitSchema) },
      },
      async (request) => {
        const row = presentUnit(await units.insert(request.body));
        request.auditNote = { entityType: 'unit', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${UNIT}/update`,
      {
        config: { permission: 'product.paramUnit:edit', action: 'unit.update' },
        schema: { tags: TAG, body: unitUpdateSchema, response: okSchema(unitSchema) },
      },
      async (request) => {
        const { before, after } = await units.update(request.body);
        request.auditNote = {
          entityType: 'unit',
          entityId: after.id,
          oldValue: presentUnit(before),
          newValue: presentUnit(after),
        };
        return ok(request, presentUnit(after));
      },
    );

    app.delete(
      `${UNIT}/delete`,
      {
        config: { permission: 'product.paramUnit:delete', action: 'unit.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await units.delete(request.query.id);
        request.auditNote = { entityType: 'unit', entityId: row.id, oldValue: presentUnit(row) };
        return ok(request, null);
      },
    );

    // ---- model codes (under the device type permission: the spec names no route of their own)
    app.post(
      `${MODEL}/page`,
      {
        config: { permission: 'product.deviceType:query', audit: false },
        schema: { tags: TAG, body: modelPageSchema, response: okSchema(pageResponseSchema(modelSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await models.page(request.body);
        return ok(request, { data: rows.map(presentModel), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${MODEL}/insert`,
      {
        config: { permission: 'product.deviceType:add', action: 'deviceModel.insert' },
        schema: { tags: TAG, body: modelInsertSchema, response: okSchema(modelSchema) },
      },
      async (request) => {
        const row = presentModel(await models.insert(request.body));
        request.auditNote = { entityType: 'deviceModel', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${MODEL}/update`,
      {
        config: { permission: 'product.deviceType:edit', action: 'deviceModel.update' },
        schema: { tags: TAG, body: modelUpdateSchema, response: okSchema(modelSchema) },
      },
      async (request) => {
        const { before, after } = await models.update(request.body);
        request.auditNote = {
          entityType: 'deviceModel',
          entityId: after.id,
          oldValue: presentModel(before),
          newValue: presentModel(after),
        };
        return ok(request, presentModel(after));
      },
    );

    app.put(
      `${MODEL}/updateState`,
      {
        config: { permission: 'product.deviceType:edit', action: 'deviceModel.updateState' },
        schema: { tags: TAG, body: modelStateSchema, response: okSchema(modelSchema) },
      },
      async (request) => {
        const { before, after } = await models.setState(request.body.id, request.body.modelFlag);
        request.auditNote = {
          entityType: 'deviceModel',
          entityId: after.id,
          oldValue: { modelFlag: before.modelFlag },
          newValue: { modelFlag: after.modelFlag },
        };
        return ok(request, presentModel(after));
      },
    );

    app.delete(
      `${MODEL}/delete`,
      {
        config: { permission: 'product.deviceType:delete', action: 'deviceModel.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await models.delete(request.query.id);
        request.auditNote = { entityType: 'deviceModel', entityId: row.id, oldValue: presentModel(row) };
        return ok(request, null);
      },
    );

    // ---- series
    app.post(
      `${SERIES}/page`,
      {
        config: { permission: 'product.series:query', audit: false },
        schema: { tags: TAG, body: seriesPageSchema, response: okSchema(pageResponseSchema(seriesSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await series.page(request.body);
        return ok(request, { data: rows.map(presentSeries), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${SERIES}/insert`,
      {
        config: { permission: 'product.series:add', action: 'deviceSeries.insert' },
        schema: { tags: TAG, body: seriesInsertSchema, response: okSchema(seriesSchema) },
      },
      async (request) => {
        const row = presentSeries(await series.insert(request.body));
        request.auditNote = { entityType: 'deviceSeries', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${SERIES}/update`,
      {
        config: { permission: 'product.series:edit', action: 'deviceSeries.update' },
        schema: { tags: TAG, body: seriesUpdateSchema, response: okSchema(seriesSchema) },
      },
      async (request) => {
        const { before, after } = await series.update(request.body);
        request.auditNote = {
          entityType: 'deviceSeries',
          entityId: after.id,
          oldValue: presentSeries(before),
          newValue: presentSeries(after),
        };
        return ok(request, presentSeries(after));
      },
    );

    app.delete(
      `${SERIES}/delete`,
      {
        config: { permission: 'product.series:delete', action: 'deviceSeries.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await series.delete(request.query.id);
        request.auditNote = { entityType: 'deviceSeries', entityId: row.id, oldValue: presentSeries(row) };
        return ok(request, null);
      },
    );
  };
}
