import {
  currentNoticeSchema,
  idParamSchema,
  type Notice,
  noticeDismissSchema,
  noticeInsertSchema,
  noticePageSchema,
  noticeQuerySchema,
  noticeSchema,
  noticeUpdateSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { NoticeRow } from './notices.repo.ts';
import type { NoticesService } from './notices.service.ts';

const TAG = ['notices'];

function present(row: NoticeRow): Notice {
  return {
    id: row.id,
    noticeContent: row.noticeContent,
    noticeCamp: row.noticeCamp,
    noticePlatform: row.noticePlatform,
    noticeType: row.noticeType,
    active: row.active === 1 ? 1 : 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The notice modal's calls (any signed-in account) and the back office's notice list
 * (notice.list:*). Paths in the style of 001 §7.8 (BaseNotice); the spec does not show these.
 */
export function noticesRoutes(service: NoticesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/base/BaseNotice/getNotice',
      {
        schema: {
          tags: TAG,
          querystring: noticeQuerySchema,
          response: okSchema(currentNoticeSchema.nullable()),
        },
      },
      async (request) => {
        const { account } = requireAuth(request);
        return ok(request, await service.current(request.platform.id, account.id, request.query));
      },
    );

    app.post(
      '/base/BaseNotice/dismiss',
      {
        config: { action: 'notice.dismiss' },
        schema: { tags: TAG, body: noticeDismissSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { account } = requireAuth(request);
        const row = await service.dismiss(request.platform.id, account.id, request.body.noticeId);
        request.auditNote = { entityType: 'notice', entityId: row.id };
        return ok(request, null);
      },
    );

    app.post(
      '/base/BaseNotice/page',
      {
        config: { permission: 'notice.list:query', audit: false },
        schema: { tags: TAG, body: noticePageSchema, response: okSchema(pageResponseSchema(noticeSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(request.platform.id, request.body);
        return ok(request, { data: rows.map(present), start: request.body.start, totalCount });
      },
    );

    app.post(
      '/base/BaseNotice/insert',
      {
        config: { permission: 'notice.list:add', action: 'notice.insert' },
        schema: { tags: TAG, body: noticeInsertSchema, response: okSchema(noticeSchema) },
      },
      async (request) => {
        const row = await service.insert(request.platform.id, request.body);
        request.auditNote = { entityType: 'notice', entityId: row.id, newValue: present(row) };
        return ok(request, present(row));
      },
    );

    app.put(
      '/base/BaseNotice/update',
      {
        config: { permission: 'notice.list:edit', action: 'notice.update' },
        schema: { tags: TAG, body: noticeUpdateSchema, response: okSchema(noticeSchema) },
      },
      async (request) => {
        const { before, after } = await service.update(request.platform.id, request.body);
        request.auditNote = {
          entityType: 'notice',
          entityId: after.id,
          oldValue: present(before),
          newValue: present(after),
        };
        return ok(request, present(after));
      },
    );

    app.delete(
      '/base/BaseNotice/delete',
      {
        config: { permission: 'notice.list:delete', action: 'notice.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.delete(request.platform.id, request.query.id);
        request.auditNote = { entityType: 'notice', entityId: row.id, oldValue: present(row) };
        return ok(request, null);
      },
    );
  };
}
