import {
  batchShareResultSchema,
  deviceShareBatchResultSchema,
  deviceShareBatchSchema,
  deviceSharePageSchema,
  deviceShareSchema,
  pageResponseSchema,
  pendingRequestsSchema,
  requestIdQuerySchema,
  requestIdSchema,
  type ShareValidity,
  shareLinkCreateSchema,
  shareLinkSchema,
  shareModelUpdateSchema,
  sharePageInfoSchema,
  shareTokenSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { perAccount } from '../accounts/rate-limits.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { presentTransfer } from '../transfer/transfer.presenter.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import { contactInBody } from './share-invitation.ts';
import { presentShare } from './sharing.presenter.ts';
import type { SharingCaller, SharingService } from './sharing.service.ts';

const TAG = ['sharing'];
const SHARE = '/device/DeviceShare';

/** The signed-in caller with the phone and e-mail that shares to unregistered people are matched by. */
function sharingCallerOf(request: FastifyRequest): SharingCaller {
  const { account } = requireAuth(request);
  return { ...callerOf(request), phone: account.phone, email: account.email, locale: request.locale };
}

/**
 * Sharing under /device/DeviceShare (002 §7: POST batch share, GET share page info; the other paths
 * are in docs/decisions.md). Sharing needs consumer.sharer; answering a share offered to the caller
 * needs only the device list.
 */
export function sharingRoutes(
  ctx: AppContext,
  sharing: SharingService,
  transfers: TransferService,
): FastifyPluginAsyncZod {
  const now = () => ctx.clock.now().toISOString();
  // Invitations to register send SMS and e-mail, which cost money: limited per account like
  // organization invitations. Shares to existing accounts send nothing and are not counted.
  const invitationLimit = {
    ...perAccount(ctx.config.rateLimits.codePerMinute),
    allowList: async (request: FastifyRequest) => {
      const contact = contactInBody(request.body);
      if (!contact || !request.auth) return true;
      return !(await sharing.invites(request.auth.account.platformId, contact));
    },
  };
  return async (app) => {
    app.post(
      `${SHARE}/batchShare`,
      {
        config: {
          permission: 'consumer.sharer:add',
          action: 'deviceShare.batchShare',
          rateLimit: invitationLimit,
        },
        schema: {
          tags: TAG,
          body: deviceShareBatchSchema,
          response: okSchema(deviceShareBatchResultSchema),
        },
      },
      async (request) => {
        const caller = sharingCallerOf(request);
        const { shares: rows, registered, notified } = await sharing.batchShare(caller, request.body);
        const at = now();
        const shares = rows.map((r) => presentShare(r, at, caller.accountId));
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: rows.map((r) => r.id).join(','),
          newValue: shares,
        };
        return ok(request, { shares, registered, notified });
      },
    );

    app.post(
      `${SHARE}/page`,
      {
        config: { permission: 'device.list:query', audit: false },
        schema: {
          tags: TAG,
          body: deviceSharePageSchema,
          response: okSchema(pageResponseSchema(deviceShareSchema)),
        },
      },
      async (request) => {
        const caller = sharingCallerOf(request);
        const { rows, totalCount } = await sharing.page(caller, request.body);
        const at = now();
        return ok(request, {
          data: rows.map((r) => presentShare(r, at, caller.accountId)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.get(
      `${SHARE}/pendingRequests`,
      {
        config: { permission: 'device.list:query' },
        schema: { tags: TAG, response: okSchema(pendingRequestsSchema) },
      },
      async (request) => {
        const caller = sharingCallerOf(request);
        const at = now();
        const [shares, incoming] = await Promise.all([sharing.pending(caller), transfers.pending(caller)]);
        return ok(request, {
          shares: shares.map((r) => presentShare(r, at, caller.accountId)),
          transfers: incoming.map(presentTransfer),
        });
      },
    );

    for (const [path, answer] of [
      ['accept', 'accept'],
      ['refuse', 'refuse'],
    ] as const) {
      app.put(
        `${SHARE}/${path}`,
        {
          config: { permission: 'device.list:query', action: `deviceShare.${path}` },
          schema: { tags: TAG, body: requestIdSchema, response: okSchema(deviceShareSchema) },
        },
        async (request) => {
          const caller = sharingCallerOf(request);
          const row = await sharing[answer](caller, request.body.id);
          const shown = presentShare(row, now(), caller.accountId);
          request.auditNote = { entityType: 'deviceShare', entityId: row.id, newValue: shown };
          return ok(request, shown);
        },
      );
    }

    app.delete(
      `${SHARE}/cancel`,
      {
        config: { permission: 'device.list:query', action: 'deviceShare.cancel' },
        schema: { tags: TAG, querystring: requestIdQuerySchema, response: okSchema(deviceShareSchema) },
      },
      async (request) => {
        const caller = sharingCallerOf(request);
        const row = await sharing.cancel(caller, request.query.id);
        const shown = presentShare(row, now(), caller.accountId);
        request.auditNote = { entityType: 'deviceShare', entityId: row.id, newValue: shown };
        return ok(request, shown);
      },
    );

    app.put(
      `${SHARE}/updateModel`,
      {
        config: { permission: 'consumer.sharer:edit', action: 'deviceShare.updateModel' },
        schema: { tags: TAG, body: shareModelUpdateSchema, response: okSchema(deviceShareSchema) },
      },
      async (request) => {
        const caller = sharingCallerOf(request);
        const { before, after } = await sharing.updateModel(caller, request.body);
        const at = now();
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: after.id,
          oldValue: presentShare(before, at, caller.accountId),
          newValue: presentShare(after, at, caller.accountId),
        };
        return ok(request, presentShare(after, at, caller.accountId));
      },
    );

    app.post(
      `${SHARE}/createLink`,
      {
        config: { permission: 'consumer.sharer:add', action: 'deviceShare.createLink' },
        schema: { tags: TAG, body: shareLinkCreateSchema, response: okSchema(shareLinkSchema) },
      },
      async (request) => {
        const { row, token } = await sharing.createLink(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'deviceShareLink',
          entityId: row.id,
          newValue: {
            deviceIds: JSON.parse(row.deviceIds),
            validity: row.validity,
            expiresAt: row.expiresAt,
          },
        };
        return ok(request, {
          id: row.id,
          token,
          validity: row.validity as ShareValidity,
          expiresAt: row.expiresAt,
        });
      },
    );

    app.get(
      `${SHARE}/pageInfo`,
      {
        config: { access: 'public' },
        schema: { tags: TAG, querystring: shareTokenSchema, response: okSchema(sharePageInfoSchema) },
      },
      async (request) => ok(request, await sharing.pageInfo(request.query.token, request.platform.id)),
    );

    app.post(
      `${SHARE}/acceptLink`,
      {
        config: { permission: 'device.list:query', action: 'deviceShare.acceptLink' },
        schema: { tags: TAG, body: shareTokenSchema, response: okSchema(batchShareResultSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const rows = await sharing.acceptLink(caller, request.body.token);
        const at = now();
        const shares = rows.map((r) => presentShare(r, at, caller.accountId));
        request.auditNote = {
          entityType: 'deviceShare',
          entityId: rows.map((r) => r.id).join(','),
          newValue: shares,
        };
        return ok(request, { shares });
      },
    );
  };
}
