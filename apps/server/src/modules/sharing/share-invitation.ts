import { EMAIL_PATTERN, type Locale, PHONE_PATTERN } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../errors.ts';
import { translate } from '../../i18n/i18n.ts';
import { type Contact, emailContact, phoneContact } from '../accounts/contacts.ts';

/**
 * The phone or e-mail a share names, or null for a user name. User names start with a letter or a
 * Chinese character and hold no "@", so neither form can be mistaken for one.
 */
export function shareContact(who: string): Contact | null {
  const value = who.trim();
  if (value.includes('@')) {
    if (!EMAIL_PATTERN.test(value)) throw fieldError('account', 'rules.email');
    return emailContact(value);
  }
  return PHONE_PATTERN.test(value) ? phoneContact(value) : null;
}

/** The recipient a batch share body names, for the invitation rate limit (which runs before the handler). */
export function contactInBody(body: unknown): Contact | null {
  if (typeof body !== 'object' || body === null || !('account' in body)) return null;
  const { account } = body;
  if (typeof account !== 'string') return null;
  try {
    return shareContact(account);
  } catch {
    return null;
  }
}

/**
 * Invites someone without an account to register, by SMS or e-mail through the platform's senders
 * (like organization invitations). The share stands when the message cannot be sent; the answer says
 * whether it went out.
 */
export async function sendShareInvitation(
  ctx: Pick<AppContext, 'mailer' | 'sms' | 'config'>,
  locale: Locale,
  contact: Contact,
  share: { owner: string; count: number },
): Promise<boolean> {
  const base = ctx.config.publicUrl?.replace(/\/+$/, '');
  const params = { owner: share.owner, count: share.count, url: base ? `${base}/user/register` : '' };
  const t = (key: string) => translate(locale, key, params);
  try {
    if (contact.channel === 'phone') await ctx.sms.send(contact.target, t('sms.shareInviteRegister'));
    else
      await ctx.mailer.send({
        to: contact.target,
        subject: t('mail.shareInviteSubject'),
        text: t('mail.shareInviteRegisterBody'),
      });
    return true;
  } catch {
    return false;
  }
}
