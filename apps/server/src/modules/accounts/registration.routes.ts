import { forgotSchema, registerSchema, sessionTokenSchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { presentBaseAccount } from './accounts.presenter.ts';
import { clientOf } from './accounts.service.ts';
import { perAddress } from './rate-limits.ts';
import type { RegistrationService } from './registration.service.ts';

const TAG = ['accounts'];

/** Sign-up and password recovery (000 §7). Both hash a password, so both are throttled like login. */
export function registrationRoutes(service: RegistrationService, perMinute: number): FastifyPluginAsyncZod {
  const rateLimit = perAddress(perMinute);
  return async (app) => {
    app.post(
      '/base/BaseAccount/register',
      {
        config: { access: 'public', action: 'account.register', rateLimit },
        schema: { tags: TAG, security: [], body: registerSchema, response: okSchema(sessionTokenSchema) },
      },
      async (request) => {
        const { account, token } = await service.register(
          request.platform,
          request.body,
          request.locale,
          clientOf(request),
        );
        request.auditNote = {
          entityType: 'account',
          entityId: account.id,
          newValue: presentBaseAccount(account),
          actor: { id: account.id, name: account.userName, platformId: account.platformId },
        };
        return ok(request, { token });
      },
    );

    app.post(
      '/base/BaseAccount/forgot',
      {
        config: { access: 'public', action: 'account.forgot', rateLimit },
        schema: { tags: TAG, security: [], body: forgotSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { account, contact } = await service.forgot(request.platform, request.body);
        request.auditNote = {
          entityType: 'account',
          entityId: account.id,
          newValue: { passwordReset: true, provenBy: contact.channel, sessionsRevoked: true },
          actor: { id: account.id, name: account.userName, platformId: account.platformId },
        };
        return ok(request, null);
      },
    );
  };
}
