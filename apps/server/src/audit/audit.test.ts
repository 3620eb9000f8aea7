import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, login, PG_TEST_URL, TEST_DIALECT, type TestApp } from '../test/harness.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Writes a few real entries through the API: logins, a platform insert and update. */
async function writeTrail(t: TestApp): Promise<void> {
  const token = await login(t.app, 'demo_operator');
  const created = await call<{ id: number }>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
    token,
    body: { topDomain: 'cold.example.com', title: 'Cold Example' },
  });
  await call(t.app, 'PUT', '/api/base/BaseCustomPage/update', {
    token,
    body: { id: created.data.id, title: 'Cold Example 2' },
  });
  await login(t.app, 'demo_user');
}

/** The environment a command-line process needs to open this test's database and audit key. */
function cliEnv(t: TestApp): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: t.config.dataDir,
    DATABASE_URL:
      TEST_DIALECT === 'postgres'
        ? `${PG_TEST_URL}?options=-csearch_path%3D${t.where}`
        : t.config.databaseUrl,
    LOG_LEVEL: 'silent',
  };
}

describe('hash-chained audit trail', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await writeTrail(t);
  });
  afterEach(async () => t.close());

  const db = () => t.app.ctx.db;

  it('verifies an untouched trail, with old and new values of a change', async () => {
    const result = await t.app.ctx.audit.verify();
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(result.entries).toBeGreaterThanOrEqual(4);
    const update = await db()
      .selectFrom('operationLog')
      .selectAll()
      .where('action', '=', 'platform.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(update.oldValue ?? '{}').title).toBe('Cold Example');
    expect(JSON.parse(update.newValue ?? '{}').title).toBe('Cold Example 2');
    expect(update.accountName).toBe('demo_operator');
    expect(update.createdAt).toMatch(/Z$/);
  });

  it('detects an entry altered in the database', async () => {
    await db()
      .updateTable('operationLog')
      .set({ newValue: '{"title":"forged"}' })
      .where('action', '=', 'platform.update')
      .execute();
    const result = await t.app.ctx.audit.verify();
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.kind)).toContain('altered');
  });

  it('detects an entry deleted from the middle', async () => {
    await db().deleteFrom('operationLog').where('seq', '=', 2).execute();
    const result = await t.app.ctx.audit.verify();
    expect(result.problems).toContainEqual({ kind: 'missing', seq: 2 });
  });

  it('detects the newest entry deleted', async () => {
    const head = await db().selectFrom('auditHead').select('seq').executeTakeFirstOrThrow();
    await db().deleteFrom('operationLog').where('seq', '=', head.seq).execute();
    const result = await t.app.ctx.audit.verify();
    expect(result.problems.map((p) => p.kind)).toContain('tailMissing');
  });

  it('detects two entries swapped in order', async () => {
    // Swap positions 2 and 3 by exchanging their seq numbers (via a free value, seq is unique).
    await db().updateTable('operationLog').set({ seq: -1 }).where('seq', '=', 2).execute();
    await db().updateTable('operationLog').set({ seq: 2 }).where('seq', '=', 3).execute();
    await db().updateTable('operationLog').set({ seq: 3 }).where('seq', '=', -1).execute();
    const result = await t.app.ctx.audit.verify();
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.kind)).toEqual(expect.arrayContaining(['reordered']));
  });

  it('detects a whole rewritten row whose hash was recomputed without the key', async () => {
    await sql`update operation_log set account_name = 'someone', hash = prev_hash where seq = 1`.execute(
      db(),
    );
    expect((await t.app.ctx.audit.verify()).ok).toBe(false);
  });

  it('keeps one unbroken chain when another process appends at the same time', async () => {
    const before = (await t.app.ctx.audit.verify()).entries;
    const worker = run('npx', ['tsx', 'apps/server/src/audit/append-worker.ts'], {
      cwd: ROOT,
      env: { ...cliEnv(t), APPEND_COUNT: '30' },
    });
    // Keep appending here for as long as the worker runs, so the two really overlap.
    let done = false;
    const finished = worker.finally(() => {
      done = true;
    });
    let local = 0;
    while (!done && local < 5000) {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          t.app.ctx.audit.append({
            platformId: 1,
            accountId: null,
            accountName: `local ${local++}`,
            action: 'test.append',
            entityType: 'test',
            sourceIp: null,
          }),
        ),
      );
    }
    await finished;
    expect(await t.app.ctx.audit.verify()).toMatchObject({ ok: true, entries: before + 30 + local });
  });

  it('the verify command exits 0 on an intact trail and 1 on a broken one', async () => {
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL:
        TEST_DIALECT === 'postgres'
          ? `${PG_TEST_URL}?options=-csearch_path%3D${t.where}`
          : t.config.databaseUrl,
      LOG_LEVEL: 'silent',
    };
    const intact = await run('npx', ['tsx', 'apps/server/src/audit/verify-cli.ts'], { cwd: ROOT, env });
    expect(intact.stdout).toMatch(/audit trail intact: \d+ entries verified/);
    await db().updateTable('operationLog').set({ action: 'nothing.happened' }).where('seq', '=', 1).execute();
    const broken = await run('npx', ['tsx', 'apps/server/src/audit/verify-cli.ts'], { cwd: ROOT, env }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/seq 1: altered/);
  });
});
