import {
  PAY_STATUS_PAID,
  PAY_STATUS_UNPAID,
  payerLinkQuerySchema,
  payStatusAnswerSchema,
  sandboxOrderSchema,
  sandboxPaySchema,
} from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { NoticeIntake } from './notice-intake.ts';
import type { PaymentsRepo } from './payments.repo.ts';
import type { PayOrderRow } from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';

const TAG = ['payments (public)'];
const SANDBOX = '/payment/sandbox';
export const NOTIFY_PATH = '/api/payment/notify';

/**
 * Sends a notice to this server's notify endpoint over HTTP, like a provider would: to the address
 * the server listens on; an app that does not listen (API tests with inject) gets it injected.
 */
export async function postNotice(
  app: FastifyInstance,
  provider: string,
  notice: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  const url = `${NOTIFY_PATH}/${provider}`;
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.family === 'IPv6'
        ? `[${address.address === '::' ? '::1' : address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    const response = await fetch(`http://${host}:${address.port}${url}`, {
      method: 'POST',
      headers: notice.headers,
      body: notice.body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.text() };
  }
  const response = await app.inject({ method: 'POST', url, headers: notice.headers, payload: notice.body });
  return { status: response.statusCode, body: response.body };
}

/**
 * Public payment calls: the sandbox payer page (no login; the order's token is the credential), and
 * the notify endpoint providers post to, which reads the body as raw text (signatures are over the
 * exact bytes) and answers in the provider's own format.
 */
export function paymentPublicRoutes(
  repo: PaymentsRepo,
  sandbox: SandboxProvider,
  intake: NoticeIntake,
  publicPerMinute: number,
): FastifyPluginAsyncZod {
  return async (app) => {
    const sandboxOrder = async (orderId: number, token: string): Promise<PayOrderRow> => {
      const order = await repo.order(orderId);
      if (order?.provider !== 'sandbox' || order.payToken !== token) throw new AppError('paymentLinkInvalid');
      return order;
    };
    const limit = { max: publicPerMinute, timeWindow: '1 minute' };

    app.get(
      `${SANDBOX}/order`,
      {
        config: { access: 'public', rateLimit: limit },
        schema: { tags: TAG, querystring: payerLinkQuerySchema, response: okSchema(sandboxOrderSchema) },
      },
      async (request) => {
        const order = await sandboxOrder(request.query.orderId, request.query.token);
        return ok(request, {
          orderCode: order.orderCode,
          payFee: order.payFee,
          currency: order.currency,
          description: order.orderDescription,
          payStatus: order.payStatus,
          payType: order.payType,
        });
      },
    );

    app.post(
      `${SANDBOX}/pay`,
      {
        config: { access: 'public', audit: false, rateLimit: limit },
        schema: { tags: TAG, body: sandboxPaySchema, response: okSchema(payStatusAnswerSchema) },
      },
      async (request) => {
        const order = await sandboxOrder(request.body.orderId, request.body.token);
        if (order.payStatus === PAY_STATUS_PAID) return ok(request, { payStatus: order.payStatus });
        if (order.payStatus !== PAY_STATUS_UNPAID) throw new AppError('orderNotPayable');
        if (request.body.outcome === 'decline') return ok(request, { payStatus: order.payStatus });
        const { transactionId, amount } = await sandbox.collect(order);
        const notice = sandbox.notice({
          orderCode: order.orderCode,
          transactionId,
          amount,
          currency: order.currency,
          status: 'SUCCESS',
        });
        try {
          await postNotice(request.server, 'sandbox', notice);
        } catch (error) {
          // The money is collected: the reconciliation job settles the order if the notice is lost.
          request.log.warn({ err: error, orderCode: order.orderCode }, 'sandbox notice not delivered');
        }
        const after = await repo.order(order.id);
        return ok(request, { payStatus: after?.payStatus ?? order.payStatus });
      },
    );

    await app.register(async (notify) => {
      notify.removeAllContentTypeParsers();
      notify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      notify.post<{ Params: { provider: string }; Body: string }>(
        '/payment/notify/:provider',
        { config: { access: 'public', audit: false }, schema: { hide: true } },
        async (request, reply) => {
          const answer = await intake.receive(request.params.provider, {
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
            sourceIp: request.ip,
          });
          reply.status(answer.status).type(answer.contentType);
          return reply.send(answer.body);
        },
      );
    });
  };
}
