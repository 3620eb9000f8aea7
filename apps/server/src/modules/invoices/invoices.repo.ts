import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PayInvoiceTable } from '../../db/tables/invoices.ts';
import type { InvoiceRow } from './providers/invoice-provider.ts';

export type InvoiceListRow = InvoiceRow & { orderCode: string; accountName: string };

/** Queries on the invoices of orders; every one is scoped by platform (and account for the console). */
export class InvoicesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  byOrder(
    orderId: number,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<InvoiceRow | undefined> {
    return db.selectFrom('payInvoice').selectAll().where('orderId', '=', orderId).executeTakeFirst();
  }

  insert(tx: Transaction<Database>, row: Insertable<PayInvoiceTable>): Promise<InvoiceRow> {
    return tx.insertInto('payInvoice').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(tx: Kysely<Database> | Transaction<Database>, id: number, changes: Updateable<PayInvoiceTable>) {
    return tx
      .updateTable('payInvoice')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  list(
    platformId: number,
    f: { invoiceStatus?: number; startTime?: string; endTime?: string; orderCode?: string },
    max: number,
  ): Promise<InvoiceListRow[]> {
    let q = this.db
      .selectFrom('payInvoice')
      .innerJoin('payOrder', 'payOrder.id', 'payInvoice.orderId')
      .innerJoin('account', 'account.id', 'payInvoice.accountId')
      .selectAll('payInvoice')
      .select(['payOrder.orderCode', 'account.userName as accountName'])
      .where('payInvoice.platformId', '=', platformId);
    if (f.invoiceStatus !== undefined) q = q.where('payInvoice.invoiceStatus', '=', f.invoiceStatus);
    if (f.startTime) q = q.where('payInvoice.appliedAt', '>=', new Date(f.startTime).toISOString());
    if (f.endTime) q = q.where('payInvoice.appliedAt', '<=', new Date(f.endTime).toISOString());
    if (f.orderCode) q = q.where('payOrder.orderCode', '=', f.orderCode);
    return q.orderBy('payInvoice.appliedAt', 'desc').orderBy('payInvoice.id', 'desc').limit(max).execute();
  }
}
