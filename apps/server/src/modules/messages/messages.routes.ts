import { alarmCountSchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { MessagesRepo } from './messages.repo.ts';

const TAG = ['messages'];

/**
 * The header's alarm badge (000 §4): the count the console polls every 10 s, and "seen", which clears
 * the new flag so the tone does not sound again for the same alarms. Paths in the style of the
 * device calls (/device/...); the spec does not show them.
 */
export function messagesRoutes(repo: MessagesRepo): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/device/alarm/count',
      {
        config: { permission: 'message.list' },
        schema: { tags: TAG, response: okSchema(alarmCountSchema) },
      },
      async (request) => ok(request, await repo.alarmCount(requireAuth(request).account.id)),
    );

    app.post(
      '/device/alarm/markRead',
      {
        config: { permission: 'message.list', action: 'alarm.markRead' },
        schema: { tags: TAG, response: okSchema(z.object({ updated: z.number().int() })) },
      },
      async (request) => {
        const { account } = requireAuth(request);
        const updated = await repo.markRead(account.id);
        request.auditNote = { entityType: 'alarmMessage', entityId: null, newValue: { newFlag: 0, updated } };
        return ok(request, { updated });
      },
    );
  };
}
