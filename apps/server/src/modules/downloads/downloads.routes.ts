import fs from 'node:fs';
import {
  downloadIdQuerySchema,
  downloadInsertSchema,
  downloadPageSchema,
  downloadRowSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf as deviceCallerOf } from '../devices/devices.routes.ts';
import type { PermissionsService } from '../roles/permissions.service.ts';
import { RolesRepo } from '../roles/roles.repo.ts';
import { callerOf } from '../roles/roles.routes.ts';
import { RolesService } from '../roles/roles.service.ts';
import { UsersService } from '../users/users.service.ts';
import { XLSX_TYPE } from '../users/users-export.ts';
import { DownloadsService, downloadsSettled, presentDownload } from './downloads.service.ts';

const TAG = ['downloads'];
const FILE = '/device/FileDownload';

/**
 * The download centre (/consumer/download) under the spec's FileDownload group (002 §7; the paths
 * are not shown there): request a file, list the caller's files, download one, delete one.
 */
export function downloadsRoutes(
  ctx: AppContext,
  sessions: SessionsService,
  permissions: PermissionsService,
): FastifyPluginAsyncZod {
  const users = new UsersService(
    ctx,
    sessions,
    new RolesService(new RolesRepo(ctx.db), permissions, ctx.clock),
  );
  const service = new DownloadsService(ctx, users);
  const pageOf = pageResponseSchema(downloadRowSchema);
  return async (app) => {
    // Files being made finish (or fail) before the database closes.
    app.addHook('preClose', async () => downloadsSettled(ctx));

    app.post(
      `${FILE}/page`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: downloadPageSchema, response: okSchema(pageOf) },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(callerOf(request), request.body);
        return ok(request, { data: rows.map(presentDownload), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${FILE}/insert`,
      {
        config: { action: 'download.insert' },
        schema: {
          tags: TAG,
          body: downloadInsertSchema,
          description:
            "devices: the caller's device list (device.list:export); users: the back office's user list (system.consumerList:export). condition: the list's filters and tab, as its page takes them without paging and sorting; the file holds what the list shows the caller.",
          response: okSchema(downloadRowSchema),
        },
      },
      async (request) => {
        const row = await service.request(
          callerOf(request),
          deviceCallerOf(request),
          request.body,
          request.t,
        );
        request.auditNote = {
          entityType: 'downloadFile',
          entityId: row.id,
          newValue: { kind: row.kind, condition: request.body.condition },
        };
        return ok(request, presentDownload(row));
      },
    );

    app.get(
      `${FILE}/download`,
      { schema: { tags: TAG, querystring: downloadIdQuerySchema, description: 'The generated XLSX file.' } },
      async (request, reply) => {
        const file = await service.file(callerOf(request), request.query.id);
        return reply
          .type(XLSX_TYPE)
          .header('content-length', file.size)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${file.row.fileName}"`)
          .send(fs.createReadStream(file.path));
      },
    );

    app.delete(
      `${FILE}/delete`,
      {
        config: { action: 'download.delete' },
        schema: { tags: TAG, querystring: downloadIdQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.delete(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'downloadFile',
          entityId: row.id,
          oldValue: { fileName: row.fileName },
        };
        return ok(request, null);
      },
    );
  };
}
