import type { UserBill } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../test/factories.ts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';

const BILL = '/api/payment/PayUserBill';

const personal = {
  invoiceType: 1,
  billMode: 2,
  personalName: 'Li·Lei',
  billUserName: 'LiLei',
  billMail: 'li.lei@example.com',
  billPhone: '13800138000',
  billAddress: 'Room 1, 2 Garden Road',
};
const enterprise = {
  invoiceType: 2,
  companyName: 'Cold Logistics Ltd',
  taxNumber: '91310000ma1fl1ab2c',
  bankDeposit: 'Bank of Shanghai 1234',
  billUserName: '张三',
  billMail: 'finance@example.com',
  billPhone: '13912345678',
};

async function signIn(t: TestApp, overseas = false) {
  const { account, password } = await createAccount(t.app);
  if (overseas)
    await t.app.ctx.db.updateTable('account').set({ foreignFlag: 1 }).where('id', '=', account.id).execute();
  return { account, token: await login(t.app, account.userName, password) };
}

describe('user bills (invoice info)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('adds, lists, edits and deletes; the first bill and a chosen one are the only default', async () => {
    const { token } = await signIn(t);
    const first = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, { token, body: personal });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({
      billDefaultStatus: true,
      invoiceType: 1,
      billMode: 2,
      companyName: null,
    });
    const second = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token,
      body: { ...enterprise, billDefaultStatus: true },
    });
    expect(second.data).toMatchObject({ billDefaultStatus: true, taxNumber: '91310000MA1FL1AB2C' });
    const list = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token });
    expect(list.data.map((b) => [b.billId, b.billDefaultStatus])).toEqual([
      [second.data.billId, true],
      [first.data.billId, false],
    ]);

    const edited = await call<UserBill>(t.app, 'PUT', `${BILL}/update`, {
      token,
      body: { ...personal, billId: first.data.billId, billUserName: 'HanMeimei', billDefaultStatus: true },
    });
    expect(edited.data).toMatchObject({ billUserName: 'HanMeimei', billDefaultStatus: true });
    const after = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token });
    expect(after.data.filter((b) => b.billDefaultStatus).map((b) => b.billId)).toEqual([first.data.billId]);

    const gone = await call(t.app, 'DELETE', `${BILL}/delete`, {
      token,
      query: { billId: String(second.data.billId) },
    });
    expect(gone.code).toBe(0);
    const left = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token });
    expect(left.data.map((b) => b.billId)).toEqual([first.data.billId]);
  });

  it('keeps only the fields the invoice type shows', async () => {
    const { token } = await signIn(t);
    const asPersonal = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token,
      body: { ...personal, companyName: 'Hidden Co', taxNumber: 'ABC123', bankDeposit: 'Hidden bank' },
    });
    expect(asPersonal.data).toMatchObject({ companyName: null, taxNumber: null, bankDeposit: null });
    const asEnterprise = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token,
      body: { ...enterprise, personalName: 'Hidden', billAddress: 'Hidden street' },
    });
    expect(asEnterprise.data).toMatchObject({
      personalName: null,
      billAddress: null,
      companyName: 'Cold Logistics Ltd',
    });
  });

  it('refuses every bad field with a message naming it', async () => {
    const { token } = await signIn(t);
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ ...enterprise, companyName: '' }, 'companyName', /Company name/],
      [{ ...enterprise, companyName: 'x'.repeat(51) }, 'companyName', /at most 50/],
      [{ ...enterprise, taxNumber: 'AB-12' }, 'taxNumber', /letters and digits/],
      [{ ...enterprise, taxNumber: 'A'.repeat(21) }, 'taxNumber', /at most 20/],
      [{ ...enterprise, bankDeposit: '' }, 'bankDeposit', /Bank of deposit/],
      [{ ...enterprise, bankDeposit: 'b'.repeat(51) }, 'bankDeposit', /at most 50/],
      [{ ...personal, personalName: '' }, 'personalName', /Personal name/],
      [{ ...personal, personalName: 'Li_Lei' }, 'personalName', /middle dots/],
      [{ ...personal, personalName: 'L'.repeat(31) }, 'personalName', /at most 30/],
      [{ ...personal, billUserName: '' }, 'billUserName', /Recipient/],
      [{ ...personal, billUserName: 'Li@Lei' }, 'billUserName', /middle dots/],
      [{ ...personal, billMail: 'not-a-mail' }, 'billMail', /e-mail/],
      [{ ...personal, billMail: `${'m'.repeat(190)}@example.com` }, 'billMail', /at most 200/],
      [{ ...personal, billPhone: '1380013800' }, 'billPhone', /11-digit/],
      [{ ...personal, billPhone: '23800138000' }, 'billPhone', /11-digit/],
      [{ ...personal, billPhone: '+8613800138000' }, 'billPhone', /11-digit/],
      [{ ...personal, invoiceType: 3 }, 'invoiceType', /Invoice type/],
      [{ ...personal, billMode: 1 }, 'billMode', /Delivery/],
    ];
    for (const [body, field, message] of bad) {
      const answer = await call<{ fields: { field: string }[] }>(t.app, 'POST', `${BILL}/insert`, {
        token,
        body,
        locale: 'en-US',
      });
      expect(answer.code, field).toBe(1001);
      expect(answer.data.fields[0]?.field, field).toBe(field);
      expect(answer.msg, field).toMatch(message);
    }
    const list = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token });
    expect(list.data).toEqual([]);
  });

  it('takes any digits as the phone of an overseas account, and only digits', async () => {
    const { token } = await signIn(t, true);
    const ok = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token,
      body: { ...personal, billPhone: '4155550100' },
    });
    expect(ok.code).toBe(0);
    const letters = await call(t.app, 'POST', `${BILL}/insert`, {
      token,
      body: { ...personal, billPhone: '415-555-0100' },
      locale: 'en-US',
    });
    expect(letters.msg).toMatch(/only digits/);
  });

  it('shows and changes only the caller’s own bills; a foreign id answers like a missing one', async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const bill = await call<UserBill>(t.app, 'POST', `${BILL}/insert`, {
      token: owner.token,
      body: personal,
    });
    const foreign = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token: other.token });
    expect(foreign.data).toEqual([]);
    for (const billId of [bill.data.billId, 999_999]) {
      const edit = await call(t.app, 'PUT', `${BILL}/update`, {
        token: other.token,
        body: { ...personal, billId },
      });
      expect(edit.code).toBe(3304);
      const del = await call(t.app, 'DELETE', `${BILL}/delete`, {
        token: other.token,
        query: { billId: String(billId) },
      });
      expect(del.code).toBe(3304);
    }
    const still = await call<UserBill[]>(t.app, 'POST', `${BILL}/list`, { token: owner.token });
    expect(still.data[0]).toMatchObject({ billUserName: 'LiLei' });
  });
});
