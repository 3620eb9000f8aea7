import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { AuditService } from './audit/audit.service.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { createDb, type Db, type Dialect, dialectOf } from './db/create-db.ts';
import { createMailer, type Mailer } from './notify/email.ts';
import { SandboxSmsProvider, type SmsProvider } from './notify/sms.ts';
import { TelemetryEvents } from './telemetry/telemetry-events.ts';

/** Everything a module needs from the outside world, built once per app. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  sms: SmsProvider;
  audit: AuditService;
  /** Key deriving per-device secrets (ingest/device-credentials.ts). */
  deviceKey: string;
  /** Committed readings, events and device states from ingest (live view, alarms subscribe). */
  telemetryEvents: TelemetryEvents;
}

export interface ContextOverrides {
  db?: Db;
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsProvider;
  auditKey?: string;
}

/**
 * The audit key from AUDIT_KEY, else a key file created once under DATA_DIR. Nodes sharing one
 * database must share the key (set AUDIT_KEY).
 */
export function resolveAuditKey(config: Config): string {
  return config.auditKey ?? keyFile(config.dataDir, 'audit.key');
}

/** The device key from DEVICE_KEY, else a key file under DATA_DIR; nodes must share it. */
export function resolveDeviceKey(config: Config): string {
  return config.deviceKey ?? keyFile(config.dataDir, 'device.key');
}

/** A random key kept in a file created once (mode 600). */
function keyFile(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export function createContext(config: Config, log: Logger, overrides: ContextOverrides = {}): AppContext {
  const clock = overrides.clock ?? systemClock;
  const db = overrides.db ?? createDb(config.databaseUrl);
  return {
    config,
    db,
    dialect: dialectOf(config.databaseUrl),
    clock,
    mailer: overrides.mailer ?? createMailer(config.smtpUrl, config.mailFrom, log),
    sms: overrides.sms ?? new SandboxSmsProvider(db, clock),
    audit: new AuditService(db, overrides.auditKey ?? resolveAuditKey(config), clock),
    deviceKey: resolveDeviceKey(config),
    telemetryEvents: new TelemetryEvents(),
  };
}
