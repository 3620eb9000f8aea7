import {
  contractorCertifySchema,
  contractorPageSchema,
  contractorSaveSchema,
  contractorSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { scopeOf } from '../operations-overview/operations-overview.service.ts';
import { ADMIN_ROLE } from '../roles/role-policy.ts';
import { ContractorsRepo } from './contractors.repo.ts';
import { ContractorsService } from './contractors.service.ts';

const TAG = ['contractors'];
const BASE = '/base/BaseContractor';

/** Certifying is the administrators' (002 §6: the back office's admin-only functions), like upgrades. */
function requireAdmin(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (auth.account.roleCode !== ADMIN_ROLE) throw new AppError('forbidden');
  return auth;
}

/** Engineers and contractors in the back office's user management (`system.consumerList`). */
export function contractorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ContractorsService(new ContractorsRepo(ctx.db), ctx.clock);
  return async (app) => {
    app.post(
      `${BASE}/page`,
      {
        config: { permission: 'system.consumerList:query', audit: false },
        schema: {
          tags: TAG,
          body: contractorPageSchema,
          response: okSchema(pageResponseSchema(contractorSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(scopeOf(request), request.body);
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    app.put(
      `${BASE}/save`,
      {
        config: { permission: 'system.consumerList:edit', action: 'contractor.save' },
        schema: { tags: TAG, body: contractorSaveSchema, response: okSchema(contractorSchema) },
      },
      async (request) => {
        requireAdmin(request);
        const { before, after } = await service.save(scopeOf(request), request.body);
        request.auditNote = {
          entityType: 'contractor',
          entityId: after.accountId,
          oldValue: {
            contractorCompany: before.contractorCompany,
            contractorContact: before.contractorContact,
          },
          newValue: {
            contractorCompany: after.contractorCompany,
            contractorContact: after.contractorContact,
          },
        };
        return ok(request, after);
      },
    );

    app.put(
      `${BASE}/certify`,
      {
        config: { permission: 'system.consumerList:edit', action: 'contractor.certify' },
        schema: { tags: TAG, body: contractorCertifySchema, response: okSchema(contractorSchema) },
      },
      async (request) => {
        const auth = requireAdmin(request);
        const { before, after } = await service.certify(scopeOf(request), auth.account.id, request.body);
        request.auditNote = {
          entityType: 'contractor',
          entityId: after.accountId,
          oldValue: { status: before.status },
          newValue: { status: after.status, contractorCompany: after.contractorCompany, note: after.note },
        };
        return ok(request, after);
      },
    );
  };
}
