import { CAPTCHA_ID_HEADER, emailCodeQuerySchema, phoneCodeQuerySchema } from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import type { CaptchaService } from './captcha.service.ts';
import { emailContact, phoneContact } from './contacts.ts';
import { perAddress } from './rate-limits.ts';
import type { CodeCaller, VerificationCodesService } from './verification-codes.service.ts';

const TAG = ['accounts'];

function callerOf(request: FastifyRequest): CodeCaller {
  return { platform: request.platform, auth: request.auth, ip: request.ip, t: request.t, log: request.log };
}

/**
 * Verification codes and captcha images (000 §7). Codes for register and forgot are asked for before
 * signing in; codes for bind and modify need the caller's session, so the routes read it when present.
 */
export function verificationRoutes(
  codes: VerificationCodesService,
  captchas: CaptchaService,
  limits: { codePerMinute: number; captchaPerMinute: number },
): FastifyPluginAsyncZod {
  const codeLimit = () => perAddress(limits.codePerMinute);
  return async (app) => {
    app.get(
      '/base/BaseAccount/code/phone',
      {
        config: { access: 'optional', rateLimit: codeLimit() },
        schema: { tags: TAG, security: [], querystring: phoneCodeQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { phone, ...rest } = request.query;
        await codes.send({ contact: phoneContact(phone), ...rest }, callerOf(request));
        return ok(request, null);
      },
    );

    app.get(
      '/base/BaseAccount/code/email',
      {
        config: { access: 'optional', rateLimit: codeLimit() },
        schema: { tags: TAG, security: [], querystring: emailCodeQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { email, ...rest } = request.query;
        await codes.send({ contact: emailContact(email), ...rest }, callerOf(request));
        return ok(request, null);
      },
    );

    app.get(
      '/base/BaseAccount/newVerify',
      {
        config: { access: 'public', rateLimit: perAddress(limits.captchaPerMinute) },
        schema: {
          tags: TAG,
          security: [],
          description: `An SVG captcha image; its id is in the ${CAPTCHA_ID_HEADER} response header. Send the id as captchaId and the text read as captchaCode.`,
        },
      },
      async (_request, reply) => {
        const { id, svg } = await captchas.create();
        return reply
          .header(CAPTCHA_ID_HEADER, id)
          .header('cache-control', 'no-store')
          .type('image/svg+xml; charset=utf-8')
          .send(svg);
      },
    );
  };
}
