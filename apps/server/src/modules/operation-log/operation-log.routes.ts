import { operationLogPageSchema, operationLogSchema, pageResponseSchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditRepo } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { actionsNamedLike } from './action-names.ts';
import { presentOperationLog } from './operation-log.presenter.ts';

/**
 * The operation log (routes operation.log). Operators on the default platform see every entry; an
 * operator of another platform sees that platform's; everyone else sees only their own actions.
 * Each entry carries its action's name in the caller's language; the action filter matches the key
 * or that name.
 */
export function operationLogRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = new AuditRepo(ctx.db);
  return async (app) => {
    app.post(
      '/base/BaseOperationLog/page',
      {
        config: { permission: 'operation.log:query', audit: false },
        schema: {
          tags: ['audit'],
          body: operationLogPageSchema,
          response: okSchema(pageResponseSchema(operationLogSchema)),
        },
      },
      async (request) => {
        const { account, permissions } = requireAuth(request);
        const seesPlatform = permissions.includes('operation.system:query');
        const scope = seesPlatform
          ? request.platform.isDefault === 1
            ? {}
            : { platformId: request.platform.id }
          : { accountId: account.id };
        const { action } = request.body;
        const namedLike = action ? actionsNamedLike(request.locale, action) : [];
        const { rows, totalCount } = await repo.page(request.body, scope, namedLike);
        return ok(request, {
          data: rows.map((row) => presentOperationLog(row, request.locale)),
          start: request.body.start,
          totalCount,
        });
      },
    );
  };
}
