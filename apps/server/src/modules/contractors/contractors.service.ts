import type { Contractor, ContractorCertify, ContractorPage, ContractorSave } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { PlatformScope } from '../operations-overview/operations-overview.repo.ts';
import type { ContractorRow, ContractorsRepo } from './contractors.repo.ts';

const notFound = () => new AppError('notFound', { entity: 'entities.account' });

/** Certified only while the certificate names the company and contact the account holds now. */
export function presentContractor(row: ContractorRow): Contractor {
  const certified =
    row.certStatus === 'certified' &&
    row.certifiedCompany === row.contractorCompany &&
    row.certifiedContact === row.contractorContact;
  return {
    accountId: row.accountId,
    userName: row.userName,
    realName: row.realName,
    phone: row.phone,
    email: row.email,
    roleCode: row.roleCode,
    contractorCompany: row.contractorCompany,
    contractorContact: row.contractorContact,
    status: certified ? 'certified' : 'uncertified',
    certifiedCompany: row.certStatus === 'certified' ? row.certifiedCompany : null,
    certifiedContact: row.certStatus === 'certified' ? row.certifiedContact : null,
    decidedAt: row.decidedAt,
    deciderName: row.deciderName,
    note: row.note,
  };
}

/**
 * Engineers and contractors (002 §1, §3, §4): an account names its contractor company and contact
 * (its own profile, or the operator here), and the back office certifies or withdraws it.
 */
export class ContractorsService {
  constructor(
    private readonly repo: ContractorsRepo,
    private readonly clock: Clock,
  ) {}

  async page(scope: PlatformScope, q: ContractorPage) {
    const { rows, totalCount } = await this.repo.page(scope, q);
    return { rows: rows.map(presentContractor), totalCount };
  }

  private async get(scope: PlatformScope, id: number): Promise<ContractorRow> {
    const row = await this.repo.account(scope, id);
    if (!row) throw notFound();
    return row;
  }

  async save(scope: PlatformScope, input: ContractorSave) {
    const before = await this.get(scope, input.id);
    await this.repo.saveFields(
      before.accountId,
      input.contractorCompany,
      input.contractorContact,
      this.clock.now().toISOString(),
    );
    const after = await this.get(scope, input.id);
    return { before: presentContractor(before), after: presentContractor(after) };
  }

  async certify(scope: PlatformScope, deciderId: number, input: ContractorCertify) {
    const before = await this.get(scope, input.id);
    const current = presentContractor(before);
    if (input.status === 'certified' && (!before.contractorCompany || !before.contractorContact))
      throw new AppError('contractorIncomplete');
    if (current.status === input.status) throw new AppError('contractorSameState');
    await this.repo.decide({
      accountId: before.accountId,
      platformId: before.platformId,
      status: input.status,
      company: before.contractorCompany,
      contact: before.contractorContact,
      note: input.note?.trim() || null,
      decidedBy: deciderId,
      decidedAt: this.clock.now().toISOString(),
    });
    const after = await this.get(scope, input.id);
    return { before: current, after: presentContractor(after) };
  }
}
