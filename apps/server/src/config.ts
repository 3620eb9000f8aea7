import os from 'node:os';
import path from 'node:path';
import { INACTIVITY_TIMEOUT_MS, QUICK_SEARCH_RATE_PER_MINUTE, UPGRADE_TIMEOUT_MS } from '@coldchain/shared';
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
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().positive().default(QUICK_SEARCH_RATE_PER_MINUTE),
  AUDIT_KEY: z.string().min(32).optional(),
  DEVICE_KEY: z.string().min(32).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().max(50).default('coldchain:'),
  PDF_FONT_PATH: z.string().default('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'),
  /** Map tiles for Leaflet ({z}/{x}/{y}); the console still works when they cannot load. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  MQTT_ENABLED: flag,
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|tcp|tls|wss?):\/\//, 'mqtt://, mqtts://, tcp://, tls://, ws:// or wss:// URL')
    .optional(),
  MQTT_CLIENT_ID: z.string().min(1).max(64).optional(),
  MQTT_SHARED_CONNECTIONS: z.coerce.number().int().min(1).max(16).default(2),
  MQTT_SHARED_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('coldchain'),
  TELEMETRY_FLUSH_MS: z.coerce.number().int().min(0).max(1000).default(4),
  TELEMETRY_MAX_BATCH: z.coerce.number().int().min(1).max(100_000).default(8000),
  INACTIVITY_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(INACTIVITY_TIMEOUT_MS),
  UPGRADE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(UPGRADE_TIMEOUT_MS),
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
  rateLimits: { loginPerMinute: number; codePerMinute: number; publicPerMinute: number };
  bodyLimit: number;
  /** HMAC key of the audit chain; else a key file under dataDir */
  auditKey: string | undefined;
  /** HMAC key deriving device secrets; else a key file under dataDir */
  deviceKey: string | undefined;
  /** Redis for live fan-out between server nodes; unset: in process */
  redisUrl: string | undefined;
  /** prefix of this deployment's Redis channels */
  redisPrefix: string;
  /** CJK-capable font for PDF exports (.ttf, .otf or .ttc) */
  pdfFontPath: string;
  /** Leaflet tile URL template and its attribution (waybill and device maps). */
  mapTileUrl: string;
  mapTileAttribution: string;
  mqtt: {
    /** MQTT_ENABLED: false runs without MQTT (HTTP ingest still works) */
    enabled: boolean;
    /** embedded broker's port and address */
    port: number;
    host: string;
    /** external broker; when set, the embedded broker is not started */
    url: string | undefined;
    /** this node's client id at the external broker (stable across restarts) */
    clientId: string;
    /** subscriber connections per node at the external broker */
    connections: number;
    /** shared-subscription group the nodes of one platform join */
    group: string;
  };
  telemetry: {
    /** group commit window, ms */
    flushMs: number;
    /** readings per batch at most */
    maxBatchReadings: number;
  };
  /** Idle logout of enableProtect + enableFda accounts, in ms (000 §9: 5 minutes; tests shorten it) */
  inactivityTimeoutMs: number;
  /** An online upgrade whose device stays silent this long fails, in ms (002 §9: about ten minutes) */
  upgradeTimeoutMs: number;
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
      publicPerMinute: c.RATE_LIMIT_PUBLIC_PER_MINUTE,
    },
    bodyLimit: c.BODY_LIMIT_BYTES,
    auditKey: c.AUDIT_KEY,
    deviceKey: c.DEVICE_KEY,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    pdfFontPath: c.PDF_FONT_PATH,
    mapTileUrl: c.MAP_TILE_URL,
    mapTileAttribution: c.MAP_TILE_ATTRIBUTION,
    mqtt: {
      enabled: c.MQTT_ENABLED ?? true,
      port: c.MQTT_PORT,
      host: c.MQTT_HOST ?? c.HOST,
      url: c.MQTT_URL,
      clientId: c.MQTT_CLIENT_ID ?? `coldchain-${os.hostname()}-${c.PORT}`.slice(0, 64),
      connections: c.MQTT_SHARED_CONNECTIONS,
      group: c.MQTT_SHARED_GROUP,
    },
    telemetry: { flushMs: c.TELEMETRY_FLUSH_MS, maxBatchReadings: c.TELEMETRY_MAX_BATCH },
    inactivityTimeoutMs: c.INACTIVITY_TIMEOUT_MS,
    upgradeTimeoutMs: c.UPGRADE_TIMEOUT_MS,
  };
}
