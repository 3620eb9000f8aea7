import { DEFAULT_LOCALE } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { wallClock } from '../../history/time-format.ts';
import { translate } from '../../i18n/i18n.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import type { AccountRow } from './accounts.repo.ts';

/**
 * Tells an account's owner that logins to it keep failing: by e-mail when the account has one, else by
 * SMS, in the owner's language (English for the overseas edition) and time zone. Nothing is sent to an
 * account with neither.
 */
export async function sendLoginAlert(
  ctx: AppContext,
  platform: PlatformRow,
  account: AccountRow,
  address: string,
  at: Date,
): Promise<void> {
  const locale = account.foreignFlag === 1 ? 'en-US' : DEFAULT_LOCALE;
  const clock = wallClock(account.timeZone);
  const vars = {
    platform: platform.title,
    userName: account.userName,
    address,
    time: `${clock.format(at.getTime())} (${clock.zone})`,
  };
  if (account.email) {
    await ctx.mailer.send({
      to: account.email,
      subject: translate(locale, 'mail.loginAlertSubject', vars),
      text: translate(locale, 'mail.loginAlertBody', vars),
    });
  } else if (account.phone) {
    await ctx.sms.send(account.phone, translate(locale, 'sms.loginAlert', vars));
  }
}
