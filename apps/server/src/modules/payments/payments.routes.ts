import {
  approveAnswerSchema,
  confirmPayQuerySchema,
  createAccountSmsDepositSchema,
  createDeviceDepositSchema,
  createDeviceListDepositSchema,
  createSmsDepositSchema,
  createSmsListDepositSchema,
  depositPriceRowSchema,
  internationalPaySchema,
  orderCreatedSchema,
  orderStatusSchema,
  payDeviceIdQuerySchema,
  payerLinkQuerySchema,
  payOrderIdQuerySchema,
  payOrderPkQuerySchema,
  payQrAnswerSchema,
  payStatusAnswerSchema,
  purchaseDeviceSchema,
  selectDepositListSchema,
  selectDeviceListSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nullData, ok, okSchema } from '../../http/envelope.ts';
import { callerOf } from '../devices/devices.routes.ts';
import type { OrderActor, PaymentsService } from './payments.service.ts';
import type { StartContext } from './providers/provider.ts';

const TAG = ['payments'];
const DEPOSIT = '/payment/PayDeviceDepositRecord';
const ORDER = '/payment/PayOrder';
const PAYMENT = '/payment/payment';

/** The origins payers and providers reach: PUBLIC_URL when set, else the request's own. */
export function startContextOf(request: FastifyRequest, publicUrl: string | undefined): StartContext {
  const origin = (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  return { publicOrigin: origin, notifyOrigin: origin, clientIp: request.ip };
}

/**
 * The operation-log entry of an order creation, written in the order's own transaction; the audit
 * hook is told it is recorded (one commit per order instead of two).
 */
function actorOf(request: FastifyRequest): OrderActor {
  const account = request.auth?.account;
  request.auditNote = { entityType: 'payOrder', recorded: true };
  return {
    platformId: account?.platformId ?? null,
    accountId: account?.id ?? null,
    accountName: account?.userName ?? null,
    sourceIp: request.ip,
  };
}

/**
 * The purchase calls of 001 §7.1-§7.2 (paths verbatim): order creation for devices and SMS/voice
 * counts, batch prices, the drawer's devices, auto-renew cancellation, order status, method switches,
 * the card return and the wallet confirmation. Every call needs a session; purchase is open to every
 * account holder (001 §6) for the devices it may see.
 */
export function paymentsRoutes(
  service: PaymentsService,
  publicUrl: string | undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    const start = (request: FastifyRequest) => startContextOf(request, publicUrl);

    app.post(
      `${DEPOSIT}/createDeviceDeposit`,
      {
        config: { action: 'payment.createDeviceDeposit' },
        schema: { tags: TAG, body: createDeviceDepositSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) => {
        const { deviceId, ...rest } = request.body;
        return ok(
          request,
          await service.createServiceOrder(
            callerOf(request),
            { ...rest, deviceIdList: [deviceId] },
            start(request),
            request.body,
            actorOf(request),
          ),
        );
      },
    );

    app.post(
      `${DEPOSIT}/createDeviceListDeposit`,
      {
        config: { action: 'payment.createDeviceListDeposit' },
        schema: { tags: TAG, body: createDeviceListDepositSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) =>
        ok(
          request,
          await service.createServiceOrder(
            callerOf(request),
            request.body,
            start(request),
            request.body,
            actorOf(request),
          ),
        ),
    );

    app.post(
      `${DEPOSIT}/createSmsDeposit`,
      {
        config: { action: 'payment.createSmsDeposit' },
        schema: { tags: TAG, body: createSmsDepositSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) => {
        const { deviceId, ...rest } = request.body;
        return ok(
          request,
          await service.createCountsOrder(
            callerOf(request),
            { ...rest, deviceIdList: [deviceId] },
            start(request),
            request.body,
            actorOf(request),
          ),
        );
      },
    );

    app.post(
      `${DEPOSIT}/createSmsListDeposit`,
      {
        config: { action: 'payment.createSmsListDeposit' },
        schema: { tags: TAG, body: createSmsListDepositSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) =>
        ok(
          request,
          await service.createCountsOrder(
            callerOf(request),
            request.body,
            start(request),
            request.body,
            actorOf(request),
          ),
        ),
    );

    app.post(
      `${DEPOSIT}/createAccountSmsDeposit`,
      {
        config: { action: 'payment.createAccountSmsDeposit' },
        schema: { tags: TAG, body: createAccountSmsDepositSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) =>
        ok(
          request,
          await service.createAccountCountsOrder(
            callerOf(request),
            request.body,
            start(request),
            actorOf(request),
          ),
        ),
    );

    app.post(
      `${DEPOSIT}/selectDepositList`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: selectDepositListSchema,
          response: okSchema(z.array(depositPriceRowSchema)),
        },
      },
      async (request) => ok(request, await service.depositList(callerOf(request), request.body)),
    );

    app.post(
      `${DEPOSIT}/selectDeviceList`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: selectDeviceListSchema,
          response: okSchema(z.array(purchaseDeviceSchema)),
        },
      },
      async (request) => ok(request, await service.deviceList(callerOf(request), request.body.deviceIdList)),
    );

    app.get(
      `${DEPOSIT}/unAgreement`,
      { schema: { tags: TAG, querystring: payDeviceIdQuerySchema, response: okSchema(nullData) } },
      async (request) => {
        await service.unAgreement(callerOf(request), request.query.deviceId);
        const auth = request.auth;
        if (auth)
          await request.server.ctx.audit.append({
            platformId: auth.account.platformId,
            accountId: auth.account.id,
            accountName: auth.account.userName,
            action: 'payment.unAgreement',
            entityType: 'device',
            entityId: String(request.query.deviceId),
            oldValue: { agreementStatus: 1 },
            newValue: { agreementStatus: 0 },
            sourceIp: request.ip,
          });
        return ok(request, null);
      },
    );

    app.get(
      `${ORDER}/get`,
      { schema: { tags: TAG, querystring: payOrderPkQuerySchema, response: okSchema(orderStatusSchema) } },
      async (request) => ok(request, await service.status(callerOf(request), request.query.pk)),
    );

    app.get(
      `${ORDER}/confirmPay`,
      {
        schema: { tags: TAG, querystring: confirmPayQuerySchema, response: okSchema(payStatusAnswerSchema) },
      },
      async (request) => ok(request, await service.confirmPay(callerOf(request), request.query)),
    );

    for (const [path, method] of [
      ['wechatPay', 'wechat'],
      ['aliPay', 'alipay'],
      ['aliAppPay', 'alipay'],
    ] as const)
      app.get(
        `${PAYMENT}/${path}`,
        { schema: { tags: TAG, querystring: payOrderIdQuerySchema, response: okSchema(payQrAnswerSchema) } },
        async (request) =>
          ok(request, await service.payQr(callerOf(request), request.query.orderId, method, start(request))),
      );

    app.post(
      `${PAYMENT}/internationalPay`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: internationalPaySchema, response: okSchema(approveAnswerSchema) },
      },
      async (request) =>
        ok(request, await service.internationalPay(callerOf(request), request.body.orderId, start(request))),
    );

    // The console page the card provider returns the payer to calls this without a session: the
    // order's token is the credential.
    app.get(
      '/payment/app/PayService/successPaypal',
      {
        config: { access: 'public' },
        schema: { tags: TAG, querystring: payerLinkQuerySchema, response: okSchema(payStatusAnswerSchema) },
      },
      async (request) => ok(request, await service.successPaypal(request.query.orderId, request.query.token)),
    );
  };
}
