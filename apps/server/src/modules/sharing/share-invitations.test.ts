import {
  type DeviceRow,
  type DeviceShare,
  type DeviceShareBatchResult,
  ERRORS,
  type PageResponse,
  type PendingRequests,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import {
  createPlatform,
  lastSms,
  mailCode,
  newPhone,
  smsCode,
  startSmtp,
  type TestSmtp,
} from '../accounts/test-support.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { SHARE } from './test-support.ts';

const REGISTER = '/api/base/BaseAccount/register';
type Account = { id: number; userName: string; token: string; host?: string };

describe('sharing with people who have no account yet', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let owner: Account;
  let stranger: Account;
  let typeId: number;
  let seq = 0;

  const unique = (prefix: string) => {
    seq += 1;
    return `${prefix}${process.pid}x${seq}`;
  };
  const share = (token: string, body: Record<string, unknown>, locale = 'en-US') =>
    call<DeviceShareBatchResult>(t.app, 'POST', `${SHARE}/batchShare`, { token, body, locale });
  const pending = async (who: Account) =>
    (
      await call<PendingRequests>(t.app, 'GET', `${SHARE}/pendingRequests`, {
        token: who.token,
        ...(who.host ? { host: who.host } : {}),
      })
    ).data.shares;
  const sharesOf = async (who: Account, side: 'sharer' | 'recipient', accountName?: string) =>
    (
      await call<PageResponse<DeviceShare>>(t.app, 'POST', `${SHARE}/page`, {
        token: who.token,
        body: { side, pageSize: 100, ...(accountName ? { accountName } : {}) },
      })
    ).data.data;
  const listed = async (token: string) =>
    (
      await call<PageResponse<DeviceRow>>(t.app, 'POST', '/api/device/Device/page', {
        token,
        body: { start: 1, pageSize: 100 },
      })
    ).data.data.map((d) => d.id);
  /** Registers through the console's registration call, the code read from the message it sent. */
  const register = async (contact: { email: string } | { phone: string }): Promise<Account> => {
    const verifyCode =
      'email' in contact
        ? await mailCode(t.app, smtp, contact.email, 'register')
        : await smsCode(t.app, contact.phone, 'register');
    const userName = unique('joiner_');
    const answer = await call<{ token: string }>(t.app, 'POST', REGISTER, {
      body: {
        accountType: 1,
        userName,
        accountPassword: 'Secret12',
        confirmPassword: 'Secret12',
        ...contact,
        verifyCode,
        agreeTerms: true,
        agreePrivacy: true,
      },
    });
    if (answer.code !== 0) throw new Error(`registration failed: ${answer.msg}`);
    const row = await t.app.ctx.db
      .selectFrom('account')
      .select('id')
      .where('userName', '=', userName)
      .executeTakeFirstOrThrow();
    return { id: row.id, userName, token: answer.data.token };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cold.example.com/' } });
    const operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    stranger = await signedIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('invites an unregistered e-mail to register; the share waits for that address and is accepted after registration', async () => {
    const a = await addDevice(t.app, owner.token, typeId, { deviceName: 'Invited A' });
    const b = await addDevice(t.app, owner.token, typeId, { deviceName: 'Invited B' });
    const email = `${unique('newcomer')}@example.com`;
    const shared = await share(owner.token, {
      deviceIds: [a.id, b.id],
      account: email.toUpperCase(),
      sharerName: '  Cold Room Bob ',
    });
    expect(shared.code, shared.msg).toBe(0);
    expect(shared.data).toMatchObject({ registered: false, notified: true });
    expect(shared.data.shares.map((s) => [s.deviceId, s.state, s.accountId, s.contact])).toEqual([
      [a.id, 'pending', null, email],
      [b.id, 'pending', null, email],
    ]);
    const mail = smtp.lastTo(email);
    expect(mail?.subject).toBe(`${owner.userName} shared devices with you`);
    expect(mail?.text).toContain('shared 2 device(s) with you');
    expect(mail?.text).toContain('Register with this e-mail address');
    expect(mail?.text).toContain('https://cold.example.com/user/register');

    // The owner's sharer list: waiting for registration, under the name it gave.
    const waiting = (await sharesOf(owner, 'sharer')).filter((s) => s.deviceId === a.id);
    expect(waiting).toEqual([
      expect.objectContaining({
        awaitingRegistration: true,
        contact: email,
        accountName: null,
        sharerName: 'Cold Room Bob',
        recipientName: 'Cold Room Bob',
      }),
    ]);
    expect((await sharesOf(owner, 'sharer', 'room bob')).map((s) => s.deviceId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect((await sharesOf(owner, 'sharer', email.slice(0, 8))).length).toBe(2);

    // Nobody else sees or answers it meanwhile.
    const [shareA, shareB] = shared.data.shares as [DeviceShare, DeviceShare];
    expect((await pending(stranger)).map((s) => s.id)).not.toContain(shareA.id);
    expect((await sharesOf(stranger, 'recipient')).map((s) => s.id)).not.toContain(shareA.id);
    const intruder = await call(t.app, 'PUT', `${SHARE}/accept`, {
      token: stranger.token,
      body: { id: shareA.id },
    });
    expect(intruder.code).toBe(ERRORS.shareNotFound.code);
    const leave = await call(t.app, 'DELETE', `${SHARE}/cancel`, {
      token: stranger.token,
      query: { id: String(shareA.id) },
    });
    expect(leave.code).toBe(ERRORS.shareNotFound.code);

    // Whoever registers with the address finds both shares waiting and answers them.
    const joiner = await register({ email });
    const offered = await pending(joiner);
    expect(offered.map((s) => s.id).sort()).toEqual([shareA.id, shareB.id].sort());
    expect(offered[0]).toMatchObject({ ownerName: owner.userName, sharerName: null });
    expect((await sharesOf(joiner, 'recipient')).map((s) => s.id).sort()).toEqual(
      [shareA.id, shareB.id].sort(),
    );
    expect(await listed(joiner.token)).not.toContain(a.id);
    const accepted = await call<DeviceShare>(t.app, 'PUT', `${SHARE}/accept`, {
      token: joiner.token,
      body: { id: shareA.id },
    });
    expect(accepted.code, accepted.msg).toBe(0);
    expect(accepted.data).toMatchObject({
      state: 'accepted',
      accountId: joiner.id,
      awaitingRegistration: false,
    });
    expect(await listed(joiner.token)).toContain(a.id);
    expect(await listed(joiner.token)).not.toContain(b.id);
    expect(await listed(stranger.token)).not.toContain(a.id);

    // Answered, it belongs to that account: the owner's list names it.
    const mine = (await sharesOf(owner, 'sharer')).find((s) => s.id === shareA.id);
    expect(mine).toMatchObject({
      accountName: joiner.userName,
      awaitingRegistration: false,
      recipientName: 'Cold Room Bob',
    });
    expect((await pending(joiner)).map((s) => s.id)).toEqual([shareB.id]);
  });

  it('invites an unregistered phone by SMS; whoever registers with it may refuse', async () => {
    const d = await addDevice(t.app, owner.token, typeId, { deviceName: 'Invited by SMS' });
    const phone = newPhone();
    const shared = await share(owner.token, { deviceIds: [d.id], account: phone });
    expect(shared.data).toMatchObject({ registered: false, notified: true });
    expect(await lastSms(t.app, phone)).toContain('Register with this number to accept');
    const [offer] = shared.data.shares as [DeviceShare];
    expect(offer.recipientName).toBe(phone);

    const joiner = await register({ phone });
    expect((await pending(joiner)).map((s) => s.id)).toEqual([offer.id]);
    const refused = await call<DeviceShare>(t.app, 'PUT', `${SHARE}/refuse`, {
      token: joiner.token,
      body: { id: offer.id },
    });
    expect(refused.data).toMatchObject({ state: 'refused', accountId: joiner.id });
    expect(await listed(joiner.token)).not.toContain(d.id);
    expect((await sharesOf(owner, 'sharer')).find((s) => s.id === offer.id)?.recipientName).toBe(
      joiner.userName,
    );
  });

  it('matches a contact only on the sharer’s platform', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    const email = `${unique('elsewhere')}@example.com`;
    const shared = await share(owner.token, { deviceIds: [d.id], account: email });
    expect(shared.code, shared.msg).toBe(0);
    const host = `share-${process.pid}.example.test`;
    const platform = await createPlatform(t.app, { topDomain: host });
    const other = { ...(await signedIn(t.app, { platformId: platform.id, email, host })), host };
    expect(await pending(other)).toEqual([]);
    const [offer] = shared.data.shares as [DeviceShare];
    const taken = await call(t.app, 'PUT', `${SHARE}/accept`, {
      token: other.token,
      host,
      body: { id: offer.id },
    });
    expect(taken.code).toBe(ERRORS.shareNotFound.code);
  });

  it('refuses a second share to the same person, whether waiting for a contact or for its account', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    const email = `${unique('twice')}@example.com`;
    expect((await share(owner.token, { deviceIds: [d.id], account: email })).code).toBe(0);
    const again = await share(owner.token, { deviceIds: [d.id], account: ` ${email.toUpperCase()} ` });
    expect(again.code).toBe(ERRORS.userInSharingList.code);
    expect(again.msg).toBe('The user is already in the sharing list');

    // Registered with that address, the person is named by user name and still already listed.
    const joiner = await register({ email });
    const byName = await share(owner.token, { deviceIds: [d.id], account: joiner.userName });
    expect(byName.code).toBe(ERRORS.userInSharingList.code);

    const unknownName = await share(owner.token, { deviceIds: [d.id], account: 'nobody_by_that_name' });
    expect(unknownName.code).toBe(ERRORS.recipientNotFound.code);
    const badMail = await share(owner.token, { deviceIds: [d.id], account: 'half@address' });
    expect(badMail.code).toBe(ERRORS.validation.code);
    expect((badMail.data as unknown as { fields: { field: string }[] }).fields[0]?.field).toBe('account');
  });

  it('takes a sharer name of 2-20 characters, trimmed', async () => {
    const d = await addDevice(t.app, owner.token, typeId);
    const recipient = await signedIn(t.app);
    for (const sharerName of ['A', ' B ', 'x'.repeat(21)]) {
      const refused = await share(owner.token, {
        deviceIds: [d.id],
        account: recipient.userName,
        sharerName,
      });
      expect(refused.code).toBe(ERRORS.validation.code);
      expect(refused.msg).toMatch(/^Sharer name: must be (at least 2|at most 20) characters$/);
      expect((refused.data as unknown as { fields: { field: string }[] }).fields[0]?.field).toBe(
        'sharerName',
      );
    }
    const translated = await share(
      owner.token,
      { deviceIds: [d.id], account: recipient.userName, sharerName: 'A' },
      'zh-CN',
    );
    expect(translated.msg).toContain('分享用户名称');
    const named = await share(owner.token, {
      deviceIds: [d.id],
      account: recipient.userName,
      sharerName: ` ${'y'.repeat(20)} `,
    });
    expect(named.code, named.msg).toBe(0);
    expect(named.data.registered).toBe(true);
    expect(named.data.shares[0]).toMatchObject({ sharerName: 'y'.repeat(20), recipientName: 'y'.repeat(20) });
    // The name is the sharer's own label: the recipient is not shown it.
    expect((await pending(recipient)).find((s) => s.deviceId === d.id)).toMatchObject({
      sharerName: null,
      recipientName: recipient.userName,
    });

    const unnamed = await addDevice(t.app, owner.token, typeId);
    const plain = await share(owner.token, { deviceIds: [unnamed.id], account: recipient.userName });
    expect(plain.data.shares[0]).toMatchObject({ sharerName: null, recipientName: recipient.userName });
  });
});

describe('share invitation sending limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_CODE_PER_MINUTE: '2' } });
  });
  afterAll(async () => t.close());

  it('limits invitations to register per account and minute; shares to accounts are not counted', async () => {
    const operator = await login(t.app, 'demo_operator');
    const typeId = (await publishedType(t.app, operator)).type.id;
    const owner = await signedIn(t.app);
    const d = await addDevice(t.app, owner.token, typeId);
    const registered = await signedIn(t.app, { email: `known${process.pid}@example.com` });
    const shareTo = (account: string) =>
      call(t.app, 'POST', `${SHARE}/batchShare`, {
        token: owner.token,
        body: { deviceIds: [d.id], account },
      });
    expect((await shareTo(`limit1.${process.pid}@example.com`)).code).toBe(0);
    expect((await shareTo(`limit2.${process.pid}@example.com`)).code).toBe(0);
    const third = await shareTo(`limit3.${process.pid}@example.com`);
    expect(third.status).toBe(429);
    expect(third.code).toBe(ERRORS.rateLimited.code);
    expect((await shareTo(`known${process.pid}@example.com`)).code).toBe(0);
    expect((await shareTo(registered.userName)).code).toBe(ERRORS.userInSharingList.code);
    const waiting = await t.app.ctx.db
      .selectFrom('deviceShare')
      .select('contact')
      .where('ownerAccountId', '=', owner.id)
      .where('accountId', 'is', null)
      .execute();
    expect(waiting.map((w) => w.contact).sort()).toEqual([
      `limit1.${process.pid}@example.com`,
      `limit2.${process.pid}@example.com`,
    ]);
  });
});
