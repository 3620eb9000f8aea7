import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import {
  aliConfigSchema,
  aliConfigUpdateSchema,
  type ProviderSettings,
  platformIdQuerySchema,
  settingsScopeOf,
  wxConfigSchema,
  wxConfigUpdateSchema,
} from './provider-settings.ts';

const TAG = ['payments'];
const WX = '/payment/PayPdWxConfig';
const ALI = '/payment/PayPdAliConfig';

/**
 * A platform's WeChat Pay and Alipay merchant settings (001 §7.9, paths verbatim), for the
 * /customized/list back office. Secrets are write-only; the operation log records the shown fields.
 */
export function providerSettingsRoutes(settings: ProviderSettings, clock: Clock): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${WX}/selectByCamp`,
      {
        config: { permission: 'customized.list:query', audit: false },
        schema: { tags: TAG, querystring: platformIdQuerySchema, response: okSchema(wxConfigSchema) },
      },
      async (request) =>
        ok(request, await settings.wechat(settingsScopeOf(request), request.query.platformId)),
    );

    app.put(
      `${WX}/updateWxConfig`,
      {
        config: { permission: 'customized.list:edit', action: 'payment.updateWxConfig' },
        schema: { tags: TAG, body: wxConfigUpdateSchema, response: okSchema(wxConfigSchema) },
      },
      async (request) => {
        const scope = settingsScopeOf(request);
        const before = await settings.wechat(scope, request.body.platformId);
        const after = await settings.updateWechat(scope, request.body, clock.now().toISOString());
        request.auditNote = {
          entityType: 'platform',
          entityId: after.platformId,
          oldValue: before,
          newValue: after,
        };
        return ok(request, after);
      },
    );

    app.get(
      `${ALI}/selectByCamp`,
      {
        config: { permission: 'customized.list:query', audit: false },
        schema: { tags: TAG, querystring: platformIdQuerySchema, response: okSchema(aliConfigSchema) },
      },
      async (request) =>
        ok(request, await settings.alipay(settingsScopeOf(request), request.query.platformId)),
    );

    app.put(
      `${ALI}/updateAliConfig`,
      {
        config: { permission: 'customized.list:edit', action: 'payment.updateAliConfig' },
        schema: { tags: TAG, body: aliConfigUpdateSchema, response: okSchema(aliConfigSchema) },
      },
      async (request) => {
        const scope = settingsScopeOf(request);
        const before = await settings.alipay(scope, request.body.platformId);
        const after = await settings.updateAlipay(scope, request.body, clock.now().toISOString());
        request.auditNote = {
          entityType: 'platform',
          entityId: after.platformId,
          oldValue: before,
          newValue: after,
        };
        return ok(request, after);
      },
    );
  };
}
