import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';

/** A carrier that sends text messages. Real carriers plug in behind this interface. */
export interface SmsProvider {
  readonly name: string;
  /**
   * Sends one text. With an idempotency key the carrier accepts one message per key, so sending again
   * after a crash that hid the first answer does not reach the phone twice.
   */
  send(phone: string, content: string, idempotencyKey?: string): Promise<void>;
}

/** A carrier that reads a text out in a phone call. */
export interface VoiceProvider {
  readonly name: string;
  call(phone: string, content: string, idempotencyKey?: string): Promise<void>;
}

/**
 * WeChat template messages to the official account's followers. No WeChat connection exists here, so
 * only the sandbox implements it (docs/decisions.md).
 */
export interface WechatProvider {
  readonly name: string;
  notify(recipient: string, content: string, idempotencyKey?: string): Promise<void>;
}

/** Longest text the sandbox carrier accepts in one message, like a concatenated SMS. */
export const CARRIER_CONTENT_MAX = 500;

/**
 * The sandbox carrier: accepts a message as a carrier would (validates the number and length) and
 * records it in sms_message with its channel, so the back office and the tests can read exactly what
 * would have been sent. A key already recorded is accepted again without a second message.
 */
export class SandboxSmsProvider implements SmsProvider, VoiceProvider, WechatProvider {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  send(phone: string, content: string, idempotencyKey?: string): Promise<void> {
    return this.record('sms', phone, content, idempotencyKey);
  }

  call(phone: string, content: string, idempotencyKey?: string): Promise<void> {
    return this.record('voice', phone, content, idempotencyKey);
  }

  notify(recipient: string, content: string, idempotencyKey?: string): Promise<void> {
    return this.record('wechat', recipient, content, idempotencyKey);
  }

  private async record(
    channel: 'sms' | 'voice' | 'wechat',
    phone: string,
    content: string,
    idempotencyKey: string | undefined,
  ): Promise<void> {
    if (!/^\+?\d{6,15}$/.test(phone)) throw new Error(`sandbox carrier refused number ${phone}`);
    if (content.length > CARRIER_CONTENT_MAX)
      throw new Error(`sandbox carrier refused a message over ${CARRIER_CONTENT_MAX} characters`);
    await this.db
      .insertInto('smsMessage')
      .values({
        provider: this.name,
        channel,
        phone,
        content,
        status: 'sent',
        idempotencyKey: idempotencyKey ?? null,
        createdAt: this.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .execute();
  }
}
