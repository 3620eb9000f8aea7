import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { resolveAuditKey } from '../context.ts';
import { createDb } from '../db/create-db.ts';
import { AuditService } from './audit.service.ts';

/**
 * A second writer for the audit tests: appends APPEND_COUNT entries to the configured database from
 * its own process, as another server node would.
 */
const config = loadConfig();
const db = createDb(config.databaseUrl);
const audit = new AuditService(db, resolveAuditKey(config), systemClock);
const count = Number(process.env.APPEND_COUNT ?? 20);
await Promise.all(
  Array.from({ length: count }, (_, n) =>
    audit.append({
      platformId: null,
      accountId: null,
      accountName: `worker ${n}`,
      action: 'test.append',
      entityType: 'test',
      sourceIp: null,
    }),
  ),
);
await db.destroy();
