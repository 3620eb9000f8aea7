import crypto from 'node:crypto';
import type { Action, PermissionGroup, RoleInsert, RolePage, RoleUpdate } from '@coldchain/shared';
import type { Updateable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { RoleTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { type PermissionsService, routeOf } from './permissions.service.ts';
import { roleNameFor, systemRoleNames } from './role-names.ts';
import {
  ADMIN_ROLE,
  authorizeRole,
  enterpriseOf,
  grantableKeys,
  has,
  isAdmin,
  MEMBER_ROLE,
  type PeopleCaller,
  type RoleView,
  requireView,
  roleScope,
} from './role-policy.ts';
import type { RoleRow, RolesRepo } from './roles.repo.ts';

export interface RoleChange {
  before: RoleRow;
  after: RoleRow;
  beforeKeys: string[];
  afterKeys: string[];
}

/**
 * System and user-defined roles (002 §3 Role, §6). System roles come from code and are read-only; the
 * back office manages its platform's own roles, an enterprise account its own. A role grants only
 * keys its maker holds, so no one hands out more than they have.
 */
export class RolesService {
  constructor(
    readonly repo: RolesRepo,
    private readonly permissions: PermissionsService,
    private readonly clock: Clock,
  ) {}

  /** A page of roles; system roles are found and ordered by their name in the reader's language. */
  async page(caller: PeopleCaller, view: RoleView, q: RolePage, t: Translate) {
    requireView(caller, view, 'query');
    return this.repo.page(roleScope(caller, view), q, systemRoleNames(t));
  }

  async load(caller: PeopleCaller, id: number, action: Action) {
    const role = await this.repo.byId(id);
    const view = authorizeRole(caller, role, action);
    if (!role) throw new AppError('notFound', { entity: 'entities.role' });
    return { role, view };
  }

  async detail(caller: PeopleCaller, id: number) {
    const { role } = await this.load(caller, id, 'get');
    return {
      role,
      userCount: await this.repo.usage(role),
      permissions: await this.repo.permissionsOfRole(role.id),
    };
  }

  /** The permission tree a caller may grant in a view: routes with the actions on them. */
  tree(caller: PeopleCaller, view: RoleView): PermissionGroup[] {
    requireView(caller, view, 'query');
    const groups = new Map<string, string[]>();
    for (const key of grantableKeys(caller, view)) {
      const route = routeOf(key);
      const actions = groups.get(route) ?? [];
      if (key !== route) actions.push(key.slice(route.length + 1));
      groups.set(route, actions);
    }
    return [...groups].map(([route, actions]) => ({ route, actions }));
  }

  private checkKeys(caller: PeopleCaller, view: RoleView, keys: readonly string[]): string[] {
    const allowed = new Set(grantableKeys(caller, view));
    const refused = keys.find((k) => !allowed.has(k));
    if (refused !== undefined)
      throw fieldError('permissions', 'rules.permissionNotGrantable', { key: refused });
    // An action without its route would grant nothing the menu can reach.
    return [...new Set([...keys, ...keys.map(routeOf)])].sort();
  }

  private async checkName(
    roleName: string,
    owner: { platformId: number | null; ownerAccountId: number | null },
    id?: number,
  ) {
    const same = await this.repo.sameName(roleName, owner);
    if (same && same.id !== id) throw new AppError('roleNameTaken');
  }

  async insert(caller: PeopleCaller, view: RoleView, input: RoleInsert) {
    requireView(caller, view, 'add');
    const keys = this.checkKeys(caller, view, input.permissions);
    const owner = {
      platformId: caller.account.platformId,
      ownerAccountId: view === 'console' ? enterpriseOf(caller.account) : null,
    };
    await this.checkName(input.roleName, owner);
    const role = await this.repo.insert(
      {
        code: `custom_${crypto.randomBytes(8).toString('hex')}`,
        roleName: input.roleName,
        roleType: 'custom',
        description: input.description || null,
        createdAt: this.clock.now().toISOString(),
        ...owner,
      },
      keys,
    );
    return { role, keys };
  }

  async update(caller: PeopleCaller, input: RoleUpdate): Promise<RoleChange> {
    const { role, view } = await this.load(caller, input.id, 'edit');
    if (role.roleType === 'system') throw new AppError('systemRoleLocked');
    const keys = input.permissions ? this.checkKeys(caller, view, input.permissions) : undefined;
    if (input.roleName !== undefined) await this.checkName(input.roleName, role, role.id);
    const changes: Updateable<RoleTable> = {};
    if (input.roleName !== undefined) changes.roleName = input.roleName;
    if (input.description !== undefined) changes.description = input.description || null;
    if (Object.keys(changes).length === 0 && !keys) throw fieldError('body', 'rules.nothingToChange');
    const beforeKeys = await this.repo.permissionsOfRole(role.id);
    const after = await this.repo.update(role.id, changes, keys);
    if (keys) this.permissions.invalidate();
    return { before: role, after, beforeKeys, afterKeys: keys ?? beforeKeys };
  }

  async delete(caller: PeopleCaller, id: number) {
    const { role } = await this.load(caller, id, 'delete');
    if (role.roleType === 'system') throw new AppError('systemRoleLocked');
    if ((await this.repo.usage(role)) > 0) throw new AppError('entityInUse', { entity: 'entities.role' });
    const keys = await this.repo.permissionsOfRole(role.id);
    await this.repo.delete(role.id);
    this.permissions.invalidate();
    return { role, keys };
  }

  /**
   * querySystemRoleList: the roles the back office may give an account of the caller's platform —
   * the system roles (the administrator role only to administrators) and the platform's own roles,
   * filtered by the name the reader sees.
   */
  async systemRoleList(caller: PeopleCaller, roleName: string | undefined, t: Translate): Promise<RoleRow[]> {
    if (!has(caller, 'system.role:query') && !has(caller, 'system.consumerList:query'))
      throw new AppError('forbidden');
    const rows = await this.repo.inScope({ kind: 'backOffice', platformId: caller.account.platformId });
    const needle = roleName?.toLowerCase();
    return rows.filter(
      (r) =>
        (r.code !== ADMIN_ROLE || isAdmin(caller)) &&
        (!needle || roleNameFor(t, r.code, r.roleName).toLowerCase().includes(needle)),
    );
  }

  /**
   * queryRolesByCampAccount and queryRoleByOrganizationType: the roles an enterprise account gives
   * its sub-users and organization members — the member system role and the enterprise's own roles.
   */
  async enterpriseRoles(caller: PeopleCaller): Promise<RoleRow[]> {
    const readers = ['consumer.list:query', 'consumer.role:query', 'organization.list:query'];
    if (!readers.some((k) => has(caller, k))) throw new AppError('forbidden');
    const member = await this.repo.byCode(MEMBER_ROLE);
    const own = await this.repo.inScope({ kind: 'owner', ownerAccountId: enterpriseOf(caller.account) });
    return member ? [member, ...own] : own;
  }

  /**
   * A role the back office gives an account of `platformId`: a system role (the administrator role
   * only from an administrator) or that platform's own role. Anything else names the field.
   */
  async assignableInBackOffice(caller: PeopleCaller, roleCode: string, platformId: number): Promise<RoleRow> {
    const role = await this.repo.byCode(roleCode);
    const fits =
      role &&
      (role.roleType === 'system'
        ? role.code !== ADMIN_ROLE || isAdmin(caller)
        : role.ownerAccountId === null && role.platformId === platformId);
    if (!role || !fits) throw fieldError('roleCode', 'rules.roleNotAssignable');
    return role;
  }

  /** A role an enterprise gives its sub-user: the member role or one of its own. */
  async assignableInConsole(caller: PeopleCaller, roleCode: string): Promise<RoleRow> {
    const role = await this.repo.byCode(roleCode);
    const fits =
      role &&
      (role.code === MEMBER_ROLE ||
        (role.roleType === 'custom' && role.ownerAccountId === enterpriseOf(caller.account)));
    if (!role || !fits) throw fieldError('roleCode', 'rules.roleNotAssignable');
    return role;
  }
}
