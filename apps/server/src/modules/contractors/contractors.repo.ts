import type { ContractorPage } from '@coldchain/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { PlatformScope } from '../operations-overview/operations-overview.repo.ts';

type Joined = ExpressionBuilder<
  Database & { a: Database['account']; c: Database['contractorCertificate'] },
  'a' | 'c'
>;

/** Certified: a certificate for exactly the company and contact the account holds now. */
const certified = (eb: Joined) =>
  eb.and([
    eb('c.status', '=', 'certified'),
    eb('c.company', '=', eb.ref('a.contractorCompany')),
    eb('c.contact', '=', eb.ref('a.contractorContact')),
  ]);

export interface ContractorRow {
  accountId: number;
  platformId: number;
  userName: string;
  realName: string | null;
  phone: string | null;
  email: string | null;
  roleCode: string;
  contractorCompany: string | null;
  contractorContact: string | null;
  certStatus: string | null;
  certifiedCompany: string | null;
  certifiedContact: string | null;
  note: string | null;
  decidedAt: string | null;
  deciderName: string | null;
}

/** Engineers and contractors: service engineers, accounts naming a contractor company, and certified ones. */
export class ContractorsRepo {
  constructor(private readonly db: Db) {}

  private base(scope: PlatformScope) {
    let q = this.db
      .selectFrom('account as a')
      .leftJoin('contractorCertificate as c', 'c.accountId', 'a.id')
      .leftJoin('account as d', 'd.id', 'c.decidedBy')
      .where('a.deletedFlag', '=', 0)
      .where((eb) =>
        eb.or([
          eb('a.roleCode', '=', 'serviceEngineer'),
          eb('a.contractorCompany', 'is not', null),
          eb('c.accountId', 'is not', null),
        ]),
      );
    if (scope !== null) q = q.where('a.platformId', '=', scope);
    return q;
  }

  private readonly columns = [
    'a.id as accountId',
    'a.platformId',
    'a.userName',
    'a.realName',
    'a.phone',
    'a.email',
    'a.roleCode',
    'a.contractorCompany',
    'a.contractorContact',
    'c.status as certStatus',
    'c.company as certifiedCompany',
    'c.contact as certifiedContact',
    'c.note',
    'c.decidedAt',
    'd.userName as deciderName',
  ] as const;

  async page(
    scope: PlatformScope,
    q: ContractorPage,
  ): Promise<{ rows: ContractorRow[]; totalCount: number }> {
    let base = this.base(scope);
    if (q.userName) base = base.where(contains('a.userName', q.userName));
    if (q.contractorCompany) base = base.where(contains('a.contractorCompany', q.contractorCompany));
    if (q.status === 'certified') base = base.where((eb) => certified(eb as unknown as Joined));
    if (q.status === 'uncertified') base = base.where((eb) => eb.not(certified(eb as unknown as Joined)));
    const total = await base.select(countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select([...this.columns])
      .orderBy(sql`case when c.decided_at is null then 0 else 1 end`)
      .orderBy('a.id', 'desc')
      .offset((q.start - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute();
    return { rows, totalCount: Number(total?.n ?? 0) };
  }

  /** One live account in scope (any account may be recorded as a contractor). */
  async account(scope: PlatformScope, id: number): Promise<ContractorRow | undefined> {
    let q = this.db
      .selectFrom('account as a')
      .leftJoin('contractorCertificate as c', 'c.accountId', 'a.id')
      .leftJoin('account as d', 'd.id', 'c.decidedBy')
      .where('a.deletedFlag', '=', 0)
      .where('a.id', '=', id);
    if (scope !== null) q = q.where('a.platformId', '=', scope);
    return q.select([...this.columns]).executeTakeFirst();
  }

  async saveFields(id: number, company: string, contact: string, now: string): Promise<void> {
    await this.db
      .updateTable('account')
      .set({ contractorCompany: company, contractorContact: contact, updatedAt: now })
      .where('id', '=', id)
      .execute();
  }

  async decide(row: {
    accountId: number;
    platformId: number;
    status: string;
    company: string | null;
    contact: string | null;
    note: string | null;
    decidedBy: number;
    decidedAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('contractorCertificate')
      .values(row)
      .onConflict((oc) =>
        oc.column('accountId').doUpdateSet({
          status: row.status,
          company: row.company,
          contact: row.contact,
          note: row.note,
          decidedBy: row.decidedBy,
          decidedAt: row.decidedAt,
        }),
      )
      .execute();
  }
}
