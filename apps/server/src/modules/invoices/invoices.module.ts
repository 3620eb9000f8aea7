import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { OrdersRepo } from '../orders/orders.repo.ts';
import { ordersRoutes } from '../orders/orders.routes.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { paymentProvidersOf } from '../payments/providers/registry.ts';
import { BillsRepo } from './bills.repo.ts';
import { billsRoutes } from './bills.routes.ts';
import { BillsService } from './bills.service.ts';
import { InvoicesRepo } from './invoices.repo.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { InvoicesService } from './invoices.service.ts';
import { manualInvoiceProvider } from './providers/invoice-provider.ts';

/**
 * Registers orders (lists, details, exports, manual handling, refunds), the account's invoice info
 * (user bills) and invoices under /api. Orders are read from the payments area's tables; payment
 * providers are looked up when a call needs one, so the payments area may register after this one.
 */
export function invoicesModule(ctx: AppContext) {
  return async (api: FastifyInstance) => {
    const now = () => ctx.clock.now().toISOString();
    const ordersRepo = new OrdersRepo(ctx.db);
    const orders = new OrdersService(ctx.db, ordersRepo, () => paymentProvidersOf(ctx), ctx.clock, api.log);
    const bills = new BillsService(new BillsRepo(ctx.db), ctx.clock);
    const invoices = new InvoicesService(
      ctx.db,
      new InvoicesRepo(ctx.db),
      ordersRepo,
      manualInvoiceProvider,
      ctx.mailer,
      ctx.clock,
      ctx.config.dataDir,
      api.log,
    );
    await api.register(billsRoutes(bills));
    await api.register(ordersRoutes(orders, now, (scope) => invoices.syncApplied(scope)));
    await api.register(invoicesRoutes(invoices, ctx.config.publicUrl, now));
  };
}
