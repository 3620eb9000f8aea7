import {
  accountByEmailQuerySchema,
  accountByPhoneQuerySchema,
  accountByUepQuerySchema,
  accountLookupSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AccountLookupService } from './account-lookup.service.ts';
import { perAccount } from './rate-limits.ts';

const TAG = ['accounts'];

/** Signed-in lookups (002 §7); throttled per account like login, so phone numbers cannot be harvested. */
export function accountLookupRoutes(service: AccountLookupService, perMinute: number): FastifyPluginAsyncZod {
  const config = () => ({ permission: 'consumer.sharer:query' as const, rateLimit: perAccount(perMinute) });
  const answer = okSchema(accountLookupSchema.nullable());
  return async (app) => {
    app.get(
      '/base/BaseAccount/getAccountInfoByPhone',
      { config: config(), schema: { tags: TAG, querystring: accountByPhoneQuerySchema, response: answer } },
      async (request) => ok(request, await service.byPhone(requireAuth(request), request.query.phone)),
    );
    // The path keeps the original spelling (000 §7 / 002 §7).
    app.get(
      '/base/BaseAccount/getAccountInfoByEamil',
      { config: config(), schema: { tags: TAG, querystring: accountByEmailQuerySchema, response: answer } },
      async (request) => ok(request, await service.byEmail(requireAuth(request), request.query.email)),
    );
    app.get(
      '/base/BaseAccount/queryAccountByUEP',
      { config: config(), schema: { tags: TAG, querystring: accountByUepQuerySchema, response: answer } },
      async (request) => ok(request, await service.byUep(requireAuth(request), request.query.uep)),
    );
  };
}
