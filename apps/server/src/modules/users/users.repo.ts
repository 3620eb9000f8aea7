import type { UserCondition, UserExportCondition } from '@coldchain/shared';
import { type ExpressionBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AccountTable, Database } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';

export type AccountRow = Selectable<AccountTable>;
export type UserView = AccountRow & { roleName: string | null };

/**
 * The accounts a caller may manage: the back office sees its platform (every platform for operators
 * of the default one); an enterprise account sees its own sub-users.
 */
export type UserScope =
  | { kind: 'all' }
  | { kind: 'platform'; platformId: number }
  | { kind: 'children'; parentAccountId: number; platformId: number };

function scopeCondition(scope: UserScope) {
  return (eb: ExpressionBuilder<Database, 'account'>) => {
    if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
    if (scope.kind === 'platform') return eb('account.platformId', '=', scope.platformId);
    return eb.and([
      eb('account.platformId', '=', scope.platformId),
      eb('account.parentAccountId', '=', scope.parentAccountId),
    ]);
  };
}

export function inUserScope(scope: UserScope, account: AccountRow): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'platform') return account.platformId === scope.platformId;
  return account.platformId === scope.platformId && account.parentAccountId === scope.parentAccountId;
}

type Filters = UserExportCondition & { roleCode?: string | undefined };

export class UsersRepo {
  constructor(private readonly db: Db) {}

  private views() {
    return this.db
      .selectFrom('account')
      .leftJoin('role', 'role.code', 'account.roleCode')
      .selectAll('account')
      .select('role.roleName');
  }

  private filtered(scope: UserScope, q: Filters) {
    let query = this.db
      .selectFrom('account')
      .where(scopeCondition(scope))
      .where('account.deletedFlag', '=', q.deletedFlag ?? 0);
    if (q.userName) query = query.where(contains('account.userName', q.userName));
    if (q.realName) query = query.where(contains('account.realName', q.realName));
    if (q.companyName) query = query.where(contains('account.companyName', q.companyName));
    if (q.phone) query = query.where(contains('account.phone', q.phone));
    if (q.email) query = query.where(contains('account.email', q.email));
    if (q.accountType) query = query.where('account.accountType', '=', q.accountType);
    if (q.roleCode) query = query.where('account.roleCode', '=', q.roleCode);
    return query;
  }

  count(scope: UserScope, q: Filters): Promise<number> {
    return this.filtered(scope, q)
      .select(countAll().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  async page(
    scope: UserScope,
    q: Filters & Pick<UserCondition, 'start' | 'pageSize' | 'sortField' | 'sortOrder'>,
  ): Promise<{ rows: UserView[]; totalCount: number }> {
    const totalCount = await this.count(scope, q);
    const sortable = {
      userName: 'account.userName',
      realName: 'account.realName',
      companyName: 'account.companyName',
      createdAt: 'account.id',
      id: 'account.id',
    } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'account.id';
    const ids = await this.filtered(scope, q)
      .select('account.id')
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('account.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows: await this.viewsByIds(ids.map((r) => r.id)), totalCount };
  }

  /** Users by id with their role names, in the order asked. */
  async viewsByIds(ids: readonly number[]): Promise<UserView[]> {
    if (ids.length === 0) return [];
    const rows = await this.views().where('account.id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is UserView => r !== undefined);
  }

  /** A live account by id. */
  live(id: number): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('account')
      .selectAll()
      .where('id', '=', id)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  /** Live accounts of a scope for a picker, by name or ids. */
  pickList(
    scope: UserScope,
    q: { userName?: string | undefined; ids?: number[] | undefined },
    limit: number,
  ) {
    let query = this.db
      .selectFrom('account')
      .select(['id', 'userName', 'realName'])
      .where(scopeCondition(scope))
      .where('deletedFlag', '=', 0);
    if (q.userName) query = query.where(contains('account.userName', q.userName));
    if (q.ids) query = query.where('id', 'in', q.ids.length ? q.ids : [0]);
    return query.orderBy('userName').limit(limit).execute();
  }

  /** Whether a user name was ever taken on the platform (names stay reserved after deletion). */
  async nameTaken(platformId: number, userName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('account')
      .select('id')
      .where('platformId', '=', platformId)
      .where('userName', '=', userName)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A live account of the platform other than `exceptId` holding the phone or e-mail. */
  async contactTaken(
    platformId: number,
    contact: { phone?: string | null | undefined; email?: string | null | undefined },
    exceptId?: number,
  ): Promise<boolean> {
    const { phone, email } = contact;
    if (!phone && !email) return false;
    let query = this.db
      .selectFrom('account')
      .select('id')
      .where('platformId', '=', platformId)
      .where('deletedFlag', '=', 0)
      .where((eb) => {
        const ors = [];
        if (phone) ors.push(eb('phone', '=', phone));
        if (email) ors.push(eb('email', '=', email.toLowerCase()));
        return eb.or(ors);
      });
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  update(id: number, changes: Updateable<AccountTable>): Promise<AccountRow> {
    return this.db
      .updateTable('account')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Marks an account deleted, with its sub-users; answers the ids that were live. */
  async softDelete(id: number, now: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('account')
      .set({ deletedFlag: 1, updatedAt: now })
      .where('deletedFlag', '=', 0)
      .where((eb) => eb.or([eb('id', '=', id), eb('parentAccountId', '=', id)]))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}
