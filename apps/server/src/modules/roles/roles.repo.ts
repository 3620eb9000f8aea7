import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { RoleTable } from '../../db/database.ts';

export type RoleRow = Selectable<RoleTable>;

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

  byCode(code: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('role').selectAll().where('code', '=', code).executeTakeFirst();
  }

  systemRoles(): Promise<RoleRow[]> {
    return this.db.selectFrom('role').selectAll().where('roleType', '=', 'system').orderBy('id').execute();
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
      await trx.deleteFrom('rolePermission').where('roleId', '=', role.id).execute();
      const roleId = role.id;
      for (let i = 0; i < keys.length; i += 500) {
        const chunk = keys.slice(i, i + 500).map((permissionKey) => ({ roleId, permissionKey }));
        await trx.insertInto('rolePermission').values(chunk).execute();
      }
    });
  }
}
