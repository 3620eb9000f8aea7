import {
  facebookLoginQuerySchema,
  loginProviderSchema,
  sessionTokenSchema,
  type ThirdPartyProviderName,
  thirdPartyLoginSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { clientOf } from './accounts.service.ts';
import { perAddress } from './rate-limits.ts';
import type { ThirdPartyLoginService } from './third-party-login.ts';

const TAG = ['accounts'];

/** WeChat and QQ post the authorisation code; Facebook's redirect brings it in the query (000 §7). */
export function thirdPartyLoginRoutes(
  service: ThirdPartyLoginService,
  perMinute: number,
): FastifyPluginAsyncZod {
  const config = () => ({
    access: 'public' as const,
    action: 'account.login',
    rateLimit: perAddress(perMinute),
  });
  const schema = () => ({ tags: TAG, security: [], response: okSchema(sessionTokenSchema) });

  async function login(request: FastifyRequest, provider: ThirdPartyProviderName, code: string) {
    const { account, token } = await service.login(request.platform, provider, code, clientOf(request));
    request.auditNote = { entityType: 'account', entityId: account.id, recorded: true };
    return ok(request, { token });
  }

  return async (app) => {
    // The login page shows a button per configured provider; none are configured in this edition.
    app.get(
      '/base/BaseAccount/login/providers',
      {
        config: { access: 'public' },
        schema: { tags: TAG, security: [], response: okSchema(z.array(loginProviderSchema)) },
      },
      async (request) => ok(request, service.offered(`${request.protocol}://${request.host}`)),
    );
    app.post(
      '/base/BaseAccount/login/wechat/web',
      { config: config(), schema: { ...schema(), body: thirdPartyLoginSchema } },
      async (request) => login(request, 'wechat', request.body.code),
    );
    app.post(
      '/base/BaseAccount/login/qq/web',
      { config: config(), schema: { ...schema(), body: thirdPartyLoginSchema } },
      async (request) => login(request, 'qq', request.body.code),
    );
    app.get(
      '/base/BaseAccount/login/facebook/web',
      { config: config(), schema: { ...schema(), querystring: facebookLoginQuerySchema } },
      async (request) => login(request, 'facebook', request.query.code),
    );
  };
}
