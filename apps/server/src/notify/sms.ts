import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';

/** A carrier that sends text messages. Real carriers plug in behind this interface. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/**
 * The sandbox carrier: accepts a message as a carrier would (validates the number and length) and
 * records it, so the back office and the tests can read exactly what would have been sent.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(phone: string, content: string): Promise<void> {
    if (!/^\+?\d{6,15}$/.test(phone)) throw new Error(`sandbox carrier refused number ${phone}`);
    if (content.length > 500) throw new Error('sandbox carrier refused a message over 500 characters');
    await this.db
      .insertInto('smsMessage')
      .values({
        provider: this.name,
        phone,
        content,
        status: 'sent',
        createdAt: this.clock.now().toISOString(),
      })
      .execute();
  }
}
