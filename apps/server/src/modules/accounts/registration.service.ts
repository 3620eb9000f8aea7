import type { ForgotRequest, Locale, RegisterRequest } from '@coldchain/shared';
import { hashPassword } from '../../auth/passwords.ts';
import type { SessionsService } from '../../auth/sessions.service.ts';
import { iso } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { UTC_ZONE } from '../dicts/time-zones.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { type AccountRow, AccountsRepo } from './accounts.repo.ts';
import type { Client } from './accounts.service.ts';
import { accountByContact, type Contact, contactOf } from './contacts.ts';
import { LoginFailuresRepo } from './login-failures.repo.ts';
import { newAccountRow, newProfileRow } from './new-account.ts';
import { assertNewPassword } from './password-rules.ts';
import { isUniqueViolation, RegistrationRepo } from './registration.repo.ts';
import type { VerificationCodesService } from './verification-codes.service.ts';

/** Role of a new account by account type (002 §1): 1 personal, 2 enterprise. */
const ROLE_BY_TYPE = { 1: 'personalUser', 2: 'enterpriseAdmin' } as const;
const MAINLAND_MOBILE = /^1\d{10}$/;
const DOMESTIC_ZONE = 'Asia/Shanghai';

/**
 * Domestic or overseas, which the spec does not say how to tell at sign-up: a mainland mobile number
 * or a zh-CN console means domestic (calling code 86, China time); anything else is overseas (UTC).
 */
function originOf(contact: Contact, locale: Locale) {
  const mainlandPhone = contact.channel === 'phone' && MAINLAND_MOBILE.test(contact.target);
  const domestic = mainlandPhone || locale === 'zh-CN';
  return {
    foreignFlag: domestic ? 0 : 1,
    countryCode: mainlandPhone ? '86' : null,
    timeZone: domestic ? DOMESTIC_ZONE : UTC_ZONE,
  };
}

/** Sign-up and password recovery (POST /base/BaseAccount/register, /forgot). */
export class RegistrationService {
  private readonly accounts: AccountsRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionsService,
    private readonly codes: VerificationCodesService,
  ) {
    this.accounts = new AccountsRepo(ctx.db);
  }

  /**
   * Creates a personal or enterprise account proven by a code sent to its phone or e-mail, and signs
   * it in. Input rules come first, then the code (which counts wrong entries), then the writes, which
   * spend the code in the same transaction.
   */
  async register(
    platform: PlatformRow,
    input: RegisterRequest,
    locale: Locale,
    client: Client,
  ): Promise<{ account: AccountRow; token: string }> {
    if (platform.enableRegister !== 1) throw new AppError('registrationClosed');
    if (!input.agreeTerms || !input.agreePrivacy) throw new AppError('termsNotAgreed');
    if (input.accountType === 2 && !input.companyName)
      throw fieldError('companyName', 'rules.companyRequired');
    const contact = contactOf(input);
    assertNewPassword(platform, 'accountPassword', input.accountPassword, input.confirmPassword);
    // Deleted accounts keep their names: identities are never reused (21 CFR 11.300).
    if (await this.accounts.byUserName(platform.id, input.userName)) throw new AppError('userExists');
    if (await accountByContact(this.accounts, platform.id, contact)) throw new AppError('duplicateContact');
    const codeId = await this.codes.check(contact, 'register', input.verifyCode);
    const passwordHash = await hashPassword(input.accountPassword);
    const now = iso(this.ctx.clock);
    let account: AccountRow;
    try {
      account = await this.ctx.db.transaction().execute(async (trx) => {
        await this.codes.consume(trx, codeId);
        if (await accountByContact(new AccountsRepo(trx), platform.id, contact)) {
          throw new AppError('duplicateContact');
        }
        return new RegistrationRepo(trx).insertAccount(
          newAccountRow(
            {
              platformId: platform.id,
              userName: input.userName,
              passwordHash,
              phone: contact.channel === 'phone' ? contact.target : null,
              email: contact.channel === 'email' ? contact.target : null,
              realName: input.realName || null,
              companyName: input.companyName || null,
              accountType: input.accountType,
              roleCode: ROLE_BY_TYPE[input.accountType],
              ...originOf(contact, locale),
            },
            now,
          ),
          newProfileRow(now),
        );
      });
    } catch (error) {
      // Two sign-ups raced for one user name; the unique index let one through.
      if (isUniqueViolation(error)) throw new AppError('userExists');
      throw error;
    }
    const { token } = await this.sessions.open(account.id, false, client);
    return { account, token };
  }

  /**
   * Sets a new password for the live account holding the phone or e-mail the code was sent to, lifts
   * the login throttle and ends every session of the account.
   */
  async forgot(
    platform: PlatformRow,
    input: ForgotRequest,
  ): Promise<{ account: AccountRow; contact: Contact }> {
    const contact = contactOf(input);
    assertNewPassword(platform, 'accountPassword', input.accountPassword, input.confirmPassword);
    const codeId = await this.codes.check(contact, 'forgot', input.verifyCode);
    const account = await accountByContact(this.accounts, platform.id, contact);
    // No code is delivered for a target without an account, so this only happens after a deletion.
    if (!account) throw new AppError('verifyCodeInvalid');
    const passwordHash = await hashPassword(input.accountPassword);
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.codes.consume(trx, codeId);
      await new AccountsRepo(trx).update(account.id, {
        passwordHash,
        updatedAt: iso(this.ctx.clock),
      });
    });
    await new LoginFailuresRepo(this.ctx.db).clearAccount(account);
    await this.sessions.revokeOthers(account.id, 'password');
    return { account, contact };
  }
}
