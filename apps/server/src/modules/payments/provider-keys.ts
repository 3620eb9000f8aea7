import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * The key that encrypts payment provider secrets at rest: PAYMENT_KEY (at least 32 characters; nodes
 * sharing one database must share it), else a random key kept in DATA_DIR/payment.key (mode 600),
 * like the audit and device keys (context.ts). The sandbox also signs its notices with a key derived
 * from it.
 */
export function resolvePaymentKey(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  const given = env.PAYMENT_KEY;
  if (given !== undefined) {
    if (given.length < 32) throw new Error('PAYMENT_KEY must hold at least 32 characters');
    return given;
  }
  const file = path.join(config.dataDir, 'payment.key');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const VERSION = 'v1';

/** A 32-byte subkey of the payment key for one purpose (HKDF-SHA256). */
export function deriveKey(paymentKey: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', paymentKey, 'coldchain-payments', purpose, 32));
}

/**
 * Encrypts and decrypts provider secrets with AES-256-GCM. The additional data binds a ciphertext to
 * its platform and provider, so a secret copied onto another row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(paymentKey: string) {
    this.key = deriveKey(paymentKey, 'provider-secrets');
  }

  seal(plain: string, binding: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(binding));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(':');
  }

  open(sealed: string, binding: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || data === undefined)
      throw new Error('unreadable provider secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(binding));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** The binding of a platform's provider secret. */
export const secretBinding = (platformId: number, provider: string) => `${platformId}:${provider}`;
