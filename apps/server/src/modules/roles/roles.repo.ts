import type { RolePage } from '@coldchain/shared';
import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database, RoleTable } from '../../db/database.ts';
import { contains } from '../../db/sql-helpers.ts';

export type RoleRow = Selectable<RoleTable>;
export type RoleWithCount = RoleRow & { userCount: number };

/**
 * Which roles a list shows: the back office sees the system roles and the user-defined roles of a
 * platform (every platform for operators of the default one); an enterprise account sees its own.
 */
export type RoleScope =
  | { kind: 'backOffice'; platformId: number | null }
  | { kind: 'owner'; ownerAccountId: number };

function scopeCondition(scope: RoleScope) {
  return (eb: ExpressionBuilder<Database, 'role'>) => {
    if (scope.kind === 'owner')
      return eb.and([
        eb('role.roleType', '=', 'custom'),
        eb('role.ownerAccountId', '=', scope.ownerAccountId),
      ]);
    const custom = [eb('role.roleType', '=', 'custom'), eb('role.ownerAccountId', 'is', null)];
    if (scope.platformId !== null) custom.push(eb('role.platformId', '=', scope.platformId));
    return eb.or([eb('role.roleType', '=', 'system'), eb.and(custom)]);
  };
}

export class RolesRepo {
  constructor(private readonly db: Db) {}

  async permissionsOf(roleCode: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('rolePermission')
      .innerJoin('role', 'role.id', 'rolePermission.roleId')
      .select('rolePermission.permissionKey')
      .where('role.code', '=', roleCode)
      .execute();
    return rows.map((r) => r.permissionKey);
  }

  async permissionsOfRole(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('rolePermission')
      .select('permissionKey')
      .where('roleId', '=', roleId)
      .orderBy('permissionKey')
      .execute();
    return rows.map((r) => r.permissionKey);
  }

  byCode(code: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('role').selectAll().where('code', '=', code).executeTakeFirst();
  }

  byId(id: number): Promise<RoleRow | undefined> {
    return this.db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
  }

  systemRoles(): Promise<RoleRow[]> {
    return this.db.selectFrom('role').selectAll().where('roleType', '=', 'system').orderBy('id').execute();
  }

  /** Every role of a scope (role pickers), system roles first. */
  inScope(scope: RoleScope): Promise<RoleRow[]> {
    return this.db
      .selectFrom('role')
      .selectAll()
      .where(scopeCondition(scope))
      .orderBy('roleType', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * `systemNames`: the system roles' names as the reader sees them (they are stored in one language);
   * the name filter and the name order use them for system roles and the stored name for others.
   */
  async page(
    scope: RoleScope,
    q: RolePage,
    systemNames: Readonly<Record<string, string>>,
  ): Promise<{ rows: RoleWithCount[]; totalCount: number }> {
    let query = this.db.selectFrom('role').where(scopeCondition(scope));
    const roleName = q.roleName;
    if (roleName) {
      const needle = roleName.toLowerCase();
      const named = Object.keys(systemNames).filter((code) =>
        systemNames[code]?.toLowerCase().includes(needle),
      );
      query = query.where((eb) =>
        eb.or([
          eb.and([eb('role.roleType', '<>', 'system'), contains('role.roleName', roleName)]),
          ...(named.length > 0
            ? [eb.and([eb('role.roleType', '=', 'system'), eb('role.code', 'in', named)])]
            : []),
        ]),
      );
    }
    if (q.roleType) query = query.where('role.roleType', '=', q.roleType);
    const total = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const shownName = (eb: ExpressionBuilder<Database, 'role'>) => {
      const [first, ...rest] = Object.entries(systemNames);
      if (!first) return eb.ref('role.roleName');
      let names = eb.case('role.code').when(first[0]).then(first[1]);
      for (const [code, name] of rest) names = names.when(code).then(name);
      return names.else(eb.ref('role.roleName')).end();
    };
    const sortable = { roleName: shownName, createdAt: 'role.id', id: 'role.id' } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'role.id';
    const rows = await query
      .selectAll('role')
      .select((eb) =>
        eb
          .selectFrom('account')
          .select((e) => e.fn.countAll<number | string>().as('c'))
          .whereRef('account.roleCode', '=', 'role.code')
          .where('account.deletedFlag', '=', 0)
          .as('userCount'),
      )
      .orderBy(column, q.sortOrder === 'descend' ? 'desc' : 'asc')
      .orderBy('role.id')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return {
      rows: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0) })),
      totalCount: Number(total.n),
    };
  }

  /** Live accounts holding a role, plus organization memberships naming it. */
  async usage(role: Pick<RoleRow, 'id' | 'code'>): Promise<number> {
    const accounts = await this.db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('roleCode', '=', role.code)
      .where('deletedFlag', '=', 0)
      .executeTakeFirstOrThrow();
    const members = await this.db
      .selectFrom('organizationMember')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('roleId', '=', role.id)
      .executeTakeFirstOrThrow();
    return Number(accounts.n) + Number(members.n);
  }

  /** A role of the same scope with this name (names are unique per owner, or per platform). */
  sameName(roleName: string, owner: { platformId: number | null; ownerAccountId: number | null }) {
    let query = this.db
      .selectFrom('role')
      .select(['id'])
      .where('roleType', '=', 'custom')
      .where(sql<string>`lower(role_name)`, '=', roleName.toLowerCase());
    query =
      owner.ownerAccountId === null
        ? query.where('ownerAccountId', 'is', null).where('platformId', '=', owner.platformId)
        : query.where('ownerAccountId', '=', owner.ownerAccountId);
    return query.executeTakeFirst();
  }

  async insert(row: Insertable<RoleTable>, keys: readonly string[]): Promise<RoleRow> {
    return this.db.transaction().execute(async (trx) => {
      const role = await trx.insertInto('role').values(row).returningAll().executeTakeFirstOrThrow();
      await replacePermissions(trx, role.id, keys);
      return role;
    });
  }

  async update(id: number, changes: Updateable<RoleTable>, keys: readonly string[] | undefined) {
    return this.db.transaction().execute(async (trx) => {
      const role =
        Object.keys(changes).length > 0
          ? await trx
              .updateTable('role')
              .set(changes)
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (keys) await replacePermissions(trx, id, keys);
      return role;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('rolePermission').where('roleId', '=', id).execute();
      await trx.deleteFrom('role').where('id', '=', id).execute();
    });
  }

  async upsertSystemRole(
    code: string,
    roleName: string,
    description: string,
    keys: readonly string[],
    at: string,
  ) {
    await this.db.transaction().execute(async (trx) => {
      let role = await trx.selectFrom('role').select('id').where('code', '=', code).executeTakeFirst();
      role ??= await trx
        .insertInto('role')
        .values({ code, roleName, roleType: 'system', description, platformId: null, createdAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replacePermissions(trx, role.id, keys);
    });
  }
}

async function replacePermissions(trx: Db, roleId: number, keys: readonly string[]): Promise<void> {
  await trx.deleteFrom('rolePermission').where('roleId', '=', roleId).execute();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500).map((permissionKey) => ({ roleId, permissionKey }));
    await trx.insertInto('rolePermission').values(chunk).execute();
  }
}
