import type { ThirdPartyProviderName } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { accountLookupRoutes } from './account-lookup.routes.ts';
import { AccountLookupService } from './account-lookup.service.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { AccountSecurityService } from './account-security.service.ts';
import { CaptchaService } from './captcha.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';
import { registrationRoutes } from './registration.routes.ts';
import { RegistrationService } from './registration.service.ts';
import { thirdPartyLoginRoutes } from './third-party-login.routes.ts';
import { type ThirdPartyLoginProvider, ThirdPartyLoginService } from './third-party-login.ts';
import { verificationRoutes } from './verification.routes.ts';
import { VerificationCodesService } from './verification-codes.service.ts';

/**
 * The account calls beyond the session (000 §7, 002 §7): sign-up, codes and captchas, recovery,
 * binding, credentials, profile, avatar, lookups and third-party login. No third-party provider is
 * configured in this edition, so those logins answer notConfigured.
 */
export function accountCallsRoutes(
  ctx: AppContext,
  sessions: SessionsService,
  providers: ReadonlyMap<ThirdPartyProviderName, ThirdPartyLoginProvider> = new Map(),
): FastifyPluginAsyncZod {
  const { loginPerMinute, codePerMinute } = ctx.config.rateLimits;
  const captchas = new CaptchaService(ctx.db, ctx.clock);
  const codes = new VerificationCodesService(ctx, captchas);
  return async (app) => {
    await app.register(
      verificationRoutes(codes, captchas, { codePerMinute, captchaPerMinute: loginPerMinute }),
    );
    await app.register(registrationRoutes(new RegistrationService(ctx, sessions, codes), loginPerMinute));
    await app.register(
      accountSecurityRoutes(new AccountSecurityService(ctx, sessions, codes), loginPerMinute),
    );
    await app.register(profileRoutes(new ProfileService(ctx)));
    await app.register(accountLookupRoutes(new AccountLookupService(ctx.db), loginPerMinute));
    await app.register(
      thirdPartyLoginRoutes(new ThirdPartyLoginService(ctx, sessions, providers), loginPerMinute),
    );
  };
}
