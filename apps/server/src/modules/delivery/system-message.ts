import { DEFAULT_LOCALE, type Locale } from '@coldchain/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { translate } from '../../i18n/i18n.ts';

/** Why delivery wrote to an owner's message centre. */
export type DeliverySystemReason = 'smsCountExhausted' | 'voiceCountExhausted';

export interface SystemMessage {
  platformId: number;
  accountId: number;
  deviceId: number | null;
  reason: DeliverySystemReason;
  createdAt: string;
}

/**
 * Puts a system message in the account's message centre: an alarm_message row of type and cause
 * system, stateKey `delivery:<reason>`, its text (`delivery.system.<reason>`) stored in the owner's
 * language: English for overseas accounts, the platform default otherwise (accounts keep no language).
 */
export async function insertSystemMessage(
  trx: Kysely<Database> | Transaction<Database>,
  message: SystemMessage,
): Promise<number> {
  const owner = await trx
    .selectFrom('account')
    .select('foreignFlag')
    .where('id', '=', message.accountId)
    .executeTakeFirst();
  const locale: Locale = owner?.foreignFlag === 1 ? 'en-US' : DEFAULT_LOCALE;
  const row = await trx
    .insertInto('alarmMessage')
    .values({
      platformId: message.platformId,
      accountId: message.accountId,
      deviceId: message.deviceId,
      messageType: 'system',
      cause: 'system',
      stateKey: `delivery:${message.reason}`,
      content: translate(locale, `delivery.system.${message.reason}`),
      state: 'untreated',
      newFlag: 1,
      createdAt: message.createdAt,
      updatedAt: message.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
