import {
  applyBatchInvoiceSchema,
  INVOICE_PDF_MAX_BYTES,
  invoiceSchema,
  ORDER_EXPORT_MAX,
  orderFiltersSchema,
  orderIdParamSchema,
  updateInvoiceSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { invoicesWorkbook, XLSX } from '../orders/order-export.ts';
import { ORDER, ownScope, platformScope } from '../orders/orders.routes.ts';
import { type InvoicesService, presentInvoice } from './invoices.service.ts';

const TAG = ['invoices'];
export const INVOICE = '/payment/PayInvoice';
const INVOICE_NO = /^[A-Za-z0-9-]{1,50}$/;

/** The issued PDF and the invoice number of a manual issue (multipart: orderId, invoiceNo, then file). */
async function issuedUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file({ limits: { fileSize: INVOICE_PDF_MAX_BYTES } });
  if (!part) throw fieldError('file', 'rules.required');
  const field = (name: string) => {
    const f = part.fields[name];
    const one = Array.isArray(f) ? f[0] : f;
    return one && one.type === 'field' ? String(one.value).trim() : '';
  };
  const orderId = field('orderId');
  const invoiceNo = field('invoiceNo');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: INVOICE_PDF_MAX_BYTES / 1024 / 1024 });
    throw error;
  }
  if (!/^\d{1,15}$/.test(orderId)) throw fieldError('orderId', 'rules.required');
  if (!INVOICE_NO.test(invoiceNo))
    throw fieldError('invoiceNo', invoiceNo ? 'rules.invalidFormat' : 'rules.required');
  return { orderId, invoiceNo, file: { fileName: part.filename, bytes } };
}

function consoleOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}

/** Invoices of orders (001 §7.3, §7.7): apply on paid orders, back-office issue with the PDF, export. */
export function invoicesRoutes(
  service: InvoicesService,
  publicUrl: string | undefined,
  now: () => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${ORDER}/updateInvoice`,
      {
        config: { action: 'invoice.apply' },
        schema: { tags: TAG, body: updateInvoiceSchema, response: okSchema(invoiceSchema) },
      },
      async (request) => {
        const invoice = await service.apply(ownScope(request), request.body.orderId, request.body.billId);
        request.auditNote = { entityType: 'invoice', entityId: invoice.invoiceId, newValue: invoice };
        return ok(request, invoice);
      },
    );

    app.post(
      `${INVOICE}/applyBatchInvoice`,
      {
        config: { action: 'invoice.applyBatch' },
        schema: { tags: TAG, body: applyBatchInvoiceSchema, response: okSchema(z.array(invoiceSchema)) },
      },
      async (request) => {
        const invoices = await service.applyBatch(
          ownScope(request),
          request.body.orderIds,
          request.body.billId,
        );
        request.auditNote = {
          entityType: 'invoice',
          entityId: null,
          newValue: invoices.map((i) => ({ orderCode: i.orderCode, billId: i.billId })),
        };
        return ok(request, invoices);
      },
    );

    app.get(
      `${ORDER}/selectOrderInvoice`,
      {
        schema: { tags: TAG, querystring: orderIdParamSchema, response: okSchema(invoiceSchema.nullable()) },
      },
      async (request) => {
        const { order, invoice } = await service.forOrder(ownScope(request), request.query.orderId);
        return ok(request, invoice ? presentInvoice(invoice, order.orderCode) : null);
      },
    );

    app.get(
      `${INVOICE}/download`,
      {
        schema: {
          tags: TAG,
          querystring: orderIdParamSchema,
          description: 'The issued PDF of the caller’s order.',
        },
      },
      async (request, reply) => {
        const file = await service.file(ownScope(request), request.query.orderId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.bytes);
      },
    );

    app.get(
      `${INVOICE}/selectBackInvoice`,
      {
        config: { permission: 'order.rechargeList:get' },
        schema: { tags: TAG, querystring: orderIdParamSchema, response: okSchema(invoiceSchema.nullable()) },
      },
      async (request) => {
        const { order, invoice } = await service.forOrder(platformScope(request), request.query.orderId);
        return ok(request, invoice ? presentInvoice(invoice, order.orderCode) : null);
      },
    );

    app.get(
      `${INVOICE}/downloadBack`,
      {
        config: { permission: 'order.rechargeList:get' },
        schema: {
          tags: TAG,
          querystring: orderIdParamSchema,
          description: 'The issued PDF of an order of the platform.',
        },
      },
      async (request, reply) => {
        const file = await service.file(platformScope(request), request.query.orderId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.bytes);
      },
    );

    app.post(
      `${INVOICE}/issueInvoice`,
      {
        config: { permission: 'order.rechargeList:edit', action: 'invoice.issue' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'Multipart: orderId, invoiceNo, then file (the issued PDF). Marks the order invoiced and mails the recipient.',
          response: okSchema(invoiceSchema),
        },
      },
      async (request) => {
        const upload = await issuedUpload(request);
        const { order, invoice } = await service.issue(
          platformScope(request),
          upload.orderId,
          upload.invoiceNo,
          upload.file,
          consoleOrigin(request, publicUrl),
        );
        const shown = presentInvoice(invoice, order.orderCode);
        request.auditNote = { entityType: 'invoice', entityId: invoice.id, newValue: shown };
        return ok(request, shown);
      },
    );

    app.post(
      `${ORDER}/exportInvoice`,
      {
        config: { permission: 'order.rechargeList:export', action: 'invoice.export' },
        schema: {
          tags: TAG,
          body: orderFiltersSchema.pick({
            invoiceStatus: true,
            startTime: true,
            endTime: true,
            orderCode: true,
          }),
          description: `An XLSX file of the platform's invoices (at most ${ORDER_EXPORT_MAX}).`,
        },
      },
      async (request, reply) => {
        const scope = platformScope(request);
        await service.syncApplied(scope);
        const rows = await service.list(scope.platformId, request.body, ORDER_EXPORT_MAX);
        const file = await invoicesWorkbook(rows, request.t, requireAuth(request).account.timeZone);
        request.auditNote = {
          entityType: 'invoice',
          entityId: null,
          newValue: { count: rows.length, ...request.body },
        };
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="invoices-${now().slice(0, 10)}.xlsx"`)
          .send(file);
      },
    );
  };
}
