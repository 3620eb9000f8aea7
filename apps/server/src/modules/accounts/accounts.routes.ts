import { accountInfoQuerySchema, accountInfoSchema, loginSchema, sceneQuerySchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { type AccountsService, clientOf } from './accounts.service.ts';

const TAG = ['accounts'];

/** Session calls of 000 §7: login, logout, account info, scene permissions. */
export function accountsRoutes(service: AccountsService): FastifyPluginAsyncZod {
  const { loginPerMinute } = service.ctx.config.rateLimits;
  return async (app) => {
    app.post(
      '/base/BaseAccount/login',
      {
        config: {
          access: 'public',
          action: 'account.login',
          rateLimit: { max: loginPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags: TAG,
          security: [],
          body: loginSchema,
          response: okSchema(z.object({ token: z.string() })),
        },
      },
      async (request) => {
        const { account, token } = await service.login(
          request.platform,
          request.body,
          clientOf(request),
          request.log,
        );
        request.auditNote = {
          entityType: 'account',
          entityId: account.id,
          newValue: { loginType: request.body.loginType },
          actor: { id: account.id, name: account.userName, platformId: account.platformId },
        };
        return ok(request, { token });
      },
    );

    app.get(
      '/base/BaseAccount/loginOut',
      { config: { access: 'optional' }, schema: { tags: TAG, response: okSchema(z.null()) } },
      async (request) => {
        await service.logout(request.auth, clientOf(request));
        return ok(request, null);
      },
    );

    app.get(
      '/base/BaseAccount/accountInfo',
      { schema: { tags: TAG, querystring: accountInfoQuerySchema, response: okSchema(accountInfoSchema) } },
      async (request) => ok(request, await service.accountInfo(requireAuth(request), request.t)),
    );

    app.get(
      '/base/BaseAccount/getScenePermissionList',
      { schema: { tags: TAG, querystring: sceneQuerySchema, response: okSchema(z.array(z.string())) } },
      async (request) => ok(request, service.scenePermissions(requireAuth(request), request.query.sceneId)),
    );
  };
}
