import {
  childInsertSchema,
  childPageSchema,
  childUpdateSchema,
  pageResponseSchema,
  resetPasswordBySysSchema,
  sysAddUserSchema,
  sysModifyUserSchema,
  userByRoleSchema,
  userConditionSchema,
  userIdQuerySchema,
  userIdSchema,
  userPickListSchema,
  userPickSchema,
  userRowSchema,
  userTypeUpgradeQuerySchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { PermissionsService } from '../roles/permissions.service.ts';
import { RolesRepo } from '../roles/roles.repo.ts';
import { callerOf } from '../roles/roles.routes.ts';
import { RolesService } from '../roles/roles.service.ts';
import { auditUser, presentUser } from './users.presenter.ts';
import type { AccountRow } from './users.repo.ts';
import { type UserChange, UsersService } from './users.service.ts';
import { usersWorkbook, XLSX_TYPE } from './users-export.ts';

const TAG = ['users'];
const ACCOUNT = '/base/BaseAccount';

/**
 * Users: the back office's user list (/system/consumer/list) with the calls of 002 §7, and an
 * enterprise account's sub-users (/consumer/list), whose paths the spec does not show
 * (`/base/BaseAccount/child/*`, docs/decisions.md).
 */
export function usersRoutes(
  ctx: AppContext,
  sessions: SessionsService,
  permissions: PermissionsService,
): FastifyPluginAsyncZod {
  const service = new UsersService(
    ctx,
    sessions,
    new RolesService(new RolesRepo(ctx.db), permissions, ctx.clock),
  );
  const pageOf = pageResponseSchema(userRowSchema);
  const presentOne = async (t: Translate, row: AccountRow) => {
    const [view] = await service.repo.viewsByIds([row.id]);
    return presentUser(t, view ?? { ...row, roleName: null });
  };
  const changeNote = (change: UserChange) => ({
    entityType: 'account',
    entityId: change.after.id,
    oldValue: auditUser(change.before, change.fields),
    newValue: auditUser(change.after, change.fields),
  });

  return async (app) => {
    app.post(
      `${ACCOUNT}/queryUserByCondition`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: userConditionSchema, response: okSchema(pageOf) },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => presentUser(request.t, r)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      `${ACCOUNT}/get/list`,
      {
        config: { audit: false },
        schema: { tags: TAG, body: userPickListSchema, response: okSchema(z.array(userPickSchema)) },
      },
      async (request) => ok(request, await service.pickList(callerOf(request), request.body)),
    );

    app.post(
      `${ACCOUNT}/queryUserByRole`,
      { config: { audit: false }, schema: { tags: TAG, body: userByRoleSchema, response: okSchema(pageOf) } },
      async (request) => {
        const { rows, totalCount } = await service.byRole(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => presentUser(request.t, r)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      `${ACCOUNT}/exportUserByCondition`,
      {
        config: { audit: false },
        schema: {
          tags: TAG,
          body: userConditionSchema,
          description: 'An XLSX file of every user matching the condition (paging ignored); logged.',
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { start: _start, pageSize: _size, sortField: _f, sortOrder: _o, ...condition } = request.body;
        const rows = await service.exportRows(caller, condition);
        const file = await usersWorkbook(rows, request.t);
        await ctx.audit.append({
          platformId: caller.account.platformId,
          accountId: caller.account.id,
          accountName: caller.account.userName,
          action: 'account.exportUserByCondition',
          entityType: 'account',
          entityId: null,
          newValue: { condition, rowCount: rows.length },
          sourceIp: request.ip,
        });
        return reply
          .type(XLSX_TYPE)
          .header(
            'content-disposition',
            `attachment; filename="users-${ctx.clock.now().toISOString().slice(0, 10)}.xlsx"`,
          )
          .send(file);
      },
    );

    app.post(
      `${ACCOUNT}/sysAddUser`,
      {
        config: { action: 'account.sysAddUser' },
        schema: { tags: TAG, body: sysAddUserSchema, response: okSchema(userRowSchema) },
      },
      async (request) => {
        const row = await service.sysAdd(callerOf(request), request.body);
        request.auditNote = { entityType: 'account', entityId: row.id, newValue: auditUser(row) };
        return ok(request, await presentOne(request.t, row));
      },
    );

    app.post(
      `${ACCOUNT}/sysModifyUser`,
      {
        config: { action: 'account.sysModifyUser' },
        schema: { tags: TAG, body: sysModifyUserSchema, response: okSchema(userRowSchema) },
      },
      async (request) => {
        const change = await service.sysModify(callerOf(request), request.body);
        request.auditNote = changeNote(change);
        return ok(request, await presentOne(request.t, change.after));
      },
    );

    app.post(
      `${ACCOUNT}/sysDeleteUser`,
      {
        config: { action: 'account.sysDeleteUser' },
        schema: { tags: TAG, body: userIdSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.sysDelete(callerOf(request), request.body.id);
        request.auditNote = { entityType: 'account', entityId: row.id, oldValue: auditUser(row) };
        return ok(request, null);
      },
    );

    app.post(
      `${ACCOUNT}/resetPasswordBySys`,
      {
        config: { action: 'account.resetPasswordBySys' },
        schema: { tags: TAG, body: resetPasswordBySysSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.resetPassword(callerOf(request), request.body);
        request.auditNote = { entityType: 'account', entityId: row.id, newValue: { password: 'reset' } };
        return ok(request, null);
      },
    );

    app.put(
      `${ACCOUNT}/userTypeUpgrade`,
      {
        config: { action: 'account.userTypeUpgrade' },
        schema: { tags: TAG, querystring: userTypeUpgradeQuerySchema, response: okSchema(userRowSchema) },
      },
      async (request) => {
        const change = await service.upgrade(callerOf(request), request.query);
        request.auditNote = changeNote(change);
        return ok(request, await presentOne(request.t, change.after));
      },
    );

    app.post(
      `${ACCOUNT}/child/page`,
      { config: { audit: false }, schema: { tags: TAG, body: childPageSchema, response: okSchema(pageOf) } },
      async (request) => {
        const { rows, totalCount } = await service.childPage(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => presentUser(request.t, r)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.post(
      `${ACCOUNT}/child/insert`,
      {
        config: { action: 'account.childInsert' },
        schema: { tags: TAG, body: childInsertSchema, response: okSchema(userRowSchema) },
      },
      async (request) => {
        const row = await service.childInsert(callerOf(request), request.body);
        request.auditNote = { entityType: 'account', entityId: row.id, newValue: auditUser(row) };
        return ok(request, await presentOne(request.t, row));
      },
    );

    app.put(
      `${ACCOUNT}/child/update`,
      {
        config: { action: 'account.childUpdate' },
        schema: { tags: TAG, body: childUpdateSchema, response: okSchema(userRowSchema) },
      },
      async (request) => {
        const change = await service.childUpdate(callerOf(request), request.body);
        request.auditNote = changeNote(change);
        return ok(request, await presentOne(request.t, change.after));
      },
    );

    app.delete(
      `${ACCOUNT}/child/delete`,
      {
        config: { action: 'account.childDelete' },
        schema: { tags: TAG, querystring: userIdQuerySchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.childDelete(callerOf(request), request.query.id);
        request.auditNote = { entityType: 'account', entityId: row.id, oldValue: auditUser(row) };
        return ok(request, null);
      },
    );
  };
}
