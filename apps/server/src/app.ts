import { AVATAR_MAX_BYTES } from '@coldchain/shared';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SessionsService } from './auth/sessions.service.ts';
import type { Config } from './config.ts';
import { type AppContext, type ContextOverrides, createContext } from './context.ts';
import { migrateToLatest } from './db/migrate.ts';
import { HistoryRepo } from './history/history.repo.ts';
import { historyRoutes } from './history/history.routes.ts';
import { HistoryService } from './history/history.service.ts';
import { RequestLog, requestLogger } from './http/request-log.ts';
import { ingestRoutes } from './ingest/ingest.routes.ts';
import { Ingest } from './ingest/ingest.ts';
import { accountCallsRoutes } from './modules/accounts/account-calls.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { alarmsRoutes } from './modules/alarms/alarms.routes.ts';
import { appVersionsRoutes } from './modules/app-versions/app-versions.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { contractorsRoutes } from './modules/contractors/contractors.routes.ts';
import { dataPushRoutes } from './modules/data-push/data-push.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { registerDelivery } from './modules/delivery/delivery.ts';
import { deviceServiceRoutes } from './modules/device-service/device-service.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { dictsRoutes } from './modules/dicts/dicts.routes.ts';
import { DictsService } from './modules/dicts/dicts.service.ts';
import { downloadsRoutes } from './modules/downloads/downloads.routes.ts';
import { firmwareModule } from './modules/firmware/firmware.module.ts';
import { guidsRoutes } from './modules/guids/guids.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesModule } from './modules/invoices/invoices.module.ts';
import { NoticesRepo } from './modules/notices/notices.repo.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { NoticesService } from './modules/notices/notices.service.ts';
import { operationLogRoutes } from './modules/operation-log/operation-log.routes.ts';
import { operationsOverviewRoutes } from './modules/operations-overview/operations-overview.routes.ts';
import { organizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { registerDeviceGrants } from './modules/permission-models/device-grants.ts';
import { PlatformsRepo } from './modules/platforms/platforms.repo.ts';
import { platformsRoutes } from './modules/platforms/platforms.routes.ts';
import { PlatformsService } from './modules/platforms/platforms.service.ts';
import { TenantResolver } from './modules/platforms/tenant-resolver.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { PermissionsService } from './modules/roles/permissions.service.ts';
import { RolesRepo } from './modules/roles/roles.repo.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { servicePackagesRoutes } from './modules/service-packages/service-packages.routes.ts';
import { deviceSharingRoutes } from './modules/sharing/people-devices.routes.ts';
import { simsRoutes } from './modules/sims/sims.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { waybillsModule } from './modules/waybills/waybills.module.ts';
import { registerAuditHook } from './plugins/audit-hook.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler, registerNotFound } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { createLiveHub, realtimeRoutes } from './realtime/realtime.routes.ts';
import { seedDemoAccounts, seedPlatform } from './seed.ts';

export interface BuildOptions extends ContextOverrides {
  /** Serve the console build (off in API tests). */
  web?: boolean;
}

/** Builds the whole platform on a migrated, seeded database; never listens (tests use inject). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = createContext(config, app.log, options);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    await ctx.db.destroy();
  });

  await migrateToLatest(ctx.db);
  await seedPlatform(ctx);
  if (config.seedDemo) await seedDemoAccounts(ctx);

  // Ingest stops (MQTT closed, pending readings committed) before the database closes.
  const ingest = await Ingest.create(ctx, app.log);
  app.decorate('ingest', ingest);
  app.addHook('preClose', async () => ingest.close());
  const delivery = registerDelivery(app, ctx);

  const platformsRepo = new PlatformsRepo(ctx.db);
  const tenants = new TenantResolver(platformsRepo);
  const permissions = new PermissionsService(new RolesRepo(ctx.db));
  const sessions = new SessionsService(ctx.db, ctx.clock, config.inactivityTimeoutMs);

  registerErrorHandler(app);
  await registerSecurity(app);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });
  const spa = options.web !== false && (await registerWeb(app, config.webDist));
  registerNotFound(app, { spa });
  registerRequestContext(app, tenants);
  registerAuth(app, sessions, permissions);
  registerAuditHook(app, ctx.audit);
  registerDeviceGrants(app, ctx);

  const accounts = new AccountsService(ctx, sessions, permissions);
  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(accountsRoutes(accounts));
      await api.register(accountCallsRoutes(ctx, sessions));
      await api.register(dictsRoutes(new DictsService(ctx.clock)));
      await api.register(
        platformsRoutes(new PlatformsService(platformsRepo, tenants, ctx.clock), config.dataDir),
      );
      await api.register(operationLogRoutes(ctx));
      await api.register(operationsOverviewRoutes(ctx, ingest));
      await api.register(contractorsRoutes(ctx));
      await api.register(rolesRoutes(ctx, permissions));
      await api.register(usersRoutes(ctx, sessions, permissions));
      await api.register(downloadsRoutes(ctx, sessions, permissions));
      await api.register(catalogueRoutes(ctx));
      await api.register(devicesRoutes(ctx));
      await api.register(deviceSharingRoutes(ctx));
      await api.register(organizationsRoutes(ctx));
      await api.register(projectsRoutes(ctx));
      await api.register(assetsRoutes(ctx));
      await api.register(ingestRoutes(ctx, ingest));
      await api.register(noticesRoutes(new NoticesService(new NoticesRepo(ctx.db), ctx.clock)));
      await api.register(alarmsRoutes(ctx));
      await api.register(deliveryRoutes(delivery.pushRecords));
      await api.register(dataPushRoutes(delivery.dataPushService));
      await api.register(
        historyRoutes(
          new HistoryService(new HistoryRepo(ctx.db), ctx.clock, config.pdfFontPath, ctx.audit),
          config.rateLimits.publicPerMinute,
        ),
      );
      await api.register(waybillsModule(ctx, delivery.jobs));
      await api.register(servicePackagesRoutes(ctx));
      await api.register(paymentsModule(ctx, delivery.jobs));
      await api.register(simsRoutes(ctx));
      await api.register(guidsRoutes(ctx));
      await api.register(firmwareModule(ctx, ingest, delivery.jobs));
      await api.register(appVersionsRoutes(ctx));
      await api.register(invoicesModule(ctx));
      await api.register(deviceServiceRoutes(ctx));
      await api.register(realtimeRoutes(createLiveHub(api, ctx, sessions, permissions)));
    },
    { prefix: '/api' },
  );
  return app;
}
