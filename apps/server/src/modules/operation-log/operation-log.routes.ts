import {
  type OperationLog,
  operationLogPageSchema,
  operationLogSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditRepo, type OperationLogRow } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';

const parse = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

function present(row: OperationLogRow): OperationLog {
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    oldValue: parse(row.oldValue),
    newValue: parse(row.newValue),
    sourceIp: row.sourceIp,
    createdAt: row.createdAt,
  };
}

/**
 * The operation log (routes operation.log). Operators on the default platform see every entry; an
 * operator of another platform sees that platform's; everyone else sees only their own actions.
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
        const { rows, totalCount } = await repo.page(request.body, scope);
        return ok(request, { data: rows.map(present), start: request.body.start, totalCount });
      },
    );
  };
}
