import {
  assignableRoleSchema,
  deviceBindingSchema,
  deviceRowSchema,
  invitationIdQuerySchema,
  invitationIdSchema,
  invitationSchema,
  inviteSchema,
  memberKeyQuerySchema,
  memberPageSchema,
  memberSchema,
  organizationAddUserSchema,
  organizationIdQuerySchema,
  organizationInsertSchema,
  organizationInvitationsQuerySchema,
  organizationNodeSchema,
  organizationSchema,
  organizationTransferSchema,
  organizationUpdateSchema,
  ownedDevicePageSchema,
  pageResponseSchema,
  updateAccountOrganizationRelSchema,
  updateRoleInOrganizationSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { nullData, ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { perAccount } from '../accounts/rate-limits.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { roleNameFor } from '../roles/role-names.ts';
import {
  presentInvitation,
  presentMember,
  presentOrganization,
  presentTree,
} from './organizations.presenter.ts';
import { OrganizationsRepo } from './organizations.repo.ts';
import { OrganizationsService, type OrgCaller } from './organizations.service.ts';

const TAG = ['organizations'];
const ORG = '/base/BaseOrganization';
const ACCOUNT = '/base/BaseAccount';
const ROLE = '/base/BaseRole';
const VIEW = 'organization.list' as const;
const MEMBERS = 'organization.list.userList' as const;

const invitedSchema = z.object({
  invitationId: z.number().int(),
  registered: z.boolean(),
  notified: z.boolean(),
});
const bindingResultSchema = z.object({ deviceIds: z.array(z.number().int()) });

function orgCallerOf(request: FastifyRequest): OrgCaller {
  return { ...callerOf(request), locale: request.locale };
}

/**
 * Organizations, members and invitations (002 §3, §6, §7). The member calls of 002 §7 keep their
 * paths; the organization calls, not shown in the spec, sit under /base/BaseOrganization. Whether the
 * caller may manage an organization is decided by the role held there (organizations.service).
 */
export function organizationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const repo = new OrganizationsRepo(ctx.db);
  const service = new OrganizationsService(ctx, repo, new DevicesRepo(ctx.db));
  const pageOfDevices = pageResponseSchema(deviceRowSchema);
  // Invitations send SMS and e-mail, which cost money: limited per account like verification codes.
  const invitesPerMinute = ctx.config.rateLimits.codePerMinute;

  return async (app) => {
    app.post(
      `${ORG}/list`,
      {
        config: { permission: VIEW, audit: false },
        schema: { tags: TAG, response: okSchema(z.array(organizationNodeSchema)) },
      },
      async (request) => {
        const caller = callerOf(request);
        const visible = await service.visible(caller);
        const counts = await service.counts(caller, [...visible.keys()]);
        return ok(request, presentTree(request.t, visible, counts));
      },
    );

    app.get(
      `${ORG}/detail`,
      {
        config: { permission: VIEW },
        schema: { tags: TAG, querystring: organizationIdQuerySchema, response: okSchema(organizationSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const access = await service.access(caller, request.query.id);
        return ok(
          request,
          presentOrganization(request.t, access, await service.counts(caller, [access.org.id])),
        );
      },
    );

    app.post(
      `${ORG}/insert`,
      {
        config: { permission: 'organization.list:add', action: 'organization.insert' },
        schema: { tags: TAG, body: organizationInsertSchema, response: okSchema(organizationSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const created = await service.insert(caller, request.body);
        const access = await service.access(caller, created.id);
        request.auditNote = { entityType: 'organization', entityId: created.id, newValue: request.body };
        return ok(
          request,
          presentOrganization(request.t, access, await service.counts(caller, [created.id])),
        );
      },
    );

    app.put(
      `${ORG}/update`,
      {
        config: { permission: VIEW, action: 'organization.update' },
        schema: { tags: TAG, body: organizationUpdateSchema, response: okSchema(nullData) },
      },
      async (request) => {
        const change = await service.update(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'organization',
          entityId: request.body.id,
          oldValue: change.before,
          newValue: change.after,
        };
        return ok(request, null);
      },
    );

    app.delete(
      `${ORG}/delete`,
      {
        config: { permission: VIEW, action: 'organization.delete' },
        schema: { tags: TAG, querystring: organizationIdQuerySchema, response: okSchema(nullData) },
      },
      async (request) => {
        const org = await service.delete(callerOf(request), request.query.id);
        request.auditNote = { entityType: 'organization', entityId: org.id, oldValue: { name: org.name } };
        return ok(request, null);
      },
    );

    app.put(
      `${ORG}/transfer`,
      {
        config: { permission: VIEW, action: 'organization.transfer' },
        schema: { tags: TAG, body: organizationTransferSchema, response: okSchema(nullData) },
      },
      async (request) => {
        const change = await service.transfer(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'organization',
          entityId: request.body.id,
          oldValue: change.before,
          newValue: change.after,
        };
        return ok(request, null);
      },
    );

    app.get(
      `${ORG}/roles`,
      {
        config: { permission: VIEW },
        schema: { tags: TAG, response: okSchema(z.array(assignableRoleSchema)) },
      },
      async (request) => {
        const roles = await service.assignableRoles(callerOf(request));
        return ok(
          request,
          roles.map((r) => ({ ...r, roleName: roleNameFor(request.t, r.code, r.roleName) })),
        );
      },
    );

    app.post(
      `${ORG}/devicePage`,
      {
        config: { permission: VIEW, audit: false },
        schema: { tags: TAG, body: ownedDevicePageSchema, response: okSchema(pageOfDevices) },
      },
      async (request) => ok(request, await service.devicePage(callerOf(request), request.body)),
    );

    for (const [path, bind] of [
      ['bindDevices', true],
      ['unbindDevices', false],
    ] as const) {
      app.put(
        `${ORG}/${path}`,
        {
          config: { permission: VIEW, action: `organization.${path}` },
          schema: { tags: TAG, body: deviceBindingSchema, response: okSchema(bindingResultSchema) },
        },
        async (request) => {
          const caller = callerOf(request);
          const deviceIds = bind
            ? await service.bindDevices(caller, request.body)
            : await service.unbindDevices(caller, request.body);
          request.auditNote = {
            entityType: 'organization',
            entityId: request.body.id,
            newValue: { [path]: deviceIds },
          };
          return ok(request, { deviceIds });
        },
      );
    }

    // ---- members (002 §7)

    app.post(
      `${ACCOUNT}/getAccountList/page`,
      {
        config: { permission: MEMBERS, audit: false },
        schema: { tags: TAG, body: memberPageSchema, response: okSchema(pageResponseSchema(memberSchema)) },
      },
      async (request) => {
        const { rows, totalCount, creatorAccountId } = await service.memberPage(
          callerOf(request),
          request.body,
        );
        return ok(request, {
          data: rows.map((r) => presentMember(request.t, r, creatorAccountId)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      `${ACCOUNT}/invite`,
      {
        config: {
          permission: MEMBERS,
          action: 'organization.invite',
          rateLimit: perAccount(invitesPerMinute),
        },
        schema: { tags: TAG, body: inviteSchema, response: okSchema(invitedSchema) },
      },
      async (request) => {
        const result = await service.invite(orgCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'organizationInvitation',
          entityId: result.invitation.id,
          newValue: { organizationId: request.body.organizationId, channel: result.invitation.channel },
        };
        return ok(request, {
          invitationId: result.invitation.id,
          registered: result.registered,
          notified: result.notified,
        });
      },
    );

    app.post(
      `${ACCOUNT}/organizationAddUser`,
      {
        config: {
          permission: MEMBERS,
          action: 'organization.addUser',
          rateLimit: perAccount(invitesPerMinute),
        },
        schema: { tags: TAG, body: organizationAddUserSchema, response: okSchema(invitedSchema) },
      },
      async (request) => {
        const result = await service.addUser(orgCallerOf(request), request.body);
        request.auditNote = {
          entityType: 'organizationInvitation',
          entityId: result.invitation.id,
          newValue: { organizationId: request.body.organizationId, accountId: request.body.accountId },
        };
        return ok(request, {
          invitationId: result.invitation.id,
          registered: result.registered,
          notified: result.notified,
        });
      },
    );

    app.delete(
      `${ACCOUNT}/deleteInOrganization`,
      {
        config: { permission: MEMBERS, action: 'organization.removeMember' },
        schema: { tags: TAG, querystring: memberKeyQuerySchema, response: okSchema(nullData) },
      },
      async (request) => {
        const { organizationId, accountId } = request.query;
        const member = await service.removeMember(callerOf(request), organizationId, accountId);
        request.auditNote = { entityType: 'organizationMember', entityId: organizationId, oldValue: member };
        return ok(request, null);
      },
    );

    app.put(
      `${ROLE}/updateRoleInOrganization`,
      {
        config: { permission: MEMBERS, action: 'organization.updateRole' },
        schema: { tags: TAG, body: updateRoleInOrganizationSchema, response: okSchema(nullData) },
      },
      async (request) => {
        const change = await service.updateRole(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'organizationMember',
          entityId: request.body.organizationId,
          oldValue: { accountId: request.body.accountId, ...change.before },
          newValue: { accountId: request.body.accountId, ...change.after },
        };
        return ok(request, null);
      },
    );

    app.put(
      `${ACCOUNT}/updateAccountOrganizationRel`,
      {
        config: { permission: MEMBERS, action: 'organization.updateRelation' },
        schema: { tags: TAG, body: updateAccountOrganizationRelSchema, response: okSchema(nullData) },
      },
      async (request) => {
        const change = await service.updateRelation(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'organizationMember',
          entityId: request.body.organizationId,
          oldValue: { accountId: request.body.accountId, ...change.before },
          newValue: { accountId: request.body.accountId, ...change.after },
        };
        return ok(request, null);
      },
    );

    // ---- invitations: the organization's pending ones, and the invitee's own

    app.get(
      `${ORG}/invitationList`,
      {
        config: { permission: MEMBERS },
        schema: {
          tags: TAG,
          querystring: organizationInvitationsQuerySchema,
          response: okSchema(z.array(invitationSchema)),
        },
      },
      async (request) => {
        const rows = await service.invitationsOf(callerOf(request), request.query.organizationId);
        return ok(
          request,
          rows.map((r) => presentInvitation(request.t, r)),
        );
      },
    );

    app.delete(
      `${ORG}/cancelInvitation`,
      {
        config: { permission: MEMBERS, action: 'organization.cancelInvitation' },
        schema: { tags: TAG, querystring: invitationIdQuerySchema, response: okSchema(nullData) },
      },
      async (request) => {
        const invitation = await service.cancelInvitation(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'organizationInvitation',
          entityId: invitation.id,
          newValue: { state: 'cancelled' },
        };
        return ok(request, null);
      },
    );

    // Any signed-in account may answer an invitation meant for it, whatever its role.
    app.get(
      `${ORG}/myInvitations`,
      { schema: { tags: TAG, response: okSchema(z.array(invitationSchema)) } },
      async (request) => {
        const rows = await service.myInvitations(requireAuth(request));
        return ok(
          request,
          rows.map((r) => presentInvitation(request.t, r)),
        );
      },
    );

    for (const [path, accept] of [
      ['acceptInvitation', true],
      ['declineInvitation', false],
    ] as const) {
      app.put(
        `${ORG}/${path}`,
        {
          config: { action: `organization.${path}` },
          schema: { tags: TAG, body: invitationIdSchema, response: okSchema(nullData) },
        },
        async (request) => {
          const auth = requireAuth(request);
          const invitation = accept
            ? await service.accept(auth, request.body.id)
            : await service.decline(auth, request.body.id);
          request.auditNote = {
            entityType: 'organizationInvitation',
            entityId: invitation.id,
            newValue: { organizationId: invitation.organizationId, state: accept ? 'accepted' : 'declined' },
          };
          return ok(request, null);
        },
      );
    }
  };
}
