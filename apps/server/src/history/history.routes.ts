import {
  deviceClearDataAnswerSchema,
  deviceClearDataSchema,
  deviceDataChartAnswerSchema,
  deviceDataChartSchema,
  deviceDataExportSchema,
  deviceDataPageAnswerSchema,
  deviceDataPageSchema,
  deviceQuickSearchSchema,
  quickSearchAnswerSchema,
  quickSearchSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../http/envelope.ts';
import { perAddress } from '../modules/accounts/rate-limits.ts';
import { callerOf } from '../modules/devices/devices.routes.ts';
import type { HistoryService } from './history.service.ts';

const TAG = ['device data'];

/**
 * Device history (chart, raw table, exports), clearing a device's data and the public quick query.
 * Paths follow the spec's groups under /device (the spec does not show them; docs/decisions.md).
 */
export function historyRoutes(service: HistoryService, publicPerMinute: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/device/DeviceData/chart',
      {
        config: { permission: 'device.list:query', audit: false },
        schema: { tags: TAG, body: deviceDataChartSchema, response: okSchema(deviceDataChartAnswerSchema) },
      },
      async (request) => ok(request, await service.chart(callerOf(request), request.body)),
    );

    app.post(
      '/device/DeviceData/page',
      {
        config: { permission: 'device.list:query', audit: false },
        schema: { tags: TAG, body: deviceDataPageSchema, response: okSchema(deviceDataPageAnswerSchema) },
      },
      async (request) => ok(request, await service.page(callerOf(request), request.body)),
    );

    app.get(
      '/device/DeviceData/export',
      {
        config: { permission: 'device.list:export' },
        schema: { tags: TAG, querystring: deviceDataExportSchema },
      },
      async (request, reply) => {
        const file = await service.export(callerOf(request), request.query, request.t);
        return reply
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('cache-control', 'no-store')
          .type(file.contentType)
          .send(file.stream);
      },
    );

    app.post(
      '/device/Device/clearData',
      {
        config: { permission: 'device.list:delete', action: 'device.clearData' },
        schema: { tags: TAG, body: deviceClearDataSchema, response: okSchema(deviceClearDataAnswerSchema) },
      },
      async (request) => {
        const { device, deleted } = await service.clear(callerOf(request), request.body.id);
        request.auditNote = {
          entityType: 'device',
          entityId: device.id,
          oldValue: { deviceGuid: device.deviceGuid, deviceName: device.deviceName, readings: deleted },
          newValue: { readings: 0 },
        };
        return ok(request, { deleted });
      },
    );

    app.put(
      '/device/Device/quickSearch',
      {
        config: { permission: 'device.list:edit', action: 'device.quickSearch' },
        schema: { tags: TAG, body: deviceQuickSearchSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { device, before, after } = await service.setQuickSearch(
          callerOf(request),
          request.body.id,
          request.body.quickSearch,
        );
        request.auditNote = {
          entityType: 'device',
          entityId: device.id,
          oldValue: { quickSearch: before },
          newValue: { quickSearch: after },
        };
        return ok(request, null);
      },
    );

    app.post(
      '/device/QuickSearch/query',
      {
        config: { access: 'public', audit: false, rateLimit: perAddress(publicPerMinute) },
        schema: { tags: TAG, body: quickSearchSchema, response: okSchema(quickSearchAnswerSchema) },
      },
      async (request) => ok(request, await service.quick(request.platform.id, request.body)),
    );
  };
}
