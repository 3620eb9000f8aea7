import { ERRORS, type PageResponse, type SimRow } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { importSims, nextIccId } from './test-support.ts';

const SIM = '/api/device/DeviceSimCard';

describe('SIM cards', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  const insert = (body: Record<string, unknown>) =>
    call<SimRow>(t.app, 'POST', `${SIM}/insert`, { token: operator, body, locale: 'en-US' });
  const page = (body: Record<string, unknown> = {}) =>
    call<PageResponse<SimRow>>(t.app, 'POST', `${SIM}/page`, {
      token: operator,
      body: { pageSize: 200, ...body },
    });

  it('adds a card and refuses a second one with the same ICCID', async () => {
    const iccId = nextIccId();
    const added = await insert({
      iccId,
      cardNum: '146123456789',
      operator: 'China Mobile',
      openTime: '2026-01-05',
      expiredTime: '2027-01-04',
      balance: 1250,
      freeMonth: 3,
      description: 'Spare card',
    });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      iccId,
      useState: 'notActivated',
      rechargeState: 'notRecharged',
      balance: 1250,
      deviceId: null,
    });
    const again = await insert({ iccId });
    expect(again.code).toBe(ERRORS.simIccidTaken.code);
    expect(again.msg).toContain(iccId);
    const edited = await insert({ iccId: nextIccId() });
    const clash = await call(t.app, 'PUT', `${SIM}/update`, {
      token: operator,
      body: { id: edited.data.id, iccId },
      locale: 'en-US',
    });
    expect(clash.code).toBe(ERRORS.simIccidTaken.code);
  });

  it('refuses bad fields with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ iccId: '8986ABC' }, 'ICCID'],
      [{ iccId: '1'.repeat(31) }, 'ICCID'],
      [{ iccId: nextIccId(), cardNum: '1'.repeat(16) }, 'Card number'],
      [{ iccId: nextIccId(), description: 'x'.repeat(101) }, 'Description'],
      [{ iccId: nextIccId(), openTime: '2026-13-45' }, 'Opened on'],
      [{ iccId: nextIccId(), useState: 'flying' }, 'Use state'],
      [{ iccId: nextIccId(), freeMonth: 500 }, 'Free months'],
    ];
    for (const [body, field] of cases) {
      const answer = await insert(body);
      expect(answer.code, JSON.stringify(body)).toBe(ERRORS.validation.code);
      expect(answer.status).toBe(200);
      expect(answer.msg.toLowerCase(), JSON.stringify(body)).toContain(field.toLowerCase());
    }
  });

  it('imports a CSV file with three bad rows: the rest are stored, the three reported by line', async () => {
    const existing = nextIccId();
    expect((await insert({ iccId: existing })).code).toBe(0);
    const good = Array.from({ length: 7 }, () => nextIccId());
    const repeated = good[0] as string;
    const lines = [
      'ICCID,Card number,Operator,Opened on,Use state,Balance,Free months,Description',
      `${good[0]},146000000001,China Mobile,2026-01-01,active,12.50,2,"first, with comma"`,
      `${good[1]},146000000002,China Unicom,2026-01-02,Active,0,,`,
      '8986XYZ,146000000003,China Mobile,2026-01-03,,,,bad iccid',
      `${good[2]},,,,,,,`,
      `${repeated},146000000004,,,,,,repeated in the file`,
      `${good[3]},146000000005,,2026-02-30x,,,,`,
      `${good[4]},,China Telecom,2026-03-01,suspended,-3.4,1,`,
      `${good[5]},,,,,,,`,
      `${good[6]},,,,cancelled,,,`,
    ];
    // Line 7 has a bad date; fix it so exactly three rows are bad: 4, 6 and the one with the existing ICCID.
    lines[6] = `${good[3]},146000000005,,2026-02-03,,,,`;
    lines.push(`${existing},,,,,,,already on the platform`);
    const answer = await importSims(t.app, operator, 'cards.csv', lines.join('\r\n'));
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.total).toBe(10);
    expect(answer.data.imported).toBe(7);
    expect(answer.data.errors.map((e) => [e.line, e.field])).toEqual([
      [4, 'iccId'],
      [6, 'iccId'],
      [11, 'iccId'],
    ]);
    expect(answer.data.errors[1]?.message).toContain('line 2');
    expect(answer.data.errors[2]?.message).toContain('already exists');
    const listed = await page();
    const byIcc = new Map(listed.data.data.map((r) => [r.iccId, r]));
    for (const iccId of good) expect(byIcc.has(iccId), iccId).toBe(true);
    expect(byIcc.get(good[0] as string)).toMatchObject({
      useState: 'active',
      balance: 1250,
      freeMonth: 2,
      description: 'first, with comma',
    });
    expect(byIcc.get(good[4] as string)).toMatchObject({ useState: 'suspended', balance: -340 });
  });

  it('imports an XLSX file and refuses files it cannot read as a whole', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Cards');
    const ok1 = nextIccId();
    sheet.addRow(['ICCID', 'Operator', 'Expires on', 'Recharge state']);
    sheet.addRow([ok1, 'China Mobile', new Date('2027-05-01T00:00:00Z'), 'recharged']);
    sheet.addRow(['12', 'x'.repeat(31), '', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await importSims(t.app, operator, 'cards.xlsx', bytes);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ total: 2, imported: 1 });
    expect(answer.data.errors).toEqual([
      expect.objectContaining({ line: 3, field: 'operator', message: expect.stringContaining('Operator') }),
    ]);
    const found = await page({ iccId: ok1 });
    expect(found.data.data[0]).toMatchObject({ expiredTime: '2027-05-01', rechargeState: 'recharged' });

    expect((await importSims(t.app, operator, 'cards.txt', 'ICCID\n1')).code).toBe(ERRORS.fileType.code);
    expect((await importSims(t.app, operator, 'cards.csv', 'Name,Phone\nA,1')).code).toBe(
      ERRORS.simImportEmpty.code,
    );
    expect((await importSims(t.app, operator, 'cards.csv', 'ICCID\n')).code).toBe(ERRORS.simImportEmpty.code);
    expect((await importSims(t.app, operator, 'cards.xlsx', 'not a workbook')).code).toBe(
      ERRORS.fileError.code,
    );
    const many = ['ICCID', ...Array.from({ length: 5001 }, (_, i) => String(10_000 + i))].join('\n');
    const tooMany = await importSims(t.app, operator, 'many.csv', many);
    expect(tooMany.code).toBe(ERRORS.simImportTooManyRows.code);
    expect(tooMany.msg).toContain('5000');
    const big = `ICCID,Description\n${'1,x\n'.repeat(800_000)}`;
    expect((await importSims(t.app, operator, 'big.csv', big)).code).toBe(ERRORS.fileTooLarge.code);
    expect((await page({ iccId: '10000' })).data.totalCount).toBe(0);
  });

  it('binds a card to a device and unbinds it; the device carries the ICCID meanwhile', async () => {
    const { type } = await publishedType(t.app, operator);
    const user = await signedIn(t.app);
    const device = await addDevice(t.app, user.token, type.id);
    const other = await addDevice(t.app, user.token, type.id);
    const card = (await insert({ iccId: nextIccId() })).data;
    const second = (await insert({ iccId: nextIccId() })).data;
    const long = (await insert({ iccId: '8'.repeat(25) })).data;
    const bind = (id: number, deviceGuid: string) =>
      call<SimRow>(t.app, 'POST', `${SIM}/bind`, {
        token: operator,
        body: { id, deviceGuid },
        locale: 'en-US',
      });
    const iccOf = async (id: number) =>
      (await t.app.ctx.db.selectFrom('device').select('iccId').where('id', '=', id).executeTakeFirstOrThrow())
        .iccId;

    const bound = await bind(card.id, device.deviceGuid);
    expect(bound.code, bound.msg).toBe(0);
    expect(bound.data).toMatchObject({ deviceId: device.id, deviceGuid: device.deviceGuid });
    expect(await iccOf(device.id)).toBe(card.iccId);

    expect((await bind(card.id, other.deviceGuid)).code).toBe(ERRORS.simAlreadyBound.code);
    expect((await bind(second.id, device.deviceGuid)).code).toBe(ERRORS.deviceHasSim.code);
    expect((await bind(second.id, '99999999999999999')).code).toBe(ERRORS.deviceNotFound.code);
    const tooLong = await bind(long.id, other.deviceGuid);
    expect(tooLong.code).toBe(ERRORS.validation.code);
    expect(tooLong.msg).toContain('20');
    expect(
      (
        await call(t.app, 'PUT', `${SIM}/update`, {
          token: operator,
          body: { id: card.id, iccId: nextIccId() },
        })
      ).code,
    ).toBe(ERRORS.simAlreadyBound.code);
    const del = await call(t.app, 'DELETE', `${SIM}/delete`, {
      token: operator,
      query: { ids: String(card.id) },
    });
    expect(del.code).toBe(ERRORS.simBoundDelete.code);

    const boundList = await page({ bound: 1 });
    expect(boundList.data.data.map((r) => r.id)).toEqual([card.id]);
    expect((await page({ deviceGuid: device.deviceGuid })).data.data.map((r) => r.id)).toEqual([card.id]);

    const unbound = await call(t.app, 'POST', `${SIM}/unbind`, { token: operator, body: { id: card.id } });
    expect(unbound.code).toBe(0);
    expect(await iccOf(device.id)).toBeNull();
    expect(
      (await call(t.app, 'POST', `${SIM}/unbind`, { token: operator, body: { id: card.id } })).code,
    ).toBe(ERRORS.simNotBound.code);
    expect((await bind(second.id, device.deviceGuid)).code).toBe(0);
    expect(await iccOf(device.id)).toBe(second.iccId);
    const removed = await call<{ count: number }>(t.app, 'DELETE', `${SIM}/delete`, {
      token: operator,
      query: { ids: String(card.id) },
    });
    expect(removed.data.count).toBe(1);
  });

  it('edits use and recharge states, filters by them and exports what the filters match', async () => {
    const a = (await insert({ iccId: nextIccId(), operator: 'Filter Telecom' })).data;
    const b = (await insert({ iccId: nextIccId(), operator: 'Filter Telecom' })).data;
    const changed = await call<{ count: number }>(t.app, 'PUT', `${SIM}/updateState`, {
      token: operator,
      body: { ids: [a.id, b.id], useState: 'active', rechargeState: 'recharged' },
    });
    expect(changed.data.count).toBe(2);
    const nothing = await call(t.app, 'PUT', `${SIM}/updateState`, {
      token: operator,
      body: { ids: [a.id] },
      locale: 'en-US',
    });
    expect(nothing.code).toBe(ERRORS.validation.code);
    await call(t.app, 'PUT', `${SIM}/updateState`, {
      token: operator,
      body: { ids: [b.id], useState: 'suspended' },
    });
    const active = await page({ operator: 'filter telecom', useState: 'active' });
    expect(active.data.data.map((r) => r.id)).toEqual([a.id]);
    expect(active.data.data[0]?.rechargeState).toBe('recharged');

    const response = await t.app.inject({
      method: 'POST',
      url: `${SIM}/export`,
      payload: { operator: 'Filter Telecom' },
      headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US' },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('ICCID');
    const exported = [2, 3].map((r) => String(sheet?.getRow(r).getCell(1).value));
    expect(exported).toEqual([a.iccId, b.iccId]);
    expect(sheet?.rowCount).toBe(3);
    // The export is the import template: it imports again (every ICCID already there, all reported).
    const again = await importSims(t.app, operator, 'again.xlsx', response.rawPayload);
    expect(again.data).toMatchObject({ total: 2, imported: 0 });
    expect(again.data.errors.map((e) => e.line)).toEqual([2, 3]);
  });

  it('is the back office’s: users without operation.sim are refused', async () => {
    const user = await signedIn(t.app);
    const answer = await call(t.app, 'POST', `${SIM}/page`, { token: user.token, body: {} });
    expect(answer.status).toBe(403);
    expect((await importSims(t.app, user.token, 'cards.csv', 'ICCID\n1')).status).toBe(403);
  });
});
