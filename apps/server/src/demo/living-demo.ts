import type { FastifyInstance } from 'fastify';
import { seedDemoDevices } from '../ingest/demo-devices.ts';
import { seedDemoPremium } from '../modules/device-service/demo-premium.ts';
import { seedDemoFirmware } from '../modules/firmware/demo-firmware.ts';
import { seedDemoOrders } from '../modules/orders/demo-orders.ts';
import { seedDemoPayments } from '../modules/payments/demo-payments.ts';
import { seedDemoSimsAndGuids } from '../modules/sims/demo-sims-guids.ts';
import { seedDemoWaybills } from '../modules/waybills/demo-waybills.ts';
import { waybillsOf } from '../modules/waybills/waybills.module.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoHistory } from './demo-history.ts';
import { seedDemoOrganization } from './demo-organization.ts';
import { seedDemoServicePackages } from './demo-service-packages.ts';

/** How often the demo looks whether its waybill has ended and the truck needs the next one. */
const NEXT_WAYBILL_CHECK_MS = 30_000;

/**
 * The living demo (SEED_DEMO): demo_user's five devices with their probes and a week of history,
 * the organization, project and asset, and a waybill on the first truck. Safe to run at every start.
 * Answers the simulator's fleet file, or null without demo_user.
 */
export async function seedLivingDemo(app: FastifyInstance): Promise<string | null> {
  const { ctx } = app;
  const fleet = await seedDemoDevices(ctx);
  if (!fleet) return null;
  await seedDemoCatalogue(ctx);
  await seedDemoServicePackages(ctx);
  await seedDemoOrders(ctx);
  await seedDemoPayments(ctx);
  await seedDemoPremium(ctx);
  const began = Date.now();
  const seeded = await seedDemoHistory(ctx, app.ingest);
  if (seeded > 0)
    app.log.info(`Demo history: a week of readings for ${seeded} devices in ${Date.now() - began} ms`);
  await seedDemoOrganization(ctx);
  await seedDemoFirmware(ctx);
  await seedDemoSimsAndGuids(ctx);
  await nextDemoWaybill(app);
  return fleet;
}

/** Adds the next demo waybill when the last one ended; fence tracking follows it at once. */
async function nextDemoWaybill(app: FastifyInstance): Promise<void> {
  await seedDemoWaybills(app.ctx);
  await waybillsOf(app.ctx).tracker.refresh();
}

/** Seeds the demo, then, while the server runs, adds a demo waybill after each one that ended. */
export async function startLivingDemo(app: FastifyInstance): Promise<string | null> {
  const fleet = await seedLivingDemo(app);
  if (!fleet) return null;
  const timer = setInterval(() => {
    nextDemoWaybill(app).catch((error: unknown) => app.log.warn({ err: error }, 'next demo waybill failed'));
  }, NEXT_WAYBILL_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return fleet;
}
