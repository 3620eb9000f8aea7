import crypto from 'node:crypto';
import {
  type CodePurpose,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_ATTEMPTS,
  VERIFY_CODE_PER_TARGET_PER_HOUR,
  VERIFY_CODE_TTL_MS,
} from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../../auth/tokens.ts';
import { iso } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { AuthState } from '../../types.d.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { AccountsRepo } from './accounts.repo.ts';
import type { CaptchaService } from './captcha.service.ts';
import { accountByContact, type Contact, currentContact } from './contacts.ts';
import { VerificationCodesRepo } from './verification-codes.repo.ts';

const HOUR_MS = 3_600_000;
/** Code rows are kept a day: long enough for the hourly cap and for looking into abuse. */
const KEEP_MS = 24 * HOUR_MS;

export interface CodeRequest {
  contact: Contact;
  purpose: CodePurpose;
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export interface CodeCaller {
  platform: PlatformRow;
  auth: AuthState | null;
  ip: string | null;
  t: Translate;
  log: FastifyBaseLogger;
}

/**
 * The stored form of a code: bound to its channel, target and purpose, and for bind and modify to
 * the account that asked for it, so it proves nothing else and serves no other account.
 */
function hashCode(contact: Contact, purpose: CodePurpose, code: string, accountId: number | null): string {
  const owner = purpose === 'bind' || purpose === 'modify' ? `:${accountId ?? ''}` : '';
  return sha256(`${contact.channel}:${contact.target}:${purpose}${owner}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Verification codes sent by SMS or e-mail (GET /base/BaseAccount/code/phone, /code/email). A code is
 * 6 random digits, valid 10 minutes, stored only as a hash; the newest code of a target and purpose
 * supersedes the earlier ones; it verifies once, and 5 wrong entries void it. At most
 * VERIFY_CODE_PER_TARGET_PER_HOUR codes go to one phone or e-mail per hour.
 */
export class VerificationCodesService {
  private readonly repo: VerificationCodesRepo;
  private readonly accounts: AccountsRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly captchas: CaptchaService,
  ) {
    this.repo = new VerificationCodesRepo(ctx.db);
    this.accounts = new AccountsRepo(ctx.db);
  }

  async send(request: CodeRequest, caller: CodeCaller): Promise<void> {
    const { contact, purpose } = request;
    if (request.captchaId !== undefined || request.captchaCode !== undefined) {
      await this.captchas.verify(request.captchaId, request.captchaCode);
    }
    const deliver = await this.mayDeliver(contact, purpose, caller);
    const now = this.ctx.clock.now();
    const code = String(crypto.randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
    await this.repo.purgeBefore(new Date(now.getTime() - KEEP_MS).toISOString());
    // Insert first, then count: concurrent requests can then never exceed the cap together.
    const row = await this.repo.insert({
      channel: contact.channel,
      target: contact.target,
      purpose,
      codeHash: hashCode(contact, purpose, code, caller.auth?.account.id ?? null),
      attempts: 0,
      expiresAt: new Date(now.getTime() + VERIFY_CODE_TTL_MS).toISOString(),
      // A request that is not delivered still counts towards the cap but can never verify.
      usedAt: deliver ? null : now.toISOString(),
      sourceIp: caller.ip,
      createdAt: now.toISOString(),
    });
    const sent = await this.repo.sentSince(
      contact.channel,
      contact.target,
      new Date(now.getTime() - HOUR_MS).toISOString(),
    );
    if (sent.count > VERIFY_CODE_PER_TARGET_PER_HOUR) {
      await this.repo.delete(row.id);
      const freeAt = Date.parse(sent.oldest ?? now.toISOString()) + HOUR_MS;
      throw new AppError('rateLimited', { seconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) });
    }
    if (!deliver) return;
    try {
      await this.deliver(contact, code, caller);
    } catch (error) {
      caller.log.error({ err: error, channel: contact.channel }, 'verification code not delivered');
      await this.repo.delete(row.id);
      throw new AppError('codeSendFailed');
    }
  }

  /**
   * Whether a code may be sent for this purpose. Sending for "forgot" or "login" never reveals whether
   * an account holds the target: the answer is the same, only nothing is delivered.
   */
  private async mayDeliver(contact: Contact, purpose: CodePurpose, caller: CodeCaller): Promise<boolean> {
    const { platform, auth } = caller;
    const owner = await accountByContact(this.accounts, platform.id, contact);
    switch (purpose) {
      case 'register':
        if (platform.enableRegister !== 1) throw new AppError('registrationClosed');
        if (owner) throw new AppError('duplicateContact');
        return true;
      case 'forgot':
      case 'login':
        return owner !== undefined;
      case 'bind':
      case 'modify': {
        if (!auth) throw new AppError('unauthorized');
        assertMayTake(auth.account, owner, contact, purpose);
        return true;
      }
    }
  }

  private async deliver(contact: Contact, code: string, caller: CodeCaller): Promise<void> {
    const { t, platform } = caller;
    const minutes = VERIFY_CODE_TTL_MS / 60_000;
    if (contact.channel === 'phone') {
      await this.ctx.sms.send(contact.target, t('sms.code', { platform: platform.title, code, minutes }));
      return;
    }
    await this.ctx.mailer.send({
      to: contact.target,
      subject: t('mail.codeSubject', { platform: platform.title }),
      text: t('mail.codeBody', { code, minutes }),
    });
  }

  /**
   * Checks a code typed by the user and answers its id for consume(). Only wrong entries count
   * against the attempts; the check is atomic, so parallel guesses get no more than their share.
   */
  async check(
    contact: Contact,
    purpose: CodePurpose,
    code: string,
    accountId: number | null = null,
  ): Promise<number> {
    const row = await this.repo.newest(contact.channel, contact.target, purpose);
    const now = iso(this.ctx.clock);
    if (!row || row.usedAt || row.expiresAt <= now) throw new AppError('verifyCodeInvalid');
    if (!(await this.repo.takeAttempt(row.id, VERIFY_CODE_MAX_ATTEMPTS)))
      throw new AppError('verifyCodeInvalid');
    if (!sameHash(row.codeHash, hashCode(contact, purpose, code, accountId))) {
      throw new AppError('verifyCodeInvalid');
    }
    await this.repo.returnAttempt(row.id);
    return row.id;
  }

  /**
   * Spends a checked code inside the transaction of the change it authorises: if the change rolls
   * back, the code stays usable; if two changes race, one of them gets the code.
   */
  async consume(trx: Db, id: number): Promise<void> {
    const spent = await new VerificationCodesRepo(trx).consume(id, iso(this.ctx.clock));
    if (!spent) throw new AppError('verifyCodeInvalid');
  }
}

/**
 * Rules for taking a phone or e-mail into the caller's own account: nobody else may hold it; binding
 * only fills an empty field (replacing one needs the current password, via modify*AndPassword).
 */
export function assertMayTake(
  account: AuthState['account'],
  owner: { id: number } | undefined,
  contact: Contact,
  purpose: 'bind' | 'modify',
): void {
  const current = currentContact(account, contact.channel);
  if (current === contact.target) throw fieldError(contact.channel, 'rules.alreadyBound');
  if (owner && owner.id !== account.id) throw new AppError('duplicateContact');
  if (purpose === 'bind' && current) throw fieldError(contact.channel, 'rules.changeInSettings');
}
