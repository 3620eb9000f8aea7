import type { MyOrderPageRequest, OrderFilters, PageRequest } from '@coldchain/shared';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { contains } from '../../db/sql-helpers.ts';
import type { PayRefundTable } from '../../db/tables/invoices.ts';
import type { PayOrderDeviceTable } from '../../db/tables/payments.ts';
import type { PayOrderRow } from '../payments/providers/provider.ts';

export type OrderListRow = PayOrderRow & { accountName: string; deviceCount: number };
export type RefundDbRow = Selectable<PayRefundTable>;
export type OrderDeviceRow = Selectable<PayOrderDeviceTable>;

/** Who may see an order: its account (the console), or any of its platform (the back office). */
export type OrderScope = { platformId: number; accountId?: number };

const SORTABLE = {
  gmtCreate: 'payOrder.createdAt',
  payTime: 'payOrder.paidAt',
  payFee: 'payOrder.payFee',
  orderCode: 'payOrder.orderCode',
} as const;

/** Every query on orders for lists, details, refunds and exports; each is scoped by platform (and account). */
export class OrdersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private base(scope: OrderScope) {
    let q = this.db
      .selectFrom('payOrder')
      .innerJoin('account', 'account.id', 'payOrder.accountId')
      .selectAll('payOrder')
      .select('account.userName as accountName')
      .select((eb) =>
        eb
          .selectFrom('payOrderDevice')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('payOrderDevice.orderId', '=', 'payOrder.id')
          .as('deviceCount'),
      )
      .where('payOrder.platformId', '=', scope.platformId);
    if (scope.accountId !== undefined) q = q.where('payOrder.accountId', '=', scope.accountId);
    return q;
  }

  private filtered(scope: OrderScope, f: OrderFilters & Partial<MyOrderPageRequest>) {
    let q = this.base(scope);
    if (f.orderCode) q = q.where(contains('payOrder.orderCode', f.orderCode));
    if (f.account) q = q.where(contains('account.userName', f.account));
    if (f.payStatus !== undefined) q = q.where('payOrder.payStatus', '=', f.payStatus);
    if (f.payType !== undefined) q = q.where('payOrder.payType', '=', f.payType);
    if (f.invoiceStatus !== undefined) q = q.where('payOrder.invoiceStatus', '=', f.invoiceStatus);
    if (f.startTime) q = q.where('payOrder.createdAt', '>=', new Date(f.startTime).toISOString());
    if (f.endTime) q = q.where('payOrder.createdAt', '<=', new Date(f.endTime).toISOString());
    return q;
  }

  async page(
    scope: OrderScope,
    request: PageRequest & OrderFilters,
  ): Promise<{ rows: OrderListRow[]; totalCount: number }> {
    const q = this.filtered(scope, request);
    const total = await this.db
      .selectFrom(q.as('f'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await sorted(q, request)
      .limit(request.pageSize)
      .offset((request.start - 1) * request.pageSize)
      .execute();
    return { rows: rows.map(normalize), totalCount: Number(total.n) };
  }

  async all(scope: OrderScope, filters: OrderFilters, max: number): Promise<OrderListRow[]> {
    const rows = await sorted(this.filtered(scope, filters), {}).limit(max).execute();
    return rows.map(normalize);
  }

  async byId(scope: OrderScope, id: number): Promise<OrderListRow | undefined> {
    const row = await this.base(scope).where('payOrder.id', '=', id).executeTakeFirst();
    return row ? normalize(row) : undefined;
  }

  async byIds(scope: OrderScope, ids: number[]): Promise<OrderListRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.base(scope).where('payOrder.id', 'in', ids).execute();
    return rows.map(normalize);
  }

  devices(orderId: number): Promise<OrderDeviceRow[]> {
    return this.db
      .selectFrom('payOrderDevice')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('deviceId')
      .execute();
  }

  refunds(orderId: number): Promise<RefundDbRow[]> {
    return this.db.selectFrom('payRefund').selectAll().where('orderId', '=', orderId).orderBy('id').execute();
  }

  /** The caller's orders created in [from, to), newest first. */
  async between(scope: OrderScope, from: string, to: string): Promise<OrderListRow[]> {
    const rows = await this.base(scope)
      .where('payOrder.createdAt', '>=', from)
      .where('payOrder.createdAt', '<', to)
      .orderBy('payOrder.createdAt', 'desc')
      .execute();
    return rows.map(normalize);
  }

  async updateDescription(scope: OrderScope, id: number, description: string, now: string): Promise<void> {
    await this.db
      .updateTable('payOrder')
      .set({ orderDescription: description, updatedAt: now })
      .where('id', '=', id)
      .where('platformId', '=', scope.platformId)
      .execute();
  }
}

function sorted<O>(
  q: SelectQueryBuilder<Database, 'payOrder' | 'account', O>,
  request: Partial<PageRequest>,
) {
  const column = SORTABLE[request.sortField as keyof typeof SORTABLE] ?? SORTABLE.gmtCreate;
  const direction = request.sortOrder === 'ascend' ? 'asc' : 'desc';
  return q.orderBy(column, direction).orderBy('payOrder.id', direction);
}

function normalize<T extends { deviceCount: number | string | null }>(row: T): T & { deviceCount: number } {
  return { ...row, deviceCount: Number(row.deviceCount ?? 0) };
}
