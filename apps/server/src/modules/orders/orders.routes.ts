import {
  myOrderPageSchema,
  ORDER_EXPORT_MAX,
  orderDetailSchema,
  orderFiltersSchema,
  orderIdBodySchema,
  orderIdParamSchema,
  orderPageSchema,
  orderRowSchema,
  ordersByMonthQuerySchema,
  ordersByMonthSchema,
  orderUpdateSchema,
  pageResponseSchema,
  refundOrderSchema,
  refundResultSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ordersWorkbook, XLSX } from './order-export.ts';
import { presentDetail, presentOrder } from './orders.presenter.ts';
import type { OrderScope } from './orders.repo.ts';
import type { OrdersService } from './orders.service.ts';

const TAG = ['orders'];
export const ORDER = '/payment/PayOrder';
export const REFUND = '/payment/PayRefund';

/** The caller's own orders (the console). */
export function ownScope(request: FastifyRequest): Required<OrderScope> {
  const { account } = requireAuth(request);
  return { platformId: account.platformId, accountId: account.id };
}
/** Every order of the caller's platform (the back office, order.rechargeList:*). */
export function platformScope(request: FastifyRequest): OrderScope {
  return { platformId: requireAuth(request).account.platformId };
}

/** Orders of 001 §7.3 and refunds: the console's own, the back office's recharge order list. */
export function ordersRoutes(
  service: OrdersService,
  now: () => string,
  /** Brings invoices asked for at order creation up to date before a list or detail reads orders. */
  sync: (scope: OrderScope) => Promise<void> = async () => undefined,
): FastifyPluginAsyncZod {
  const own = async (request: FastifyRequest) => {
    const scope = ownScope(request);
    await sync(scope);
    return scope;
  };
  const office = async (request: FastifyRequest) => {
    const scope = platformScope(request);
    await sync(scope);
    return scope;
  };
  return async (app) => {
    app.post(
      `${ORDER}/selectMyOrderList`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: myOrderPageSchema,
          response: okSchema(pageResponseSchema(orderRowSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(await own(request), request.body);
        return ok(request, { data: rows.map((r) => presentOrder(r)), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${ORDER}/selectOrderDetail`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: orderIdBodySchema, response: okSchema(orderDetailSchema) },
      },
      async (request) => {
        const d = await service.detail(await own(request), request.body.orderId);
        return ok(request, presentDetail(d.row, d.devices, d.refunds, false));
      },
    );

    app.get(
      `${ORDER}/customer/order`,
      {
        schema: { tags: TAG, querystring: ordersByMonthQuerySchema, response: okSchema(ordersByMonthSchema) },
      },
      async (request) => {
        const { months, orders } = await service.byMonth(ownScope(request), request.query.month);
        return ok(request, { months, orders: orders.map((o) => presentOrder(o)) });
      },
    );

    app.post(
      `${ORDER}/selectOrderList`,
      {
        config: { permission: 'order.rechargeList:query', audit: false },
        schema: { tags: TAG, body: orderPageSchema, response: okSchema(pageResponseSchema(orderRowSchema)) },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(await office(request), request.body);
        return ok(request, {
          data: rows.map((r) => presentOrder(r, true)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      `${ORDER}/exportOrder`,
      {
        config: { permission: 'order.rechargeList:export', action: 'order.export' },
        schema: {
          tags: TAG,
          body: orderFiltersSchema,
          description: `An XLSX file of the filtered orders (at most ${ORDER_EXPORT_MAX}); money in currency units with two decimals.`,
        },
      },
      async (request, reply) => {
        const rows = await service.all(await office(request), request.body, ORDER_EXPORT_MAX);
        const file = await ordersWorkbook(rows, request.t, requireAuth(request).account.timeZone);
        request.auditNote = {
          entityType: 'order',
          entityId: null,
          newValue: { count: rows.length, ...request.body },
        };
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="orders-${now().slice(0, 10)}.xlsx"`)
          .send(file);
      },
    );

    app.get(
      `${ORDER}/selectBackOrderDetail`,
      {
        config: { permission: 'order.rechargeList:get' },
        schema: { tags: TAG, querystring: orderIdParamSchema, response: okSchema(orderDetailSchema) },
      },
      async (request) => {
        const d = await service.detail(await office(request), request.query.orderId);
        return ok(request, presentDetail(d.row, d.devices, d.refunds, true));
      },
    );

    app.put(
      `${ORDER}/update`,
      {
        config: { permission: 'order.rechargeList:edit', action: 'order.update' },
        schema: { tags: TAG, body: orderUpdateSchema, response: okSchema(orderRowSchema) },
      },
      async (request) => {
        const { before, after } = await service.updateDescription(
          platformScope(request),
          request.body.orderId,
          request.body.orderDescription,
        );
        request.auditNote = {
          entityType: 'order',
          entityId: after.id,
          oldValue: { orderDescription: before.orderDescription },
          newValue: { orderDescription: after.orderDescription },
        };
        return ok(request, presentOrder(after, true));
      },
    );

    app.post(
      `${ORDER}/handlingOrder`,
      {
        config: { permission: 'order.rechargeList:edit', action: 'order.handle' },
        schema: { tags: TAG, body: orderIdBodySchema, response: okSchema(orderRowSchema) },
      },
      async (request) => {
        const after = await service.handle(platformScope(request), request.body.orderId);
        request.auditNote = {
          entityType: 'order',
          entityId: after.id,
          newValue: { payStatus: after.payStatus },
        };
        return ok(request, presentOrder(after, true));
      },
    );

    app.post(
      `${REFUND}/refundOrder`,
      {
        config: { permission: 'order.rechargeList:edit', action: 'order.refund' },
        schema: { tags: TAG, body: refundOrderSchema, response: okSchema(refundResultSchema) },
      },
      async (request) => {
        const { account } = requireAuth(request);
        const { order, result } = await service.refund(platformScope(request), account.id, request.body);
        request.auditNote = {
          entityType: 'order',
          entityId: order.id,
          newValue: { ...result, amount: request.body.refundAmount, orderCode: order.orderCode },
        };
        return ok(request, result);
      },
    );
  };
}
