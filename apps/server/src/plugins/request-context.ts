import type { FastifyInstance } from 'fastify';
import { pickLocale, translatorFor } from '../i18n/i18n.ts';
import type { TenantResolver } from '../modules/platforms/tenant-resolver.ts';

/** Language from Accept-Language, platform from the host name; both on every request. */
export function registerRequestContext(app: FastifyInstance, tenants: TenantResolver): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('t', undefined as never);
  app.decorateRequest('platform', undefined as never);
  app.decorateRequest('auth', null);
  app.decorateRequest('auditNote', null);
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
    request.t = translatorFor(request.locale);
    request.auth = null;
    request.auditNote = null;
    if (request.url.startsWith('/api/')) request.platform = await tenants.resolve(request.hostname);
  });
}
