import type { UserBillInsert, UserBillUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { checkBill } from './bill-rules.ts';
import type { BillRow, BillsRepo } from './bills.repo.ts';

/** Who asks: bills belong to one account; the edition decides the phone rule. */
export interface BillCaller {
  accountId: number;
  platformId: number;
  /** An overseas account (the overseas edition): any digits as the phone. */
  overseas: boolean;
}

/** The account's invoice info (001 §2.5, §7.7): each account sees and changes only its own. */
export class BillsService {
  constructor(
    private readonly repo: BillsRepo,
    private readonly clock: Clock,
  ) {}

  list(caller: BillCaller): Promise<BillRow[]> {
    return this.repo.list(caller.accountId);
  }

  async get(caller: BillCaller, billId: number): Promise<BillRow> {
    const row = await this.repo.byId(caller.accountId, billId);
    if (!row) throw new AppError('billNotFound');
    return row;
  }

  async insert(caller: BillCaller, input: UserBillInsert): Promise<BillRow> {
    const values = checkBill(input, caller.overseas);
    const now = this.clock.now().toISOString();
    // The account's first bill is its default: an invoice can then be applied without choosing.
    const first = (await this.repo.count(caller.accountId)) === 0;
    return this.repo.insert({
      ...values,
      platformId: caller.platformId,
      accountId: caller.accountId,
      billDefaultStatus: input.billDefaultStatus || first ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(caller: BillCaller, input: UserBillUpdate): Promise<{ before: BillRow; after: BillRow }> {
    const before = await this.get(caller, input.billId);
    const values = checkBill(input, caller.overseas);
    const after = await this.repo.update(caller.accountId, before.id, {
      ...values,
      billDefaultStatus: input.billDefaultStatus ? 1 : 0,
      updatedAt: this.clock.now().toISOString(),
    });
    if (!after) throw new AppError('billNotFound');
    return { before, after };
  }

  /** Invoices already applied keep their copy of the bill; the bill itself is only hidden. */
  async delete(caller: BillCaller, billId: number): Promise<BillRow> {
    const row = await this.get(caller, billId);
    await this.repo.softDelete(caller.accountId, row.id, this.clock.now().toISOString());
    return row;
  }
}
