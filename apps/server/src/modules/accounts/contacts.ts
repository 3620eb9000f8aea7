import { fieldError } from '../../errors.ts';
import type { AccountRow, AccountsRepo } from './accounts.repo.ts';

/** Where a verification code goes. */
export type CodeChannel = 'phone' | 'email';
export interface Contact {
  channel: CodeChannel;
  /** The phone number as given, or the e-mail address lower-cased (how accounts store it). */
  target: string;
}

export function phoneContact(phone: string): Contact {
  return { channel: 'phone', target: phone.trim() };
}

export function emailContact(email: string): Contact {
  return { channel: 'email', target: email.trim().toLowerCase() };
}

/**
 * Exactly one of phone or e-mail: the verification code proves one of them, so a second one would be
 * stored unproven.
 */
export function contactOf(input: { phone?: string | undefined; email?: string | undefined }): Contact {
  if (input.phone && input.email) throw fieldError('email', 'rules.phoneOrEmailOnly');
  if (input.phone) return phoneContact(input.phone);
  if (input.email) return emailContact(input.email);
  throw fieldError('phone', 'rules.phoneOrEmail');
}

/** The live account of a platform holding a phone or e-mail. */
export function accountByContact(repo: AccountsRepo, platformId: number, contact: Contact) {
  return contact.channel === 'phone'
    ? repo.byPhone(platformId, contact.target)
    : repo.byEmail(platformId, contact.target);
}

/** The caller's current value of the contact's field. */
export function currentContact(account: Pick<AccountRow, 'phone' | 'email'>, channel: CodeChannel) {
  return channel === 'phone' ? account.phone : account.email;
}

/** The account column a contact is stored in, as an update. */
export function contactColumn(contact: Contact): { phone: string } | { email: string } {
  return contact.channel === 'phone' ? { phone: contact.target } : { email: contact.target };
}
