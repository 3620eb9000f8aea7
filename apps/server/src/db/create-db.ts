import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** Anything that runs queries: a Kysely instance or a transaction, of any schema. */
interface HasExecutor {
  getExecutor(): { readonly adapter: unknown };
}

export function isPostgres(db: HasExecutor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at `begin`, where busy_timeout waits for
 * another process's writer. A deferred transaction that reads first and writes later cannot wait: if
 * another process committed since its read, SQLite refuses it at once (SQLITE_BUSY). Several server
 * processes sharing one file meet exactly that.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

export interface CreateDbOptions {
  /** PostgreSQL schema to use (tests give each app a fresh one). */
  schema?: string;
  poolSize?: number;
}

/** Opens the database named by url: `postgres://...`, `sqlite:///path/file.db` or a file path. */
export function createDb(url: string, options: CreateDbOptions = {}): Db {
  const plugins = [new CamelCasePlugin()];
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  const file = url.replace(/^sqlite:\/\//, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: audit entries and account changes must survive a power cut once acknowledged.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }), plugins });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<Db, SqliteDatabase.Database>();

/**
 * The better-sqlite3 connection behind a Kysely instance made by createDb, for the telemetry writer's
 * prepared statements. Use it only inside `db.connection().execute(...)`, which holds Kysely's
 * connection lock, so a write never lands inside another caller's open transaction.
 */
export function sqliteHandleOf(db: Db): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}
