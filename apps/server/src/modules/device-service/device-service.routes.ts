import {
  deviceServiceIdSchema,
  deviceServiceInfoSchema,
  pageResponseSchema,
  premiumBenefitSchema,
  premiumPlanSchema,
  premiumStatusSchema,
  trialClaimPageSchema,
  trialClaimRowSchema,
  trialClaimSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { callerOf } from '../devices/devices.routes.ts';
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
