import {
  allDevicesExportSchema,
  downloadRowSchema,
  guidBatchIdQuerySchema,
  guidBatchInsertSchema,
  guidBatchPageSchema,
  guidBatchSchema,
  guidDomainSchema,
  guidLockSchema,
  guidPageSchema,
  guidRowSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf as deviceCallerOf } from '../devices/devices.routes.ts';
import { presentDownload } from '../downloads/downloads.service.ts';
import { simsCallerOf } from '../sims/sims.routes.ts';
import { XLSX_TYPE } from '../users/users-export.ts';
import { AllDevicesExport, allDevicesExportsSettled } from './all-devices-export.ts';
import { presentBatch, presentGuid } from './guids.presenter.ts';
import { GuidsRepo } from './guids.repo.ts';
import { type GuidsCaller, GuidsService } from './guids.service.ts';

const TAG = ['guids'];
const EXPORT = '/device/DeviceGuidExport';
const GUID = '/device/DeviceGuid';

function guidsCallerOf(request: FastifyRequest): GuidsCaller {
  return { ...simsCallerOf(request), platformIsDefault: request.platform.isDefault === 1 };
}

/**
 * Device GUID batches (/operation/guid, /operation/guid/record) and the all-accounts device export
 * (/system/exportDevice). Paths follow the spec's /device/<Entity>/<verb> style (docs/decisions.md).
 */
export function guidsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new GuidsService(ctx.db, new GuidsRepo(ctx.db), ctx.clock);
  const allDevices = new AllDevicesExport(ctx);
  return async (app) => {
    app.addHook('preClose', async () => allDevicesExportsSettled(ctx));

    app.post(
      `${EXPORT}/insert`,
      {
        config: { permission: 'operation.guid:add', action: 'guidBatch.insert' },
        schema: {
          tags: TAG,
          body: guidBatchInsertSchema,
          description: 'Generates num (at most 999) unique GUIDs of one device type, tag and domain.',
          response: okSchema(guidBatchSchema),
        },
      },
      async (request) => {
        const batch = presentBatch(await service.generate(guidsCallerOf(request), request.body));
        request.auditNote = { entityType: 'guidBatch', entityId: batch.id, newValue: batch };
        return ok(request, batch);
      },
    );

    app.post(
      `${EXPORT}/page`,
      {
        config: { permission: 'operation.guidRecord:query', audit: false },
        schema: {
          tags: TAG,
          body: guidBatchPageSchema,
          response: okSchema(pageResponseSchema(guidBatchSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.batchPage(guidsCallerOf(request), request.body);
        return ok(request, { data: rows.map(presentBatch), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${EXPORT}/domains`,
      {
        config: { permission: 'operation.guid:add' },
        schema: {
          tags: TAG,
          description: 'Platforms a batch may name as its domain.',
          response: okSchema(z.array(guidDomainSchema)),
        },
      },
      async (request) => ok(request, await service.domains(guidsCallerOf(request))),
    );

    app.get(
      `${EXPORT}/export`,
      {
        config: { permission: 'operation.guid:export' },
        schema: {
          tags: TAG,
          querystring: guidBatchIdQuerySchema,
          description: 'The batch’s GUIDs as XLSX; every download is counted and logged.',
        },
      },
      async (request, reply) => {
        const caller = guidsCallerOf(request);
        const { batch, file, guids } = await service.exportBatch(caller, request.query.id, request.t);
        await ctx.audit.append({
          platformId: caller.platformId,
          accountId: caller.accountId,
          accountName: caller.userName,
          action: 'guidBatch.export',
          entityType: 'guidBatch',
          entityId: batch.id,
          newValue: { orderCode: batch.orderCode, count: guids.length },
          sourceIp: request.ip,
        });
        const name = batch.orderCode.replace(/[^\w.-]/g, '_');
        return reply
          .type(XLSX_TYPE)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="guids-${name}-${batch.id}.xlsx"`)
          .send(file);
      },
    );

    app.post(
      `${GUID}/page`,
      {
        config: { permission: 'operation.guid:query', audit: false },
        schema: { tags: TAG, body: guidPageSchema, response: okSchema(pageResponseSchema(guidRowSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await service.guidPage(guidsCallerOf(request), request.body);
        return ok(request, { data: rows.map(presentGuid), start: request.body.start, totalCount });
      },
    );

    for (const [verb, locked] of [
      ['lock', true],
      ['unlock', false],
    ] as const)
      app.put(
        `${GUID}/${verb}`,
        {
          config: { permission: 'operation.guid:edit', action: `deviceGuid.${verb}` },
          schema: {
            tags: TAG,
            body: guidLockSchema,
            description: locked ? 'A locked GUID cannot be added as a device.' : 'Unlocks GUIDs.',
            response: okSchema(z.object({ count: z.number().int() })),
          },
        },
        async (request) => {
          const guids = await service.setLocked(guidsCallerOf(request), request.body.ids, locked);
          request.auditNote = {
            entityType: 'deviceGuid',
            entityId: request.body.ids.join(','),
            newValue: { guids, lockedFlag: locked ? 1 : 0 },
          };
          return ok(request, { count: guids.length });
        },
      );

    app.post(
      '/device/Device/exportAll',
      {
        config: { permission: 'system.exportDevice:export', action: 'device.exportAll' },
        schema: {
          tags: TAG,
          body: allDevicesExportSchema,
          description:
            'Every device of every account the back office sees, as a download-centre file made in the background (state and progress in /device/FileDownload/page).',
          response: okSchema(downloadRowSchema),
        },
      },
      async (request) => {
        const row = await allDevices.request(deviceCallerOf(request), request.body, request.t);
        request.auditNote = {
          entityType: 'downloadFile',
          entityId: row.id,
          newValue: { kind: 'allDevices', condition: request.body.condition },
        };
        return ok(request, presentDownload(row));
      },
    );
  };
}
