import {
  deviceCountsSchema,
  deviceCredentialsSchema,
  deviceDetailSchema,
  deviceIdParamsSchema,
  deviceIdQuerySchema,
  deviceIdsQuerySchema,
  deviceIdsSchema,
  deviceInsertSchema,
  deviceLogPageSchema,
  devicePageSchema,
  devicePositionSchema,
  deviceRemarkSchema,
  deviceRowSchema,
  deviceUpdateSchema,
  expiredDeviceListSchema,
  expiredDeviceQuerySchema,
  expireInfoQuerySchema,
  expireInfoSchema,
  expireInfoUpdateSchema,
  homeTilesSchema,
  homeTilesUpdateSchema,
  idParamSchema,
  maintainInsertSchema,
  maintainListQuerySchema,
  maintainRecordSchema,
  maintainUpdateSchema,
  operationLogSchema,
  organizationHomeQuerySchema,
  pageResponseSchema,
  paramSettingSchema,
  paramSettingUpdateSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { DeviceTypesRepo } from '../catalogue/device-types.repo.ts';
import { ModelsRepo } from '../catalogue/models.repo.ts';
import { UnitsRepo } from '../catalogue/units.repo.ts';
import { presentOperationLog } from '../operation-log/operation-log.presenter.ts';
import { devicesWorkbook } from './device-export.ts';
import type { DeviceCaller } from './device-policy.ts';
import {
  auditDevice,
  presentDeviceDetail,
  presentDeviceRow,
  presentMaintainRecord,
  presentPosition,
} from './devices.presenter.ts';
import { DevicesRepo } from './devices.repo.ts';
import { type BatchOperation, DevicesService } from './devices.service.ts';
import { HomeRepo } from './home.repo.ts';
import { HomeService } from './home.service.ts';
import { MaintenanceRepo } from './maintenance.repo.ts';
import { MaintenanceService } from './maintenance.service.ts';

const TAG = ['devices'];
const DEVICE = '/device/Device';
const MAINTAIN = '/device/DeviceMaintainRecord';
const EXPIRE = '/device/DeviceExpireInfo';
const HOME = '/base/BaseHomeOption';

export function callerOf(request: FastifyRequest): DeviceCaller {
  const { account, permissions } = requireAuth(request);
  return {
    accountId: account.id,
    userName: account.userName,
    platformId: account.platformId,
    platformIsDefault: request.platform.isDefault === 1,
    permissions,
    temperatureUnit: account.temperatureUnit,
    sourceIp: request.ip,
    ...(request.deviceGrants ? { grants: request.deviceGrants } : {}),
  };
}

/**
 * Devices in the user console (device.list) and the back office (operation.device): list, detail,
 * changes, parameter settings, batch operations, exports, credentials, maintenance records, the
 * expired-device modal and the home dashboard. Authorization of each device sits in device-policy.
 */
export function devicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = new DevicesRepo(ctx.db);
  const devices = new DevicesService(
    ctx,
    repo,
    new DeviceTypesRepo(ctx.db),
    new ModelsRepo(ctx.db),
    new UnitsRepo(ctx.db),
  );
  const maintenance = new MaintenanceService(new MaintenanceRepo(ctx.db), devices, ctx.clock);
  const home = new HomeService(repo, new HomeRepo(ctx.db), ctx.clock);
  const now = () => ctx.clock.now().toISOString();
  const pageOf = pageResponseSchema(deviceRowSchema);

  return async (app) => {
    for (const [path, view, permission] of [
      ['page', 'console', 'device.list:query'],
      ['sysPage', 'backOffice', 'operation.device:query'],
    ] as const) {
      app.post(
        `${DEVICE}/${path}`,
        {
          config: { permission, audit: false },
          schema: { tags: TAG, body: devicePageSchema, response: okSchema(pageOf) },
        },
        async (request) => {
          const { rows, totalCount } = await devices.page(callerOf(request), request.body, view);
          const at = now();
          return ok(request, {
            data: rows.map((r) => presentDeviceRow(r, at)),
            start: request.body.start,
            totalCount,
          });
        },
      );
    }

    app.get(
      `${DEVICE}/detail`,
      { schema: { tags: TAG, querystring: deviceIdQuerySchema, response: okSchema(deviceDetailSchema) } },
      async (request) =>
        ok(request, presentDeviceDetail(await devices.detail(callerOf(request), request.query.id), now())),
    );

    app.post(
      `${DEVICE}/insert`,
      {
        config: { action: 'device.insert' },
        schema: {
          tags: TAG,
          description:
            'device.list:add for the caller; with accountId, operation.device:add for that account.',
          body: deviceInsertSchema,
          response: okSchema(deviceDetailSchema),
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await devices.insert(caller, request.body);
        request.auditNote = { entityType: 'device', entityId: row.id, newValue: auditDevice(row) };
        return ok(request, presentDeviceDetail(await devices.load(caller, row.id, 'get'), now()));
      },
    );

    app.put(
      `${DEVICE}/update`,
      {
        config: { action: 'device.update' },
        schema: { tags: TAG, body: deviceUpdateSchema, response: okSchema(deviceDetailSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const { before, after } = await devices.update(caller, request.body);
        request.auditNote = {
          entityType: 'device',
          entityId: after.id,
          oldValue: auditDevice(before),
          newValue: auditDevice(after),
        };
        return ok(request, presentDeviceDetail(await devices.load(caller, after.id, 'get'), now()));
      },
    );

    app.put(
      `${DEVICE}/updateRemark/:id`,
      {
        config: { action: 'device.updateRemark' },
        schema: {
          tags: TAG,
          params: deviceIdParamsSchema,
          body: deviceRemarkSchema,
          response: okSchema(deviceDetailSchema),
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { before, after } = await devices.updateRemark(
          caller,
          request.params.id,
          request.body.deviceDesc,
        );
        request.auditNote = {
          entityType: 'device',
          entityId: after.id,
          oldValue: { deviceDesc: before.deviceDesc },
          newValue: { deviceDesc: after.deviceDesc },
        };
        return ok(request, presentDeviceDetail(await devices.load(caller, after.id, 'get'), now()));
      },
    );

    for (const [path, op] of [
      ['batchEnable', 'enable'],
      ['batchStop', 'stop'],
      ['batchScrap', 'scrap'],
    ] as const satisfies readonly (readonly [string, BatchOperation])[]) {
      app.put(
        `${DEVICE}/${path}`,
        {
          config: { action: `device.${op}` },
          schema: {
            tags: TAG,
            body: deviceIdsSchema,
            response: okSchema(z.object({ count: z.number().int() })),
          },
        },
        async (request) => {
          const done = await devices.batch(callerOf(request), request.body.ids, op);
          request.auditNote = { entityType: 'device', recorded: true };
          return ok(request, { count: done.length });
        },
      );
    }

    app.delete(
      `${DEVICE}/batchDelete`,
      {
        config: { action: 'device.delete' },
        schema: {
          tags: TAG,
          querystring: deviceIdsQuerySchema,
          response: okSchema(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const done = await devices.batch(callerOf(request), request.query.ids, 'delete');
        request.auditNote = { entityType: 'device', recorded: true };
        return ok(request, { count: done.length });
      },
    );

    app.post(
      `${DEVICE}/export`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: deviceIdsSchema,
          description: 'An XLSX file of the chosen devices (one type); each export is in the operation log.',
        },
      },
      async (request, reply) => {
        const chosen = await devices.batch(callerOf(request), request.body.ids, 'export');
        const file = await devicesWorkbook(chosen, request.t);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="devices-${now().slice(0, 10)}.xlsx"`)
          .send(file);
      },
    );

    app.get(
      `${DEVICE}/credentials`,
      {
        schema: {
          tags: TAG,
          querystring: deviceIdQuerySchema,
          description: `A JSON file: ${Object.keys(deviceCredentialsSchema.shape).join(', ')}.`,
        },
      },
      async (request, reply) => {
        const file = await devices.credentials(callerOf(request), request.query.id, {
          protocol: request.protocol,
          host: request.host,
        });
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="device-${file.deviceGuid}-credentials.json"`)
          .send(JSON.stringify(file, null, 2));
      },
    );

    app.put(
      `${DEVICE}/rotateCredentials`,
      {
        config: { action: 'device.rotateCredentials' },
        schema: {
          tags: TAG,
          body: z.object({ id: z.number().int().positive() }).strict(),
          response: okSchema(z.object({ rotation: z.number().int() })),
        },
      },
      async (request) => {
        const { before, after } = await devices.rotateCredentials(callerOf(request), request.body.id);
        request.auditNote = {
          entityType: 'device',
          entityId: after.id,
          oldValue: { credentialRotation: before.credentialRotation },
          newValue: { credentialRotation: after.credentialRotation },
        };
        return ok(request, { rotation: after.credentialRotation });
      },
    );

    app.get(
      `${DEVICE}/getParamSetting`,
      { schema: { tags: TAG, querystring: deviceIdQuerySchema, response: okSchema(paramSettingSchema) } },
      async (request) => ok(request, await devices.paramSetting(callerOf(request), request.query.id)),
    );

    app.put(
      `${DEVICE}/updateParamSetting`,
      {
        config: { action: 'device.updateParamSetting' },
        schema: { tags: TAG, body: paramSettingUpdateSchema, response: okSchema(paramSettingSchema) },
      },
      async (request) => {
        const { before, after, settings, payload } = await devices.updateParamSetting(
          callerOf(request),
          request.body,
        );
        request.auditNote = {
          entityType: 'device',
          entityId: after.id,
          oldValue: auditDevice(before),
          newValue: { ...auditDevice(after), command: payload },
        };
        return ok(request, settings);
      },
    );

    app.post(
      `${DEVICE}/operationLog`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: deviceLogPageSchema,
          response: okSchema(pageResponseSchema(operationLogSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await devices.operationLog(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((row) => presentOperationLog(row, request.locale)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    // ---- expired-device modal (000 §2.11, §3, §7)
    app.get(
      `${DEVICE}/getExpiredServiceDevice`,
      {
        schema: {
          tags: TAG,
          querystring: expiredDeviceQuerySchema,
          response: okSchema(expiredDeviceListSchema),
        },
      },
      async (request) => {
        const { rows, total } = await home.expired(callerOf(request), request.query);
        return ok(request, {
          list: rows.map((r) => ({
            id: r.id,
            deviceName: r.deviceName,
            deviceGuid: r.deviceGuid,
            deviceTypeName: r.typeName,
            typeId: r.deviceTypeId,
            serviceExpiredDate: r.serviceExpiredDate,
            countryCode: r.countryCode,
          })),
          total,
        });
      },
    );

    app.get(
      `${EXPIRE}/getExpiredInfoByType`,
      { schema: { tags: TAG, querystring: expireInfoQuerySchema, response: okSchema(expireInfoSchema) } },
      async (request) => ok(request, await home.expireInfo(callerOf(request), request.query.type)),
    );

    app.put(
      `${EXPIRE}/update`,
      {
        config: { action: 'deviceExpireInfo.update' },
        schema: { tags: TAG, body: expireInfoUpdateSchema, response: okSchema(expireInfoSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const { before, after } = await home.saveExpireInfo(
          caller,
          request.body.type,
          request.body.pushMessages,
        );
        request.auditNote = {
          entityType: 'deviceExpireInfo',
          entityId: after.id,
          oldValue: before ? { pushMessages: before.pushMessages } : null,
          newValue: { type: after.type, pushMessages: after.pushMessages },
        };
        return ok(request, await home.expireInfo(caller, request.body.type));
      },
    );

    // ---- maintenance records (002 §3)
    app.get(
      `${MAINTAIN}/list`,
      {
        schema: {
          tags: TAG,
          querystring: maintainListQuerySchema,
          response: okSchema(pageResponseSchema(maintainRecordSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await maintenance.page(callerOf(request), request.query);
        return ok(request, { data: rows.map(presentMaintainRecord), start: request.query.start, totalCount });
      },
    );

    app.post(
      `${MAINTAIN}/insert`,
      {
        config: { action: 'device.maintainRecord.insert' },
        schema: { tags: TAG, body: maintainInsertSchema, response: okSchema(maintainRecordSchema) },
      },
      async (request) => {
        const row = presentMaintainRecord(await maintenance.insert(callerOf(request), request.body));
        request.auditNote = {
          entityType: 'device',
          entityId: row.deviceId,
          newValue: { maintainRecord: row },
        };
        return ok(request, row);
      },
    );

    app.put(
      `${MAINTAIN}/update`,
      {
        config: { action: 'device.maintainRecord.update' },
        schema: { tags: TAG, body: maintainUpdateSchema, response: okSchema(maintainRecordSchema) },
      },
      async (request) => {
        const { before, after } = await maintenance.update(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'device',
          entityId: after.deviceId,
          oldValue: { maintainRecord: presentMaintainRecord(before) },
          newValue: { maintainRecord: presentMaintainRecord(after) },
        };
        return ok(request, presentMaintainRecord(after));
      },
    );

    app.delete(
      `${MAINTAIN}/delete`,
      {
        config: { action: 'device.maintainRecord.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await maintenance.delete(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'device',
          entityId: row.deviceId,
          oldValue: { maintainRecord: presentMaintainRecord(row) },
        };
        return ok(request, null);
      },
    );

    // ---- home dashboard (002 §2, §5, §9)
    app.get(
      `${DEVICE}/getStatusCount`,
      { config: { permission: 'home' }, schema: { tags: TAG, response: okSchema(deviceCountsSchema) } },
      async (request) => ok(request, await home.counts(callerOf(request))),
    );

    app.get(
      `${DEVICE}/getPositions`,
      {
        config: { permission: 'home' },
        schema: { tags: TAG, response: okSchema(z.array(devicePositionSchema)) },
      },
      async (request) => ok(request, (await home.positions(callerOf(request))).map(presentPosition)),
    );

    // ---- organization home (/home/organization): one organization's devices, for its members
    app.get(
      `${HOME}/organization/statusCount`,
      {
        config: { permission: 'home.organization' },
        schema: {
          tags: TAG,
          querystring: organizationHomeQuerySchema,
          response: okSchema(deviceCountsSchema),
        },
      },
      async (request) =>
        ok(request, await home.organizationCounts(callerOf(request), request.query.organizationId)),
    );

    app.get(
      `${HOME}/organization/positions`,
      {
        config: { permission: 'home.organization' },
        schema: {
          tags: TAG,
          querystring: organizationHomeQuerySchema,
          response: okSchema(z.array(devicePositionSchema)),
        },
      },
      async (request) =>
        ok(
          request,
          (await home.organizationPositions(callerOf(request), request.query.organizationId)).map(
            presentPosition,
          ),
        ),
    );

    app.get(
      `${HOME}/list`,
      { config: { permission: 'home' }, schema: { tags: TAG, response: okSchema(homeTilesSchema) } },
      async (request) => ok(request, { tiles: await home.tiles(callerOf(request)) }),
    );

    app.put(
      `${HOME}/update`,
      {
        config: { permission: 'home:edit', action: 'homeOption.update' },
        schema: { tags: TAG, body: homeTilesUpdateSchema, response: okSchema(homeTilesSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const { before, after } = await home.saveTiles(caller, request.body.tiles);
        request.auditNote = {
          entityType: 'homeOption',
          entityId: caller.accountId,
          oldValue: { tiles: before },
          newValue: { tiles: after },
        };
        return ok(request, { tiles: after });
      },
    );
  };
}
