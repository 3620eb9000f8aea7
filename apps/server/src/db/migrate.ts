import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { isPostgres } from './create-db.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_account_identity.ts';
import * as m0003 from './migrations/0003_devices.ts';
import * as m0004 from './migrations/0004_telemetry.ts';
import * as m0005 from './migrations/0005_notices.ts';
import * as m0006 from './migrations/0006_device_quick_search.ts';
import * as m0007 from './migrations/0007_organizations.ts';
import * as m0008 from './migrations/0008_alarms.ts';
import * as m0009 from './migrations/0009_projects_assets.ts';
import * as m0010 from './migrations/0010_sharing.ts';
import * as m0011 from './migrations/0011_users_roles_downloads.ts';
import * as m0012 from './migrations/0012_waybills.ts';
import * as m0013 from './migrations/0013_delivery.ts';
import * as m0014 from './migrations/0014_push_record_device.ts';
import * as m0015 from './migrations/0015_share_invitations.ts';
import * as m0016 from './migrations/0016_login_failures.ts';
import * as m0017 from './migrations/0017_service_packages.ts';
import * as m0018 from './migrations/0018_payments.ts';
import * as m0019 from './migrations/0019_invoices.ts';
import * as m0020 from './migrations/0020_device_service.ts';
import * as m0021 from './migrations/0021_sims_guids.ts';
import * as m0022 from './migrations/0022_firmware.ts';
import * as m0023 from './migrations/0023_platform_system.ts';

/** Numbered migrations, in order; each runs on SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_account_identity': m0002,
  '0003_devices': m0003,
  '0004_telemetry': m0004,
  '0005_notices': m0005,
  '0006_device_quick_search': m0006,
  '0007_organizations': m0007,
  '0008_alarms': m0008,
  '0009_projects_assets': m0009,
  '0011_users_roles_downloads': m0011,
  '0010_sharing': m0010,
  '0012_waybills': m0012,
  '0013_delivery': m0013,
  '0014_push_record_device': m0014,
  '0015_share_invitations': m0015,
  '0016_login_failures': m0016,
  '0021_sims_guids': m0021,
  '0017_service_packages': m0017,
  '0018_payments': m0018,
  '0019_invoices': m0019,
  '0020_device_service': m0020,
  '0022_firmware': m0022,
  '0023_platform_system': m0023,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours so that several
  // databases in one PostgreSQL (one schema each) do not see each other's.
  const schema = isPostgres(db)
    ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
    : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
