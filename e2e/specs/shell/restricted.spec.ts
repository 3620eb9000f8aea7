import assert from 'node:assert/strict';
import {
  api,
  apiLogin,
  createAccount,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  expectTitle,
  hostUrl,
  menuTexts,
  signIn,
  test,
  waitForPath,
} from '../../harness.ts';

test('a restricted-style platform offers only the restricted routes, home goes to the device list', async ({
  page,
  baseUrl,
}) => {
  const operator = await apiLogin(baseUrl, DEMO_OPERATOR);
  const created = await api(baseUrl, operator, 'POST', '/base/BaseCustomPage/insert', {
    topDomain: 'lite.test',
    title: 'Lite Cold',
    styleModel: 2,
    enableRegister: 0,
  });
  assert.equal(created.code, 0, created.msg);
  const userName = createAccount({ topDomain: 'lite.test', roleCode: 'enterpriseAdmin' });
  const lite = hostUrl('lite.test');

  // Registration is closed on this platform: the register page goes to login.
  await page.goto(`${lite}/user/register`);
  await waitForPath(page, '/user/login');
  await expectTitle(page, 'Lite Cold - 登录');

  await signIn(page, userName, DEMO_PASSWORD);
  await waitForPath(page, '/device/list');
  const menu = await menuTexts(page);
  assert.deepEqual(
    [...menu].sort(),
    ['消息中心', '设备列表', '冷库列表', '冰柜列表', '组织管理', '个人中心', '充值记录', '下载中心'].sort(),
  );
  // Home itself redirects, and routes outside the set are refused.
  await page.goto(`${lite}/home`);
  await waitForPath(page, '/device/list');
  await page.goto(`${lite}/waybill/list`);
  await page.getByText('抱歉，您无权访问此页面。').waitFor();
});
