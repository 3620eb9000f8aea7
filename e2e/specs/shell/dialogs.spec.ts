import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  confirmOk,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectText,
  pickOption,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('the identity modal asks a profile without identity, in the chosen language, and saves', async ({
  page,
  baseUrl,
}) => {
  const userName = createAccount({ identity: null, industry: null });
  await page.goto('/user/login');
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const modal = page.getByTestId('identity-modal');
  await modal.getByText('Complete your profile').waitFor();
  // Saving without choosing names both fields.
  await page.getByTestId('identity-save').click();
  await page.getByText('Please choose your identity').waitFor();
  await page.getByText('Please choose your industry').waitFor();
  // The dictionaries come from the server in the chosen language.
  await pickOption(page, page.getByTestId('identity-select'), 'Quality officer');
  await pickOption(page, page.getByTestId('industry-select'), 'Vaccines and disease control');
  await page.getByTestId('identity-save').click();
  await modal.waitFor({ state: 'hidden' });

  const token = await apiLogin(baseUrl, userName);
  const info = await api<{ userProfile: { identity: string; industry: string } }>(
    baseUrl,
    token,
    'GET',
    '/base/BaseAccount/accountInfo',
  );
  assert.deepEqual(
    { identity: info.data.userProfile.identity, industry: info.data.userProfile.industry },
    { identity: 'qualityOfficer', industry: 'vaccine' },
  );
});

test('the notice modal shows the current notice until "do not remind me"', async ({ page, baseUrl }) => {
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  const notice = await api<{ id: number }>(baseUrl, operator, 'POST', '/base/BaseNotice/insert', {
    noticeContent: 'Planned maintenance on Sunday 02:00-04:00',
  });
  assert.equal(notice.code, 0, notice.msg);
  try {
    const userName = createAccount();
    await page.goto('/user/login');
    await signIn(page, userName, DEMO_PASSWORD);
    await waitForPath(page, '/home');
    await expectText(page.getByTestId('notice-content'), 'Planned maintenance on Sunday 02:00-04:00');
    // The laid-out width (the opening animation scales the box for a moment).
    const width = await page
      .locator('.ant-modal')
      .first()
      .evaluate((el) => getComputedStyle(el).width);
    assert.equal(width, '620px');
    // Closed without ticking: it comes back on the next visit.
    await page.getByTestId('notice-ok').click();
    await page.getByTestId('notice-content').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('notice-content').waitFor();
    const dismissed = page.waitForResponse((r) => r.url().endsWith('/api/base/BaseNotice/dismiss'));
    await page.getByTestId('notice-dont-remind').click();
    await page.getByTestId('notice-ok').click();
    assert.equal(((await (await dismissed).json()) as { code: number }).code, 0);
    await page.reload();
    await page.getByTestId('welcome-card').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('notice-content').count(), 0);
  } finally {
    // Later tests sign in on the same platform: the notice goes.
    await api(baseUrl, operator, 'PUT', '/base/BaseNotice/update', { id: notice.data.id, active: 0 });
  }
});

test('an FDA-protected account is logged out after the idle timeout with an error modal', async ({
  page,
  baseUrl,
}) => {
  const userName = createAccount({ enableFda: true });
  await page.goto('/user/login');
  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/home');
  const token = await page.evaluate(() => localStorage.getItem('Access-Token'));
  assert.ok(token);
  // The test server's timeout is 4 s (INACTIVITY_TIMEOUT_MS); nothing moves meanwhile.
  const loggedOut = page.waitForResponse((r) => r.url().includes('/api/base/BaseAccount/loginOut'), {
    timeout: 15_000,
  });
  await page.getByTestId('inactivity-content').waitFor({ timeout: 15_000 });
  await loggedOut;
  await page.locator('.ant-modal-confirm-title').getByText('已退出登录').waitFor();
  // Ended on the server: by the logout (401), or as idle when the server saw the silence first (2010).
  const stale = await fetch(`${baseUrl}/api/base/BaseAccount/accountInfo`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const answer = (await stale.json()) as { code: number };
  assert.ok(stale.status === 401 || answer.code === 2010, `the session ended on the server: ${stale.status}`);
  await confirmOk(page);
  const atLogin = await waitForPath(page, '/user/login');
  assert.equal(atLogin.searchParams.get('redirect'), '/home');
});
