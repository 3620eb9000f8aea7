import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { resolveAuditKey } from '../context.ts';
import { createDb } from '../db/create-db.ts';
import { AuditService } from './audit.service.ts';

/**
 * `npm run audit:verify`: walks the operation-log chain of the configured database and exits 1 when
 * any entry was altered, deleted or reordered outside the application.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  try {
    const result = await new AuditService(db, resolveAuditKey(config), systemClock).verify();
    if (result.ok) {
      process.stdout.write(`audit trail intact: ${result.entries} entries verified\n`);
      return;
    }
    process.stdout.write(
      `audit trail BROKEN: ${result.problems.length} problem(s) in ${result.entries} entries\n`,
    );
    for (const p of result.problems) process.stdout.write(`  seq ${p.seq}: ${p.kind}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
