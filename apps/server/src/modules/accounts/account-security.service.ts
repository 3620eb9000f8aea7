import {
  type BindingRequest,
  type ModifyEmailAndPasswordRequest,
  type ModifyPhoneAndPasswordRequest,
  OLD_PLATFORM_TOKEN_TTL_MS,
} from '@coldchain/shared';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { SessionsService } from '../../auth/sessions.service.ts';
import { iso } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AuthState } from '../../types.d.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { AccountSecurityRepo } from './account-security.repo.ts';
import { type AccountRow, AccountsRepo } from './accounts.repo.ts';
import type { Client } from './accounts.service.ts';
import {
  accountByContact,
  type CodeChannel,
  type Contact,
  contactColumn,
  contactOf,
  currentContact,
  emailContact,
  phoneContact,
} from './contacts.ts';
import { assertNewPassword } from './password-rules.ts';
import { assertMayTake, type VerificationCodesService } from './verification-codes.service.ts';

/** What modifyPhoneAndPassword and modifyEmailAndPassword share; the new phone or e-mail comes apart. */
type ModifyRequest = Omit<ModifyPhoneAndPasswordRequest & ModifyEmailAndPasswordRequest, 'phone' | 'email'>;

export interface AccountChange {
  before: AccountRow;
  after: AccountRow;
  passwordChanged: boolean;
}

/**
 * The caller's own credentials: binding a phone or e-mail, changing them with the current password,
 * changing the password, and the hand-over token to the old platform. Every call acts on the
 * caller's account only; no input names another account.
 */
export class AccountSecurityService {
  private readonly accounts: AccountsRepo;
  private readonly repo: AccountSecurityRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionsService,
    private readonly codes: VerificationCodesService,
  ) {
    this.accounts = new AccountsRepo(ctx.db);
    this.repo = new AccountSecurityRepo(ctx.db);
  }

  /** Binds a phone or e-mail to an account that has none of that kind yet (POST binding). */
  async bind(auth: AuthState, input: BindingRequest): Promise<AccountChange> {
    const account = auth.account;
    const contact = contactOf(input);
    assertMayTake(
      account,
      await accountByContact(this.accounts, account.platformId, contact),
      contact,
      'bind',
    );
    const codeId = await this.codes.check(contact, 'bind', input.verifyCode, account.id);
    const after = await this.writeContact(account, contact, codeId, 'bind');
    return { before: account, after, passwordChanged: false };
  }

  /**
   * modifyPhoneAndPassword / modifyEmailAndPassword: the current password authorises a new phone or
   * e-mail (proven by a code sent to it), a new password, or both. A new password ends the caller's
   * other sessions.
   */
  async modify(
    auth: AuthState,
    platform: PlatformRow,
    channel: CodeChannel,
    given: string | undefined,
    input: ModifyRequest,
  ): Promise<AccountChange> {
    const account = auth.account;
    const contact = given ? (channel === 'phone' ? phoneContact(given) : emailContact(given)) : undefined;
    const newContact = contact && contact.target !== currentContact(account, channel) ? contact : undefined;
    const newPassword = input.newPassword ? input.newPassword : undefined;
    if (!newContact && newPassword === undefined) throw fieldError('body', 'rules.nothingToChange');
    if (newContact && !input.verifyCode) throw fieldError('verifyCode', 'rules.required');
    if (newPassword !== undefined)
      assertNewPassword(platform, 'newPassword', newPassword, input.confirmPassword);
    if (!(await verifyPassword(account.passwordHash, input.oldPassword)))
      throw new AppError('oldPasswordWrong');
    if (newPassword === input.oldPassword) throw fieldError('newPassword', 'rules.passwordSameAsOld');
    let codeId: number | undefined;
    if (newContact && input.verifyCode) {
      assertMayTake(
        account,
        await accountByContact(this.accounts, account.platformId, newContact),
        newContact,
        'modify',
      );
      codeId = await this.codes.check(newContact, 'modify', input.verifyCode, account.id);
    }
    const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
    const after = await this.ctx.db.transaction().execute(async (trx) => {
      const accounts = new AccountsRepo(trx);
      if (newContact && codeId !== undefined) {
        await this.codes.consume(trx, codeId);
        const owner = await accountByContact(accounts, account.platformId, newContact);
        if (owner && owner.id !== account.id) throw new AppError('duplicateContact');
      }
      return accounts.update(account.id, {
        ...(newContact ? contactColumn(newContact) : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: iso(this.ctx.clock),
      });
    });
    if (passwordHash) await this.sessions.revokeOthers(account.id, 'password', auth.session.id);
    return { before: account, after, passwordChanged: passwordHash !== undefined };
  }

  private writeContact(account: AccountRow, contact: Contact, codeId: number, purpose: 'bind' | 'modify') {
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.codes.consume(trx, codeId);
      const accounts = new AccountsRepo(trx);
      assertMayTake(account, await accountByContact(accounts, account.platformId, contact), contact, purpose);
      return accounts.update(account.id, { ...contactColumn(contact), updatedAt: iso(this.ctx.clock) });
    });
  }

  /**
   * toOldPaltform: the old platform's address and a fresh session token for it, valid for
   * OLD_PLATFORM_TOKEN_TTL_MS; the token travels in the answer body, never in a URL.
   */
  async oldPlatformHandOver(auth: AuthState, client: Client) {
    const url = this.ctx.config.oldPlatformUrl;
    if (!url) throw new AppError('notConfigured', { feature: 'features.oldPlatform' });
    const { token, session } = await this.sessions.open(auth.account.id, false, client);
    const expiresAt = iso(this.ctx.clock, OLD_PLATFORM_TOKEN_TTL_MS);
    await this.repo.setSessionExpiry(session.id, expiresAt);
    return { url, token, sessionId: session.id, expiresAt };
  }
}
