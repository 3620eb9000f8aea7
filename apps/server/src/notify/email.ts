import type { FastifyBaseLogger as Logger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when messages leave the machine (SMTP_URL set). */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message is written to the server log so a demo still shows
 * the verification code (recorded in docs/decisions.md).
 */
export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(message) {
        log.warn(
          { to: message.to, subject: message.subject, text: message.text },
          'SMTP_URL not set; e-mail logged',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
