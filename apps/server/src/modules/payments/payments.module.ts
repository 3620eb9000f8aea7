import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { JobClient } from '../../jobs/job-client.ts';
import { ServicePricing } from '../service-packages/pricing.ts';
import { NoticeIntake } from './notice-intake.ts';
import { OrderCreation } from './order-creation.ts';
import { PaymentsRepo } from './payments.repo.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { PaymentsService } from './payments.service.ts';
import { deriveKey, resolvePaymentKey, SecretBox } from './provider-keys.ts';
import { providerSettingsRoutes } from './provider-settings.routes.ts';
import { ProviderSettings } from './provider-settings.ts';
import { AlipayProvider, type AlipaySecrets, type AlipaySettings } from './providers/alipay.ts';
import { CardProvider, type CardSecrets, type CardSettings } from './providers/card.ts';
import { ProviderRegistry } from './providers/provider-registry.ts';
import { registerPaymentProviders } from './providers/registry.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { WechatPayProvider, type WechatSecrets, type WechatSettings } from './providers/wechat.ts';
import { paymentPublicRoutes } from './public.routes.ts';
import { reconcilePaymentsJob } from './reconcile.job.ts';
import { Reconciliation } from './reconciliation.ts';
import { Settlement } from './settlement.ts';

/** The payments area of one app: what tests and other modules drive. */
export interface PaymentsModule {
  repo: PaymentsRepo;
  registry: ProviderRegistry;
  sandbox: SandboxProvider;
  creation: OrderCreation;
  settlement: Settlement;
  reconciliation: Reconciliation;
  service: PaymentsService;
}

const modules = new WeakMap<AppContext, PaymentsModule>();

/** The payments area of an app by its context (premium orders: `paymentsOf(ctx).creation.create(...)`). */
export function paymentsOf(ctx: AppContext): PaymentsModule {
  const found = modules.get(ctx);
  if (!found) throw new Error('payments are not registered on this app');
  return found;
}

/**
 * Registers orders, providers, notices and the reconciliation job. Provider secrets are sealed with
 * the payment key (PAYMENT_KEY or DATA_DIR/payment.key); the sandbox signs its notices with a key
 * derived from it.
 */
export function paymentsModule(ctx: AppContext, jobs: JobClient) {
  return async (api: FastifyInstance) => {
    const paymentKey = resolvePaymentKey(ctx.config);
    const repo = new PaymentsRepo(ctx.db);
    const sandbox = new SandboxProvider(ctx.db, ctx.clock, deriveKey(paymentKey, 'sandbox-notices'));
    const box = new SecretBox(paymentKey);
    const registry = new ProviderRegistry(ctx.db, box, ctx.clock, sandbox, {
      wechat: (settings, secrets) =>
        new WechatPayProvider(settings as unknown as WechatSettings, secrets as unknown as WechatSecrets),
      alipay: (settings, secrets) =>
        new AlipayProvider(settings as unknown as AlipaySettings, secrets as unknown as AlipaySecrets),
      card: (settings, secrets) =>
        new CardProvider(settings as unknown as CardSettings, secrets as unknown as CardSecrets),
    });
    registerPaymentProviders(ctx, registry);
    const settlement = new Settlement(ctx.db, ctx.clock, api.log);
    const creation = new OrderCreation(ctx.db, repo, registry, ctx.clock, ctx.audit);
    const service = new PaymentsService(
      repo,
      () => new ServicePricing(ctx.db, ctx.clock),
      creation,
      registry,
      settlement,
      ctx.clock,
    );
    const reconciliation = new Reconciliation(repo, registry, settlement, api.log);
    const intake = new NoticeIntake(registry, settlement, ctx.clock, api.log);
    modules.set(ctx, { repo, registry, sandbox, creation, settlement, reconciliation, service });
    jobs.register(reconcilePaymentsJob(reconciliation));

    await api.register(paymentsRoutes(service, ctx.config.publicUrl));
    await api.register(providerSettingsRoutes(new ProviderSettings(ctx.db, box, registry), ctx.clock));
    await api.register(paymentPublicRoutes(repo, sandbox, intake, ctx.config.rateLimits.publicPerMinute));
  };
}
