import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PayUserBillTable } from '../../db/tables/invoices.ts';

export type BillRow = Selectable<PayUserBillTable>;

/** Every query on user bills; a bill is always looked up with its owner, so a foreign id finds nothing. */
export class BillsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(accountId: number): Promise<BillRow[]> {
    return this.db
      .selectFrom('payUserBill')
      .selectAll()
      .where('accountId', '=', accountId)
      .where('deletedFlag', '=', 0)
      .orderBy('billDefaultStatus', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async byId(accountId: number, id: number): Promise<BillRow | undefined> {
    return this.db
      .selectFrom('payUserBill')
      .selectAll()
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  async count(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('payUserBill')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', accountId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts a bill; a default one takes the default from the account's others in the same transaction. */
  insert(row: Insertable<PayUserBillTable>): Promise<BillRow> {
    return this.db.transaction().execute(async (trx) => {
      if (row.billDefaultStatus === 1)
        await trx
          .updateTable('payUserBill')
          .set({ billDefaultStatus: 0 })
          .where('accountId', '=', row.accountId)
          .execute();
      return trx.insertInto('payUserBill').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  update(accountId: number, id: number, changes: Updateable<PayUserBillTable>): Promise<BillRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (changes.billDefaultStatus === 1)
        await trx
          .updateTable('payUserBill')
          .set({ billDefaultStatus: 0 })
          .where('accountId', '=', accountId)
          .where('id', '!=', id)
          .execute();
      return trx
        .updateTable('payUserBill')
        .set(changes)
        .where('id', '=', id)
        .where('accountId', '=', accountId)
        .where('deletedFlag', '=', 0)
        .returningAll()
        .executeTakeFirst();
    });
  }

  async softDelete(accountId: number, id: number, now: string): Promise<void> {
    await this.db
      .updateTable('payUserBill')
      .set({ deletedFlag: 1, billDefaultStatus: 0, updatedAt: now })
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .execute();
  }
}
