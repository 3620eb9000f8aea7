import { type AlarmCount, ERRORS } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';

const COUNT = '/api/device/alarm/count';
const MARK_READ = '/api/device/alarm/markRead';
const HANDLE = '/api/device/alarm/handle';

describe('alarm badge count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function addAlarm(accountId: number, state: string, newFlag: 0 | 1) {
    const platform = await t.app.ctx.db
      .selectFrom('account')
      .select('platformId')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    await t.app.ctx.db
      .insertInto('alarmMessage')
      .values({
        platformId: platform.platformId,
        accountId,
        deviceId: null,
        messageType: 'temperatureHigh',
        state,
        newFlag,
        createdAt: new Date().toISOString(),
      })
      .execute();
  }

  it("counts the caller's untreated alarms and the unseen ones, and clears the new flag", async () => {
    const { account, password } = await createAccount(t.app);
    const { account: other } = await createAccount(t.app);
    const token = await login(t.app, account.userName, password);

    const empty = await call<AlarmCount>(t.app, 'GET', COUNT, { token });
    expect(empty.data).toEqual({ newFlagOneCount: 0, totalCount: 0 });

    await addAlarm(account.id, 'untreated', 1);
    await addAlarm(account.id, 'untreated', 1);
    await addAlarm(account.id, 'untreated', 0);
    await addAlarm(account.id, 'treated', 1);
    await addAlarm(account.id, 'cleared', 0);
    await addAlarm(other.id, 'untreated', 1);

    const counted = await call<AlarmCount>(t.app, 'GET', COUNT, { token });
    expect(counted.data).toEqual({ newFlagOneCount: 2, totalCount: 3 });

    const marked = await call<{ updated: number }>(t.app, 'POST', MARK_READ, { token });
    expect(marked.data.updated).toBe(3);
    const seen = await call<AlarmCount>(t.app, 'GET', COUNT, { token });
    expect(seen.data).toEqual({ newFlagOneCount: 0, totalCount: 3 });

    // The other account's alarm is untouched.
    const otherRow = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select('newFlag')
      .where('accountId', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(otherRow.newFlag).toBe(1);
  });

  it('lets a postponed alarm be approved or rejected once, even by two clicks at the same time', async () => {
    const { account, password } = await createAccount(t.app);
    const token = await login(t.app, account.userName, password);
    await addAlarm(account.id, 'untreated', 1);
    const { id } = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select('id')
      .where('accountId', '=', account.id)
      .executeTakeFirstOrThrow();
    const handle = (treatment: string) =>
      call<{ updated: number }>(t.app, 'PUT', HANDLE, {
        token,
        body: { ids: [id], treatment, reason: 'defrost' },
      });
    expect((await handle('postponed')).data).toEqual({ updated: 1 });

    const answers = await Promise.all([handle('approved'), handle('rejected')]);
    const landed = answers.filter((a) => a.code === 0 && a.data.updated === 1);
    expect(landed).toHaveLength(1);
    const row = await t.app.ctx.db
      .selectFrom('alarmMessage')
      .select(['state', 'treatment'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('treated');
    expect(['approved', 'rejected']).toContain(row.treatment);
    expect((await handle('approved')).code).toBe(ERRORS.alarmAlreadyHandled.code);
  });

  it('needs a session and the message centre permission', async () => {
    expect((await call(t.app, 'GET', COUNT)).status).toBe(401);
    const { account, password } = await createAccount(t.app, { roleCode: 'calibrationAdmin' });
    const token = await login(t.app, account.userName, password);
    expect((await call(t.app, 'GET', COUNT, { token })).status).toBe(403);
  });
});
