import type { AddressInfo } from 'node:net';
import { CAPTCHA_ID_HEADER } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { call } from '../../test/harness.ts';
import { newPlatformRow } from '../platforms/new-platform.ts';

/** Helpers for the account tests: a real SMTP server, and codes read from what was sent. */

/** A message as the SMTP server received it, with the text part decoded. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses the single-part text messages the platform sends. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'latin1').toString('utf8');
  return { to, subject: decodeWords(header('Subject')), text: text.trim() };
}

/**
 * A real SMTP server on a free local port, for tests that read the verification code from the
 * e-mail the platform sent. Point the app at `url` through SMTP_URL.
 */
export async function startSmtp() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('latin1'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to an address. */
    lastTo(address: string): ReceivedMail | undefined {
      return messages.filter((m) => m.to.includes(address)).at(-1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** The 6-digit code in a message text. */
export function codeIn(text: string | undefined): string {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  if (!code) throw new Error(`no verification code in: ${text}`);
  return code;
}

/** A fresh captcha from newVerify, answered as the login fields; the answer is read from the database. */
export async function solvedCaptcha(
  app: FastifyInstance,
): Promise<{ captchaId: string; captchaCode: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/base/BaseAccount/newVerify' });
  const captchaId = String(response.headers[CAPTCHA_ID_HEADER.toLowerCase()] ?? '');
  const row = await app.ctx.db
    .selectFrom('captcha')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  return { captchaId, captchaCode: row.answer };
}

export const CODE_PHONE = '/api/base/BaseAccount/code/phone';
export const CODE_EMAIL = '/api/base/BaseAccount/code/email';

/** The newest text message the sandbox carrier recorded for a phone. */
export async function lastSms(app: FastifyInstance, phone: string): Promise<string | undefined> {
  const row = await app.ctx.db
    .selectFrom('smsMessage')
    .select('content')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.content;
}

/** Asks for a code by SMS and answers the code the carrier delivered. */
export async function smsCode(
  app: FastifyInstance,
  phone: string,
  purpose: 'register' | 'forgot' | 'bind' | 'modify',
  token?: string,
): Promise<string> {
  const answer = await call(app, 'GET', CODE_PHONE, {
    query: { phone, purpose },
    ...(token ? { token } : {}),
  });
  if (answer.code !== 0) throw new Error(`code for ${phone} refused: ${answer.msg}`);
  return codeIn(await lastSms(app, phone));
}

/** Asks for a code by e-mail and answers the code the SMTP server received. */
export async function mailCode(
  app: FastifyInstance,
  smtp: TestSmtp,
  email: string,
  purpose: 'register' | 'forgot' | 'bind' | 'modify',
  token?: string,
): Promise<string> {
  const before = smtp.messages.length;
  const answer = await call(app, 'GET', CODE_EMAIL, {
    query: { email, purpose },
    ...(token ? { token } : {}),
  });
  if (answer.code !== 0) throw new Error(`code for ${email} refused: ${answer.msg}`);
  if (smtp.messages.length === before) throw new Error(`no e-mail reached ${email}`);
  return codeIn(smtp.lastTo(email.trim().toLowerCase())?.text);
}

let phoneCounter = 0;
/** A fresh mainland mobile number per call. */
export function newPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A white-label platform served at its own host name. */
export async function createPlatform(
  app: FastifyInstance,
  options: { topDomain: string; enableRegister?: 0 | 1; passwordPolicy?: 'twoKinds' | 'fourKinds' },
) {
  const now = new Date().toISOString();
  return app.ctx.db
    .insertInto('platform')
    .values(
      newPlatformRow(
        {
          topDomain: options.topDomain,
          title: `Platform ${options.topDomain}`,
          enableHttps: 0,
          themeColor: '#547DF2',
          enableRegister: options.enableRegister ?? 1,
          passwordPolicy: options.passwordPolicy ?? 'twoKinds',
        },
        now,
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
