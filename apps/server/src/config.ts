import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Every environment variable the server reads; README's configuration table lists the same. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Coldchain Cloud <no-reply@coldchain.local>'),
  SMS_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  DEMO_PASSWORD: z.string().min(6).default('Demo@2026'),
  SEED_DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  OLD_PLATFORM_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CODE_PER_MINUTE: z.coerce.number().int().positive().default(5),
  AUDIT_KEY: z.string().min(32).optional(),
  DEVICE_KEY: z.string().min(32).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** sqlite file path or postgres connection string */
  databaseUrl: string;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPassword: string;
  seedDemo: boolean;
  logLevel: RawConfig['LOG_LEVEL'];
  trustProxy: boolean;
  oldPlatformUrl: string | undefined;
  webDist: string;
  rateLimits: { loginPerMinute: number; codePerMinute: number };
  bodyLimit: number;
  /** HMAC key of the audit chain; else a key file under dataDir */
  auditKey: string | undefined;
  /** HMAC key deriving device secrets; else a key file under dataDir */
  deviceKey: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL ?? `sqlite://${path.join(dataDir, 'coldchain.db')}`,
    publicUrl: c.PUBLIC_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    demoPassword: c.DEMO_PASSWORD,
    seedDemo: c.SEED_DEMO ?? true,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY ?? false,
    oldPlatformUrl: c.OLD_PLATFORM_URL,
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    rateLimits: {
      loginPerMinute: c.RATE_LIMIT_LOGIN_PER_MINUTE,
      codePerMinute: c.RATE_LIMIT_CODE_PER_MINUTE,
    },
    bodyLimit: c.BODY_LIMIT_BYTES,
    auditKey: c.AUDIT_KEY,
    deviceKey: c.DEVICE_KEY,
  };
}
