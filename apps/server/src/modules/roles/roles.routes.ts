import {
  organizationTypeQuerySchema,
  pageResponseSchema,
  permissionGroupSchema,
  permissionTreeQuerySchema,
  roleDetailSchema,
  roleIdQuerySchema,
  roleInsertSchema,
  rolePageSchema,
  rolePickSchema,
  roleRowSchema,
  roleUpdateSchema,
  systemRoleListSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { PermissionsService } from './permissions.service.ts';
import { type PeopleCaller, peopleCaller } from './role-policy.ts';
import { auditRole, presentRole, presentRoleDetail, presentRolePick } from './roles.presenter.ts';
import { RolesRepo } from './roles.repo.ts';
import { RolesService } from './roles.service.ts';

const TAG = ['roles'];
const ROLE = '/base/BaseRole';

export function callerOf(request: FastifyRequest): PeopleCaller {
  return peopleCaller(requireAuth(request), request.platform.isDefault === 1);
}

/**
 * Roles: the back office's list (/system/role) and an enterprise account's own roles (/consumer/role),
 * with the permission tree, and the role pickers of 002 §7. CRUD paths are not in the spec; they
 * follow its style under /base/BaseRole (docs/decisions.md).
 */
export function rolesRoutes(ctx: AppContext, permissions: PermissionsService): FastifyPluginAsyncZod {
  const service = new RolesService(new RolesRepo(ctx.db), permissions, ctx.clock);
  const pageOf = pageResponseSchema(roleRowSchema);
  return async (app) => {
    for (const [path, view] of [
      ['page', 'console'],
      ['sysPage', 'backOffice'],
    ] as const) {
      app.post(
        `${ROLE}/${path}`,
        { config: { audit: false }, schema: { tags: TAG, body: rolePageSchema, response: okSchema(pageOf) } },
        async (request) => {
          const { rows, totalCount } = await service.page(callerOf(request), view, request.body, request.t);
          return ok(request, {
            data: rows.map((r) => presentRole(request.t, r, r.userCount)),
            start: request.body.start,
            totalCount,
          });
        },
      );
    }

    for (const [path, view] of [
      ['insert', 'console'],
      ['sysInsert', 'backOffice'],
    ] as const) {
      app.post(
        `${ROLE}/${path}`,
        {
          config: { action: `role.${path}` },
          schema: { tags: TAG, body: roleInsertSchema, response: okSchema(roleDetailSchema) },
        },
        async (request) => {
          const { role, keys } = await service.insert(callerOf(request), view, request.body);
          request.auditNote = { entityType: 'role', entityId: role.id, newValue: auditRole(role, keys) };
          return ok(request, presentRoleDetail(request.t, role, 0, keys));
        },
      );
    }

    app.get(
      `${ROLE}/detail`,
      { schema: { tags: TAG, querystring: roleIdQuerySchema, response: okSchema(roleDetailSchema) } },
      async (request) => {
        const {
          role,
          userCount,
          permissions: keys,
        } = await service.detail(callerOf(request), request.query.id);
        return ok(request, presentRoleDetail(request.t, role, userCount, keys));
      },
    );

    app.get(
      `${ROLE}/permissionTree`,
      {
        schema: {
          tags: TAG,
          querystring: permissionTreeQuerySchema,
          response: okSchema(z.array(permissionGroupSchema)),
        },
      },
      async (request) => ok(request, service.tree(callerOf(request), request.query.view)),
    );

    app.put(
      `${ROLE}/update`,
      {
        config: { action: 'role.update' },
        schema: { tags: TAG, body: roleUpdateSchema, response: okSchema(roleDetailSchema) },
      },
      async (request) => {
        const caller = callerOf(request);
        const change = await service.update(caller, request.body);
        request.auditNote = {
          entityType: 'role',
          entityId: change.after.id,
          oldValue: auditRole(change.before, change.beforeKeys),
          newValue: auditRole(change.after, change.afterKeys),
        };
        return ok(
          request,
          presentRoleDetail(
            request.t,
            change.after,
            await service.repo.usage(change.after),
            change.afterKeys,
          ),
        );
      },
    );

    app.delete(
      `${ROLE}/delete`,
      {
        config: { action: 'role.delete' },
        schema: { tags: TAG, querystring: roleIdQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const { role, keys } = await service.delete(callerOf(request), request.query.id);
        request.auditNote = { entityType: 'role', entityId: role.id, oldValue: auditRole(role, keys) };
        return ok(request, null);
      },
    );

    app.post(
      `${ROLE}/querySystemRoleList`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: systemRoleListSchema, response: okSchema(z.array(rolePickSchema)) },
      },
      async (request) => {
        const roles = await service.systemRoleList(callerOf(request), request.body.roleName, request.t);
        return ok(
          request,
          roles.map((r) => presentRolePick(request.t, r)),
        );
      },
    );

    app.get(
      `${ROLE}/queryRolesByCampAccount`,
      { schema: { tags: TAG, response: okSchema(z.array(rolePickSchema)) } },
      async (request) =>
        ok(
          request,
          (await service.enterpriseRoles(callerOf(request))).map((r) => presentRolePick(request.t, r)),
        ),
    );

    app.get(
      `${ROLE}/queryRoleByOrganizationType`,
      {
        schema: {
          tags: TAG,
          querystring: organizationTypeQuerySchema,
          description: 'organizationType 1: the roles an enterprise gives its organization members.',
          response: okSchema(z.array(rolePickSchema)),
        },
      },
      async (request) =>
        ok(
          request,
          (await service.enterpriseRoles(callerOf(request))).map((r) => presentRolePick(request.t, r)),
        ),
    );
  };
}
