import {
  baseAccountSchema,
  bindingSchema,
  modifyEmailAndPasswordSchema,
  modifyPhoneAndPasswordSchema,
  oldPlatformAnswerSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AccountChange, AccountSecurityService } from './account-security.service.ts';
import { presentBaseAccount } from './accounts.presenter.ts';
import { clientOf } from './accounts.service.ts';
import { perAccount } from './rate-limits.ts';

const TAG = ['accounts'];

/** The trail shows the phone and e-mail before and after, and that the password changed (never it). */
function noteChange(request: FastifyRequest, change: AccountChange): void {
  const { before, after, passwordChanged } = change;
  request.auditNote = {
    entityType: 'account',
    entityId: after.id,
    oldValue: { phone: before.phone, email: before.email },
    newValue: {
      phone: after.phone,
      email: after.email,
      ...(passwordChanged ? { passwordChanged: true } : {}),
    },
  };
}

/** Binding and changing the caller's phone, e-mail and password; the old-platform hand-over (000 §7). */
export function accountSecurityRoutes(
  service: AccountSecurityService,
  perMinute: number,
): FastifyPluginAsyncZod {
  // These check the current password or a code: throttled like login against guessing.
  const rateLimit = perAccount(perMinute);
  return async (app) => {
    app.post(
      '/base/BaseAccount/binding',
      {
        config: { action: 'account.binding', rateLimit },
        schema: { tags: TAG, body: bindingSchema, response: okSchema(baseAccountSchema) },
      },
      async (request) => {
        const change = await service.bind(requireAuth(request), request.body);
        noteChange(request, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.post(
      '/base/BaseAccount/modifyPhoneAndPassword',
      {
        config: { action: 'account.modifyPhoneAndPassword', permission: 'consumer.info:edit', rateLimit },
        schema: { tags: TAG, body: modifyPhoneAndPasswordSchema, response: okSchema(baseAccountSchema) },
      },
      async (request) => {
        const { phone, ...rest } = request.body;
        const change = await service.modify(requireAuth(request), request.platform, 'phone', phone, rest);
        noteChange(request, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.post(
      '/base/BaseAccount/modifyEmailAndPassword',
      {
        config: { action: 'account.modifyEmailAndPassword', permission: 'consumer.info:edit', rateLimit },
        schema: { tags: TAG, body: modifyEmailAndPasswordSchema, response: okSchema(baseAccountSchema) },
      },
      async (request) => {
        const { email, ...rest } = request.body;
        const change = await service.modify(requireAuth(request), request.platform, 'email', email, rest);
        noteChange(request, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.post(
      '/base/BaseAccount/toOldPaltform',
      {
        config: { action: 'account.toOldPlatform' },
        schema: { tags: TAG, response: okSchema(oldPlatformAnswerSchema) },
      },
      async (request) => {
        const handOver = await service.oldPlatformHandOver(requireAuth(request), clientOf(request));
        request.auditNote = {
          entityType: 'session',
          entityId: handOver.sessionId,
          newValue: { url: handOver.url, expiresAt: handOver.expiresAt },
        };
        return ok(request, { url: handOver.url, token: handOver.token });
      },
    );
  };
}
