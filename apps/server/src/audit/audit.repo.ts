import type { OperationLogPageRequest } from '@coldchain/shared';
import { type Insertable, type Selectable, sql, type Transaction } from 'kysely';
import { type Db, isPostgres } from '../db/create-db.ts';
import type { Database, OperationLogTable } from '../db/database.ts';
import { contains, countAll } from '../db/sql-helpers.ts';
import { GENESIS_HASH } from './hash-chain.ts';

export type OperationLogRow = Selectable<OperationLogTable>;

export class AuditRepo {
  constructor(private readonly db: Db) {}

  /** The head row exists from the first start on, so appends only ever update it. */
  async ensureHead(): Promise<void> {
    await this.db
      .insertInto('auditHead')
      .values({ id: 1, seq: 0, hash: GENESIS_HASH })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /**
   * Reads the chain head for update, serialising appends: on PostgreSQL by the row lock (across
   * nodes); on SQLite by writing first, which takes the database's write lock before the read, so two
   * processes sharing one file cannot both extend the same head.
   */
  async lockHead(trx: Transaction<Database>): Promise<{ seq: number; hash: string }> {
    const query = trx.selectFrom('auditHead').select(['seq', 'hash']).where('id', '=', 1);
    if (isPostgres(trx)) return query.forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('auditHead').set({ seq: sql`seq` }).where('id', '=', 1).execute();
    return query.executeTakeFirstOrThrow();
  }

  async insert(trx: Transaction<Database>, row: Insertable<OperationLogTable>): Promise<void> {
    await trx.insertInto('operationLog').values(row).execute();
  }

  async writeHead(trx: Transaction<Database>, seq: number, hash: string): Promise<void> {
    await trx.updateTable('auditHead').set({ seq, hash }).where('id', '=', 1).execute();
  }

  async head(): Promise<{ seq: number; hash: string } | undefined> {
    return this.db.selectFrom('auditHead').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  }

  /** Entries in chain order, a batch at a time, so verifying a long trail keeps memory flat. */
  async *inChainOrder(batch = 1000): AsyncGenerator<OperationLogRow> {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('operationLog')
        .selectAll()
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(batch)
        .execute();
      for (const row of rows) yield row;
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      after = last.seq;
    }
  }

  /** Rows in insertion (id) order, to detect rows moved between positions. */
  async seqsById(): Promise<{ id: number; seq: number }[]> {
    return this.db.selectFrom('operationLog').select(['id', 'seq']).orderBy('id').execute();
  }

  /** `actionsNamed`: actions whose translated name matches q.action; they match besides the key. */
  async page(
    q: OperationLogPageRequest,
    scope: { platformId?: number; accountId?: number },
    actionsNamed: readonly string[] = [],
  ) {
    let query = this.db.selectFrom('operationLog');
    if (scope.platformId !== undefined) query = query.where('platformId', '=', scope.platformId);
    if (scope.accountId !== undefined) query = query.where('accountId', '=', scope.accountId);
    if (q.accountName) query = query.where(contains('accountName', q.accountName));
    const action = q.action;
    if (action)
      query = query.where((eb) =>
        actionsNamed.length > 0
          ? eb.or([contains('action', action), eb('action', 'in', actionsNamed)])
          : contains('action', action),
      );
    if (q.entityType) query = query.where('entityType', '=', q.entityType);
    if (q.entityId) query = query.where('entityId', '=', q.entityId);
    if (q.from) query = query.where('createdAt', '>=', new Date(q.from).toISOString());
    if (q.to) query = query.where('createdAt', '<=', new Date(q.to).toISOString());
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { createdAt: 'seq', action: 'action', accountName: 'accountName' } as const;
    const column = sortable[(q.sortField ?? 'createdAt') as keyof typeof sortable] ?? 'seq';
    const rows = await query
      .selectAll()
      .orderBy(column, q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .orderBy('seq', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
