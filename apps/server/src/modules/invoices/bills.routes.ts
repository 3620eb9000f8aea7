import {
  billIdQuerySchema,
  type UserBill,
  userBillInsertSchema,
  userBillSchema,
  userBillUpdateSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { presentBill } from './bill-rules.ts';
import type { BillCaller, BillsService } from './bills.service.ts';

const TAG = ['invoices'];
export const BILL = '/payment/PayUserBill';

export function billCallerOf(request: FastifyRequest): BillCaller {
  const { account } = requireAuth(request);
  return { accountId: account.id, platformId: account.platformId, overseas: account.foreignFlag === 1 };
}

/** The account's invoice info (001 §7.7; prefix from the commerce contract). */
export function billsRoutes(service: BillsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${BILL}/list`,
      {
        config: { audit: false },
        schema: { tags: TAG, response: okSchema(z.array(userBillSchema)) },
      },
      async (request) => {
        const rows = await service.list(billCallerOf(request));
        return ok<UserBill[]>(request, rows.map(presentBill));
      },
    );

    app.post(
      `${BILL}/insert`,
      {
        config: { action: 'bill.insert' },
        schema: { tags: TAG, body: userBillInsertSchema, response: okSchema(userBillSchema) },
      },
      async (request) => {
        const row = await service.insert(billCallerOf(request), request.body);
        request.auditNote = { entityType: 'bill', entityId: row.id, newValue: presentBill(row) };
        return ok(request, presentBill(row));
      },
    );

    app.put(
      `${BILL}/update`,
      {
        config: { action: 'bill.update' },
        schema: { tags: TAG, body: userBillUpdateSchema, response: okSchema(userBillSchema) },
      },
      async (request) => {
        const { before, after } = await service.update(billCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'bill',
          entityId: after.id,
          oldValue: presentBill(before),
          newValue: presentBill(after),
        };
        return ok(request, presentBill(after));
      },
    );

    app.delete(
      `${BILL}/delete`,
      {
        config: { action: 'bill.delete' },
        schema: { tags: TAG, querystring: billIdQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.delete(billCallerOf(request), request.query.billId);
        request.auditNote = { entityType: 'bill', entityId: row.id, oldValue: presentBill(row) };
        return ok(request, null);
      },
    );
  };
}
