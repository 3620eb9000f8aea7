import { type AccountInfo, INACTIVITY_TIMEOUT_MS } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../test/harness.ts';

const INFO = '/api/base/BaseAccount/accountInfo';

async function backdate(t: TestApp, accountId: number, ms: number) {
  await t.app.ctx.db
    .updateTable('session')
    .set({ lastSeenAt: new Date(Date.now() - ms).toISOString() })
    .where('accountId', '=', accountId)
    .execute();
}

describe('idle timeout setting (INACTIVITY_TIMEOUT_MS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { INACTIVITY_TIMEOUT_MS: '4000' } });
  });
  afterAll(async () => t.close());

  it('tells the console the timeout and ends idle protected sessions after it', async () => {
    const { account, password } = await createAccount(t.app, { enableFda: true });
    const token = await login(t.app, account.userName, password);
    const info = await call<AccountInfo>(t.app, 'GET', INFO, { token });
    expect(info.data.inactivityTimeoutMs).toBe(4000);
    // Activity within the timeout keeps the session (touched at most every half timeout).
    await backdate(t, account.id, 3_000);
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
    await backdate(t, account.id, 3_000);
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(0);
    await backdate(t, account.id, 4_500);
    expect((await call(t.app, 'GET', INFO, { token })).code).toBe(2010);
  });

  it('defaults to 5 minutes', async () => {
    const d = await createTestApp();
    try {
      expect(d.config.inactivityTimeoutMs).toBe(INACTIVITY_TIMEOUT_MS);
      const token = await login(d.app, 'demo_user');
      const info = await call<AccountInfo>(d.app, 'GET', INFO, { token });
      expect(info.data.inactivityTimeoutMs).toBe(300_000);
    } finally {
      await d.close();
    }
  });
});
