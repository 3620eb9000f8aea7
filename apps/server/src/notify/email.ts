import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A stable Message-ID (`<id@host>`): a message sent again after a crash carries the same one. */
  messageId?: string;
}

export interface Mailer {
  /** True when messages leave the machine (SMTP_URL set). */
  readonly delivers: boolean;
  /** smtp, or log when no SMTP server is configured. */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message is written to the server log so a demo still shows
 * the verification code (recorded in docs/decisions.md). `pool` keeps connections open between
 * messages (alarm e-mails, where every round trip adds to the alarm's latency).
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  log: Logger,
  options: { pool?: boolean } = {},
): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      name: 'log',
      async send(message) {
        log.warn(
          { to: message.to, subject: message.subject, text: message.text },
          'SMTP_URL not set; e-mail logged',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(withTimeouts(smtpUrl, options.pool === true));
  return {
    delivers: true,
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Bounded waits unless SMTP_URL sets its own: an alarm e-mail's attempt must end well inside the
 * outbox lease (DELIVERY_LEASE_MS), or a slow server would see the message sent twice.
 */
function withTimeouts(smtpUrl: string, pool: boolean): string {
  const url = new URL(smtpUrl);
  // Pooled: connections stay open between messages, so a message costs no connect and greeting.
  if (pool && !url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 15_000],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}
