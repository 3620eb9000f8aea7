import {
  idParamSchema,
  pageResponseSchema,
  SIM_IMPORT_MAX_BYTES,
  simBindSchema,
  simExportSchema,
  simImportResultSchema,
  simInsertSchema,
  simPageSchema,
  simRowSchema,
  simStateSchema,
  simUnbindSchema,
  simUpdateSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { XLSX_TYPE } from '../users/users-export.ts';
import { simsWorkbook } from './sim-file.ts';
import { auditSim, presentSim } from './sims.presenter.ts';
import { SimsRepo } from './sims.repo.ts';
import { type SimsCaller, SimsService } from './sims.service.ts';

const TAG = ['sims'];
const SIM = '/device/DeviceSimCard';

/** "1,2,3" in a query string (DELETE). */
const simIdsQuerySchema = z.object({
  ids: z
    .string()
    .trim()
    .max(200 * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/, { message: 'rules.idList' })
    .transform((v) => v.split(',').map(Number))
    .refine((v) => v.length <= 200, { message: 'rules.idList' }),
});

export function simsCallerOf(request: FastifyRequest): SimsCaller {
  const { account } = requireAuth(request);
  return { accountId: account.id, userName: account.userName, platformId: account.platformId };
}

/** Reads the one uploaded file of an import: CSV or XLSX, at most SIM_IMPORT_MAX_BYTES. */
async function uploaded(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file({ limits: { fileSize: SIM_IMPORT_MAX_BYTES } });
  if (!part) throw fieldError('file', 'rules.required');
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: SIM_IMPORT_MAX_BYTES / 1024 / 1024 });
    throw error;
  }
}

/**
 * SIM cards of the back office (/operation/sim, operation.sim:*). The spec names no paths; they
 * follow its /device/<Entity>/<verb> style (docs/decisions.md, SIM cards).
 */
export function simsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new SimsService(ctx.db, new SimsRepo(ctx.db), ctx.clock);
  const now = () => ctx.clock.now().toISOString();
  return async (app) => {
    app.post(
      `${SIM}/page`,
      {
        config: { permission: 'operation.sim:query', audit: false },
        schema: { tags: TAG, body: simPageSchema, response: okSchema(pageResponseSchema(simRowSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(simsCallerOf(request), request.body);
        return ok(request, { data: rows.map(presentSim), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${SIM}/detail`,
      {
        config: { permission: 'operation.sim:get' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(simRowSchema) },
      },
      async (request) => ok(request, presentSim(await service.get(simsCallerOf(request), request.query.id))),
    );

    app.post(
      `${SIM}/insert`,
      {
        config: { permission: 'operation.sim:add', action: 'simCard.insert' },
        schema: { tags: TAG, body: simInsertSchema, response: okSchema(simRowSchema) },
      },
      async (request) => {
        const card = await service.insert(simsCallerOf(request), request.body);
        request.auditNote = { entityType: 'simCard', entityId: card.id, newValue: auditSim(card) };
        return ok(request, presentSim(card));
      },
    );

    app.put(
      `${SIM}/update`,
      {
        config: { permission: 'operation.sim:edit', action: 'simCard.update' },
        schema: { tags: TAG, body: simUpdateSchema, response: okSchema(simRowSchema) },
      },
      async (request) => {
        const { before, after } = await service.update(simsCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'simCard',
          entityId: after.id,
          oldValue: auditSim(before),
          newValue: auditSim(after),
        };
        return ok(request, presentSim(after));
      },
    );

    app.put(
      `${SIM}/updateState`,
      {
        config: { permission: 'operation.sim:edit', action: 'simCard.updateState' },
        schema: {
          tags: TAG,
          body: simStateSchema,
          description: 'Use state and/or recharge state of the chosen cards.',
          response: okSchema(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const count = await service.updateStates(simsCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'simCard',
          entityId: request.body.ids.join(','),
          newValue: { useState: request.body.useState, rechargeState: request.body.rechargeState },
        };
        return ok(request, { count });
      },
    );

    app.delete(
      `${SIM}/delete`,
      {
        config: { permission: 'operation.sim:delete', action: 'simCard.delete' },
        schema: {
          tags: TAG,
          querystring: simIdsQuerySchema,
          response: okSchema(z.object({ count: z.number().int() })),
        },
      },
      async (request) => {
        const cards = await service.delete(simsCallerOf(request), request.query.ids);
        request.auditNote = {
          entityType: 'simCard',
          entityId: cards.map((c) => c.id).join(','),
          oldValue: cards.map((c) => c.iccId),
        };
        return ok(request, { count: cards.length });
      },
    );

    app.post(
      `${SIM}/bind`,
      {
        config: { permission: 'operation.sim:edit', action: 'simCard.bind' },
        schema: {
          tags: TAG,
          body: simBindSchema,
          description: "Binds the card to a device of the platform; the device's iccId becomes the card's.",
          response: okSchema(simRowSchema),
        },
      },
      async (request) => {
        const { card, deviceId } = await service.bind(simsCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'simCard',
          entityId: card.id,
          newValue: { iccId: card.iccId, deviceId, deviceGuid: card.deviceGuid },
        };
        return ok(request, presentSim(card));
      },
    );

    app.post(
      `${SIM}/unbind`,
      {
        config: { permission: 'operation.sim:edit', action: 'simCard.unbind' },
        schema: { tags: TAG, body: simUnbindSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const card = await service.unbind(simsCallerOf(request), request.body.id);
        request.auditNote = {
          entityType: 'simCard',
          entityId: card.id,
          oldValue: { iccId: card.iccId, deviceId: card.deviceId, deviceGuid: card.deviceGuid },
        };
        return ok(request, null);
      },
    );

    app.post(
      `${SIM}/import`,
      {
        config: { permission: 'operation.sim:import', action: 'simCard.import' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'One CSV or XLSX file (at most 2 MB) whose first row names the columns as the template does. Good rows are stored together; each bad row is reported with its line, field and reason.',
          response: okSchema(simImportResultSchema),
        },
      },
      async (request) => {
        const { fileName, bytes } = await uploaded(request);
        const result = await service.import(simsCallerOf(request), fileName, bytes, request.t);
        request.auditNote = {
          entityType: 'simCard',
          newValue: {
            fileName,
            total: result.total,
            imported: result.imported,
            refused: result.errors.length,
          },
        };
        return ok(request, result);
      },
    );

    app.get(
      `${SIM}/template`,
      {
        config: { permission: 'operation.sim:import' },
        schema: { tags: TAG, description: 'The XLSX import template, headers in the caller’s language.' },
      },
      async (request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', 'attachment; filename="sim-cards-template.xlsx"')
          .send(await simsWorkbook([], request.t)),
    );

    app.post(
      `${SIM}/export`,
      {
        config: { permission: 'operation.sim:export', audit: false },
        schema: {
          tags: TAG,
          body: simExportSchema,
          description: 'An XLSX file of the cards the filters match (the import template’s columns).',
        },
      },
      async (request, reply) => {
        const caller = simsCallerOf(request);
        const cards = await service.exportRows(caller, request.body);
        const file = await simsWorkbook(cards, request.t);
        await ctx.audit.append({
          platformId: caller.platformId,
          accountId: caller.accountId,
          accountName: caller.userName,
          action: 'simCard.export',
          entityType: 'simCard',
          entityId: null,
          newValue: { condition: request.body, count: cards.length },
          sourceIp: request.ip,
        });
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="sim-cards-${now().slice(0, 10)}.xlsx"`)
          .send(file);
      },
    );
  };
}
