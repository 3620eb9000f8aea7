import type { Db } from '../../db/create-db.ts';

/** Session writes the account-security calls need beyond SessionsService. */
export class AccountSecurityRepo {
  constructor(private readonly db: Db) {}

  async setSessionExpiry(sessionId: number, expiresAt: string): Promise<void> {
    await this.db.updateTable('session').set({ expiresAt }).where('id', '=', sessionId).execute();
  }
}
