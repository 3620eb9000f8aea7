import type { PermissionModelPageRequest } from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { PermissionModelTable } from '../../db/tables/people.ts';

export type PermissionModelRow = Selectable<PermissionModelTable> & { typeName: string | null };

/** Permission templates, always read within the account that owns them. */
export class PermissionModelsRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('permissionModel')
      .leftJoin('deviceType', 'deviceType.id', 'permissionModel.deviceTypeId')
      .selectAll('permissionModel')
      .select('deviceType.typeName');
  }

  /** A template of the account, or nothing (another account's id answers like a missing one). */
  owned(accountId: number, id: number): Promise<PermissionModelRow | undefined> {
    return this.rows()
      .where('permissionModel.id', '=', id)
      .where('permissionModel.accountId', '=', accountId)
      .executeTakeFirst();
  }

  async page(
    accountId: number,
    q: PermissionModelPageRequest,
  ): Promise<{ rows: PermissionModelRow[]; totalCount: number }> {
    let query = this.db.selectFrom('permissionModel').where('permissionModel.accountId', '=', accountId);
    if (q.name) query = query.where(contains('permissionModel.name', q.name));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('permissionModel.id')
      .orderBy('permissionModel.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    const rows = ids.length
      ? await this.rows()
          .where(
            'permissionModel.id',
            'in',
            ids.map((r) => r.id),
          )
          .execute()
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      rows: ids.map((r) => byId.get(r.id)).filter((r): r is PermissionModelRow => r !== undefined),
      totalCount: Number(total.n),
    };
  }

  /** How many live shares and organization members each template is applied to. */
  async usage(ids: readonly number[]): Promise<Map<number, number>> {
    const usage = new Map<number, number>();
    if (ids.length === 0) return usage;
    const [shares, members] = await Promise.all([
      this.db
        .selectFrom('deviceShare')
        .select(['permissionModelId', countAll().as('n')])
        .where('permissionModelId', 'in', ids)
        .where('state', 'in', ['pending', 'accepted'])
        .groupBy('permissionModelId')
        .execute(),
      this.db
        .selectFrom('organizationMember')
        .select(['permissionModelId', countAll().as('n')])
        .where('permissionModelId', 'in', ids)
        .groupBy('permissionModelId')
        .execute(),
    ]);
    for (const row of [...shares, ...members]) {
      if (row.permissionModelId === null) continue;
      usage.set(row.permissionModelId, (usage.get(row.permissionModelId) ?? 0) + Number(row.n));
    }
    return usage;
  }

  /** Whether an unexpired share link still hands the template out. */
  async inLinks(id: number, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('deviceShareLink')
      .select('id')
      .where('permissionModelId', '=', id)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Insertable<PermissionModelTable>): Promise<number> {
    const saved = await this.db
      .insertInto('permissionModel')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return saved.id;
  }

  async update(accountId: number, id: number, changes: Updateable<PermissionModelTable>): Promise<void> {
    await this.db
      .updateTable('permissionModel')
      .set(changes)
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .execute();
  }

  /** Deletes a template; ended shares that named it forget it (they no longer grant anything). */
  async delete(accountId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('deviceShare')
        .set({ permissionModelId: null })
        .where('permissionModelId', '=', id)
        .where('state', 'in', ['refused', 'cancelled'])
        .execute();
      await trx
        .updateTable('deviceShareLink')
        .set({ permissionModelId: null })
        .where('permissionModelId', '=', id)
        .execute();
      await trx
        .deleteFrom('permissionModel')
        .where('id', '=', id)
        .where('accountId', '=', accountId)
        .execute();
    });
  }

  /** The probe parameters of a device type, the ones a template can govern one by one. */
  probeParams(deviceTypeId: number) {
    return this.db
      .selectFrom('deviceTypeParam')
      .select(['id', 'paramName', 'probeId', 'vocationalWork'])
      .where('deviceTypeId', '=', deviceTypeId)
      .where('probeId', 'is not', null)
      .orderBy('probeId')
      .orderBy('paramSortNo')
      .execute();
  }

  typeExists(id: number) {
    return this.db.selectFrom('deviceType').select('id').where('id', '=', id).executeTakeFirst();
  }
}
