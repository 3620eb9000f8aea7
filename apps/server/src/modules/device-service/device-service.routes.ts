import {
  deviceServiceIdSchema,
  deviceServiceInfoSchema,
  orderCreatedSchema,
  pageResponseSchema,
  premiumBenefitSchema,
  premiumOrderCreateSchema,
  premiumPlanSchema,
  premiumStatusSchema,
  trialClaimPageSchema,
  trialClaimRowSchema,
  trialClaimSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { paymentsOf } from '../payments/payments.module.ts';
import { startContextOf } from '../payments/payments.routes.ts';
import { DeviceServiceRepo } from './device-service.repo.ts';
import { DeviceServiceService } from './device-service.service.ts';

const TAG = ['device-service'];
const SERVICE_INFO = '/base/BaseServiceInfo';
const PREMIUM = '/base/BasePremiumMembership';

export function deviceServiceOf(ctx: AppContext): DeviceServiceService {
  return new DeviceServiceService(ctx.db, new DeviceServiceRepo(ctx.db), ctx.clock);
}

/**
 * The device service lifecycle (001 §7.1 "get device service info", the trial of 001 §9 and the back
 * office's experience data) and premium membership (000 §7, 002 §7 BasePremiumMembership).
 */
export function deviceServiceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = deviceServiceOf(ctx);
  return async (app) => {
    app.get(
      `${SERVICE_INFO}/getServiceInfo`,
      {
        schema: {
          tags: TAG,
          querystring: deviceServiceIdSchema,
          response: okSchema(deviceServiceInfoSchema),
        },
      },
      async (request) => ok(request, await service.info(callerOf(request), request.query.deviceId)),
    );

    app.post(
      `${SERVICE_INFO}/claimTrial`,
      {
        config: { action: 'deviceService.claimTrial' },
        schema: { tags: TAG, body: trialClaimSchema, response: okSchema(deviceServiceInfoSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const { device, before, after } = await service.claimTrial(caller, request.body.deviceId);
        request.auditNote = {
          entityType: 'device',
          entityId: device.id,
          oldValue: { deviceName: device.deviceName, serviceExpiredDate: before },
          newValue: { deviceName: device.deviceName, serviceExpiredDate: after },
        };
        return ok(request, await service.info(caller, device.id));
      },
    );

    app.post(
      `${SERVICE_INFO}/trialList`,
      {
        config: { permission: 'experience.data:query', audit: false },
        schema: {
          tags: TAG,
          body: trialClaimPageSchema,
          response: okSchema(pageResponseSchema(trialClaimRowSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.trialClaims(callerOf(request), request.body);
        return ok(request, { data: rows, start: request.body.start, totalCount });
      },
    );

    // A premium order is created like every other order (payments' order creation) and priced here
    // by its plan; payments credits it with creditPremium once paid.
    app.post(
      '/payment/PayOrder/createPremiumMemberOrder',
      {
        config: { action: 'payment.orderCreated' },
        schema: { tags: TAG, body: premiumOrderCreateSchema, response: okSchema(orderCreatedSchema) },
      },
      async (request) => {
        const { account } = requireAuth(request);
        const body = request.body;
        const plan = await service.plan(account.platformId, body.planId);
        if (body.applyFlag === 1 && !body.billId) throw new AppError('billRequired', {}, { field: 'billId' });
        const payments = paymentsOf(ctx);
        if (body.billId && !(await payments.repo.billOf(account.id, body.billId)))
          throw new AppError('billNotFound', {}, { field: 'billId' });
        request.auditNote = { entityType: 'payOrder', recorded: true };
        const created = await payments.creation.create(
          {
            platformId: account.platformId,
            accountId: account.id,
            kind: 'premium',
            payType: body.payType,
            currency: plan.currency === 'USD' ? 'USD' : 'CNY',
            orderFee: plan.originalFee,
            payFee: plan.fee,
            description: `Premium ${plan.planName} (${plan.months})`,
            lines: [],
            months: plan.months,
            creditPayload: { months: plan.months, planId: plan.id },
            applyFlag: body.applyFlag,
            billId: body.billId ?? null,
            request: body,
            audit: {
              platformId: account.platformId,
              accountId: account.id,
              accountName: account.userName,
              sourceIp: request.ip,
            },
          },
          startContextOf(request, ctx.config.publicUrl),
        );
        return ok(request, created);
      },
    );

    app.get(
      `${PREMIUM}/list`,
      { schema: { tags: TAG, response: okSchema(z.array(premiumPlanSchema)) } },
      async (request) => {
        const { account } = requireAuth(request);
        return ok(request, await service.plans(account.platformId));
      },
    );

    app.get(
      `${PREMIUM}/selectPresentation`,
      { schema: { tags: TAG, response: okSchema(premiumStatusSchema) } },
      async (request) => {
        const { account } = requireAuth(request);
        return ok(request, await service.premiumStatus(account.id));
      },
    );

    app.get(
      `${PREMIUM}/presentationService`,
      { schema: { tags: TAG, response: okSchema(z.array(premiumBenefitSchema)) } },
      async (request) => {
        requireAuth(request);
        return ok(request, service.benefits());
      },
    );
  };
}
