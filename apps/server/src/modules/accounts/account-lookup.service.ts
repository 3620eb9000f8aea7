import type { AccountLookup } from '@coldchain/shared';
import type { Db } from '../../db/create-db.ts';
import type { AuthState } from '../../types.d.ts';
import { presentLookup } from './accounts.presenter.ts';
import { AccountsRepo } from './accounts.repo.ts';
import { emailContact } from './contacts.ts';

/**
 * Finding a person to invite or share with (getAccountInfoByPhone, getAccountInfoByEamil,
 * queryAccountByUEP): live accounts of the caller's own platform only, and only the fields of
 * presentLookup; null when nobody matches.
 */
export class AccountLookupService {
  private readonly accounts: AccountsRepo;
  constructor(db: Db) {
    this.accounts = new AccountsRepo(db);
  }

  async byPhone(auth: AuthState, phone: string): Promise<AccountLookup | null> {
    const found = await this.accounts.byPhone(auth.account.platformId, phone.trim());
    return found ? presentLookup(found) : null;
  }

  async byEmail(auth: AuthState, email: string): Promise<AccountLookup | null> {
    const found = await this.accounts.byEmail(auth.account.platformId, emailContact(email).target);
    return found ? presentLookup(found) : null;
  }

  /** UEP: a user name, e-mail or phone. */
  async byUep(auth: AuthState, uep: string): Promise<AccountLookup | null> {
    const found = await this.accounts.byLoginName(auth.account.platformId, uep.trim());
    return found ? presentLookup(found) : null;
  }
}
