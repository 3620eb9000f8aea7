import type { ContactChannel } from '../../../api/auth.ts';

/** The phone or the e-mail the code went to, as the calls take it (exactly one of the two). */
export function contactOf(
  channel: ContactChannel,
  values: { phone?: string; email?: string },
): { phone: string } | { email: string } {
  return channel === 'phone'
    ? { phone: (values.phone ?? '').trim() }
    : { email: (values.email ?? '').trim() };
}
