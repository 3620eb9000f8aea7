import {
  alarmCountSchema,
  alarmHandleResultSchema,
  alarmHandleSchema,
  alarmIdQuerySchema,
  alarmMessagePageSchema,
  alarmMessageSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { callerOf } from '../devices/devices.routes.ts';
import type { MessagesService } from './messages.service.ts';

const TAG = ['messages'];
const ALARM = '/device/alarm';

/**
 * The message centre (002 §2, §4, §7 path group /device/alarm): paged alarm and system messages with
 * filters (the device detail's alarm record tab passes deviceId), one message, handling, and the
 * header badge (000 §4): the count the console polls every 10 s, and "seen", which clears the new
 * flag so the tone does not sound again for the same alarms.
 */
export function messagesRoutes(messages: MessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${ALARM}/page`,
      {
        config: { permission: 'message.list', audit: false },
        schema: {
          tags: TAG,
          body: alarmMessagePageSchema,
          response: okSchema(pageResponseSchema(alarmMessageSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await messages.page(callerOf(request), request.body, request.locale);
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    app.post(
      `${ALARM}/sysPage`,
      {
        config: { permission: 'operation.alarm', audit: false },
        schema: {
          tags: TAG,
          body: alarmMessagePageSchema,
          response: okSchema(pageResponseSchema(alarmMessageSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await messages.backOfficePage(
          callerOf(request),
          request.body,
          request.locale,
        );
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    app.get(
      `${ALARM}/detail`,
      {
        config: { permission: 'message.list' },
        schema: { tags: TAG, querystring: alarmIdQuerySchema, response: okSchema(alarmMessageSchema) },
      },
      async (request) =>
        ok(request, await messages.detail(callerOf(request), request.query.id, request.locale)),
    );

    app.put(
      `${ALARM}/handle`,
      {
        config: { permission: 'message.list', action: 'alarm.handle' },
        schema: { tags: TAG, body: alarmHandleSchema, response: okSchema(alarmHandleResultSchema) },
      },
      async (request) => {
        const { before, updated } = await messages.handle(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'alarmMessage',
          // One id fits the log's entity column; a batch is named by the ids in the old value.
          entityId: before.length === 1 ? (before[0]?.id ?? null) : null,
          oldValue: before.map((r) => ({ id: r.id, state: r.state, treatment: r.treatment })),
          newValue: request.body,
        };
        return ok(request, { updated });
      },
    );

    app.get(
      `${ALARM}/count`,
      {
        config: { permission: 'message.list' },
        schema: { tags: TAG, response: okSchema(alarmCountSchema) },
      },
      async (request) => ok(request, await messages.count(callerOf(request))),
    );

    app.post(
      `${ALARM}/markRead`,
      {
        config: { permission: 'message.list', action: 'alarm.markRead' },
        schema: { tags: TAG, response: okSchema(z.object({ updated: z.number().int() })) },
      },
      async (request) => {
        const updated = await messages.markRead(callerOf(request));
        request.auditNote = { entityType: 'alarmMessage', entityId: null, newValue: { newFlag: 0, updated } };
        return ok(request, { updated });
      },
    );
  };
}
