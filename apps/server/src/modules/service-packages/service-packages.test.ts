import type {
  DepositView,
  DeviceServiceItems,
  DeviceTypeRelation,
  PageResponse,
  ServiceItem,
  ServicePackageDetail,
  ServicePackageSummary,
  SmsImportResult,
  SmsPackage,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { ITEM, LEVEL, nextPackageCode, PACKAGE, packageBody, RELATION, SMS } from './test-support.ts';

/** A multipart body with text fields, then one file part. */
function multipart(file: { name: string; bytes: Buffer; type: string }, fields: Record<string, string> = {}) {
  const boundary = `----e1${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('service packages', () => {
  let t: TestApp;
  let operator: string;
  let owner: { id: number; token: string };
  let typeId: number;
  let otherTypeId: number;
  let deviceId: number;
  let otherTypeDeviceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
    typeId = (await publishedType(t.app, operator)).type.id;
    otherTypeId = (await publishedType(t.app, operator)).type.id;
    owner = await signedIn(t.app);
    deviceId = (await addDevice(t.app, owner.token, typeId)).id;
    otherTypeDeviceId = (await addDevice(t.app, owner.token, otherTypeId)).id;
  });
  afterAll(async () => t.close());

  const post = <T>(url: string, body: unknown, token = operator) =>
    call<T>(t.app, 'POST', url, { token, body, locale: 'en-US' });
  const put = <T>(url: string, body: unknown, token = operator) =>
    call<T>(t.app, 'PUT', url, { token, body, locale: 'en-US' });
  const get = <T>(url: string, query: Record<string, string>, token = operator) =>
    call<T>(t.app, 'GET', url, { token, query, locale: 'en-US' });

  it('keeps service items with unique codes and field limits', async () => {
    const created = await post<ServiceItem>(`${ITEM}/insert`, {
      itemCode: 'DATA_QUERY_EXPORT',
      itemName: 'Data query & export',
      itemSupplement: 'History and reports',
      itemLabel: 'Data',
    });
    expect(created.code).toBe(0);
    const alarm = await post<ServiceItem>(`${ITEM}/insert`, {
      itemCode: 'ALARM_SMS',
      itemName: 'SMS alarms',
    });
    expect(alarm.data).toMatchObject({ itemSupplement: null, itemLabel: null, sortNo: 1 });

    const taken = await post(`${ITEM}/insert`, { itemCode: 'ALARM_SMS', itemName: 'Again' });
    expect([taken.code, taken.msg]).toEqual([3111, 'Item code: this code is already in use']);
    const badCode = await post(`${ITEM}/insert`, { itemCode: 'alarm sms', itemName: 'x' });
    expect(badCode.msg).toBe(
      'Item code: must be upper-case letters, digits or underscores, starting with a letter',
    );
    const longName = await post(`${ITEM}/insert`, { itemCode: 'AI_QA', itemName: 'x'.repeat(21) });
    expect(longName.msg).toBe('Item name: must be at most 20 characters');

    const edited = await put<ServiceItem>(`${ITEM}/update`, {
      id: alarm.data.id,
      itemCode: 'ALARM_SMS',
      itemName: 'Alarm SMS',
    });
    expect(edited.data.itemName).toBe('Alarm SMS');
    expect((await post(`${ITEM}/sort`, { ids: [alarm.data.id, created.data.id] })).code).toBe(0);
    const list = await post<ServiceItem[]>(`${ITEM}/selectItemList`, {});
    expect(list.data.map((i) => i.itemCode)).toEqual(['ALARM_SMS', 'DATA_QUERY_EXPORT']);
    expect((await post(`${ITEM}/sort`, { ids: [alarm.data.id, alarm.data.id] })).code).toBe(1001);
  });

  it('refuses every package limit of 001 §5 naming the field', async () => {
    const refused = async (body: unknown) => (await post(`${PACKAGE}/insert`, body)).msg;
    expect(await refused(packageBody({ packageCode: '123456789' }))).toBe(
      'Package code: must be exactly 8 digits',
    );
    expect(await refused(packageBody({ packageCode: '1234567' }))).toBe(
      'Package code: must be exactly 8 digits',
    );
    expect(await refused(packageBody({ packageCode: '1234567a' }))).toBe(
      'Package code: must be exactly 8 digits',
    );
    expect(await refused(packageBody({ packageName: 'p'.repeat(21) }))).toBe(
      'Package name: must be at most 20 characters',
    );
    const base = packageBody();
    const [free, paid] = base.levelList as unknown as [
      Record<string, unknown>,
      { yearList: Record<string, unknown>[] },
    ];
    expect(await refused({ ...base, levelList: [free, { ...paid, levelName: 'l'.repeat(21) }] })).toBe(
      'Level name: must be at most 20 characters',
    );
    const { discount: _d, ...noDiscount } = paid.yearList[0] ?? {};
    expect(await refused({ ...base, levelList: [free, { ...paid, yearList: [noDiscount] }] })).toBe(
      'Discount: is required',
    );
    const { serviceFee: _s, ...noFee } = paid.yearList[0] ?? {};
    expect(await refused({ ...base, levelList: [free, { ...paid, yearList: [noFee] }] })).toBe(
      'Service fee: is required',
    );
    expect(
      await refused({
        ...base,
        levelList: [free, { ...paid, yearList: [{ ...paid.yearList[0], dataFee: 1.5 }] }],
      }),
    ).toBe('Data fee: must be a whole number');
    expect(
      await refused({
        ...base,
        levelList: [free, { ...paid, yearList: [{ ...paid.yearList[0], discount: 0 }] }],
      }),
    ).toBe('Discount: must be at least 1');
    expect(await refused({ ...base, levelList: [free, { ...paid, yearList: [] }] })).toBe(
      'Durations: needs at least 1 items',
    );
    expect(await refused({ ...base, levelList: [free, { ...paid, levelName: 'Trial' }] })).toBe(
      'Level name: is the name of another level of the package',
    );
    expect(
      await refused({
        ...base,
        levelList: [free, { ...paid, yearList: [paid.yearList[0], paid.yearList[0]] }],
      }),
    ).toBe('Duration (months): is the duration of another row of this level');
    expect(
      await refused({ ...base, freePackage: { levelName: 'Gold', months: 2, smsCount: 0, voiceCount: 0 } }),
    ).toBe('Levels: must name one of the package’s levels'.replace('Levels', 'Level name'));
    expect(await refused({ ...base, levelList: [free, { ...paid, itemCodes: ['AI_QA'] }] })).toBe(
      'Service item not found',
    );
    expect(
      await refused({
        ...base,
        levelList: [free, { ...paid, activityDiscount: 80, activityStartTime: '2026-01-02T00:00:00.000Z' }],
      }),
    ).toBe('Activity end: is required');
    const taken = packageBody();
    expect((await post(`${PACKAGE}/insert`, taken)).code).toBe(0);
    const again = await post(`${PACKAGE}/insert`, packageBody({ packageCode: taken.packageCode }));
    expect([again.code, again.msg]).toEqual([3109, 'Package code: this code is already in use']);
  });

  it('creates, edits, enables, stops and sorts packages with levels, rows, items and a free package', async () => {
    const created = await post<ServicePackageDetail>(
      `${PACKAGE}/insert`,
      packageBody({
        packageName: 'Basic care',
        levelList: [
          { levelName: 'Trial', free: 1, yearList: [] },
          {
            levelName: 'Standard',
            itemCodes: ['DATA_QUERY_EXPORT', 'ALARM_SMS'],
            activityDiscount: 80,
            activityStartTime: '2026-01-01T00:00:00.000Z',
            activityEndTime: '2099-01-01T00:00:00.000Z',
            yearList: [
              { timeLength: 12, serviceFee: 9_900, dataFee: 1_000, discount: 100, topStatus: 1 },
              { timeLength: 24, serviceFee: 18_000, dataFee: 2_000, discount: 90, presentationMonth: 3 },
            ],
          },
        ],
      }),
    );
    expect(created.code).toBe(0);
    const pkg = created.data;
    expect(pkg).toMatchObject({
      packageName: 'Basic care',
      packageStatus: 0,
      levelCount: 2,
      currency: 'CNY',
    });
    const [trial, standard] = pkg.levelList;
    expect(trial).toMatchObject({ levelName: 'Trial', free: 1, yearList: [] });
    expect(standard?.itemCodes.sort()).toEqual(['ALARM_SMS', 'DATA_QUERY_EXPORT']);
    expect(standard?.yearList.map((y) => [y.timeLength, y.serviceFee, y.dataFee, y.discount])).toEqual([
      [12, 9_900, 1_000, 100],
      [24, 18_000, 2_000, 90],
    ]);
    expect(pkg.freePackage).toEqual({
      levelId: trial?.id,
      levelName: 'Trial',
      months: 2,
      smsCount: 10,
      voiceCount: 2,
    });

    // Edit: rename a level, change a row, add a row, drop another (allowed while stopped).
    const edited = await put<ServicePackageDetail>(`${PACKAGE}/update`, {
      ...packageBody({ packageCode: pkg.packageCode, packageName: 'Basic care 2' }),
      id: pkg.id,
      levelList: [
        { id: trial?.id, levelName: 'Trial', free: 1, yearList: [] },
        {
          id: standard?.id,
          levelName: 'Standard plus',
          itemCodes: ['ALARM_SMS'],
          yearList: [
            {
              id: standard?.yearList[0]?.id,
              timeLength: 12,
              serviceFee: 9_000,
              dataFee: 1_000,
              discount: 100,
            },
            { timeLength: 36, serviceFee: 25_000, dataFee: 3_000, discount: 85 },
          ],
        },
      ],
    });
    expect(edited.code).toBe(0);
    expect(edited.data.levelList[1]).toMatchObject({
      id: standard?.id,
      levelName: 'Standard plus',
      itemCodes: ['ALARM_SMS'],
    });
    expect(edited.data.levelList[1]?.yearList.map((y) => y.timeLength)).toEqual([12, 36]);
    expect(edited.data.levelList[1]?.yearList[0]?.id).toBe(standard?.yearList[0]?.id);

    // A row of another level is not this level's.
    const foreignRow = await put(`${PACKAGE}/update`, {
      ...packageBody({ packageCode: pkg.packageCode }),
      id: pkg.id,
      levelList: [
        { id: trial?.id, levelName: 'Trial', free: 1, yearList: [] },
        {
          levelName: 'Other',
          yearList: [
            {
              id: edited.data.levelList[1]?.yearList[0]?.id,
              timeLength: 12,
              serviceFee: 1,
              dataFee: 1,
              discount: 100,
            },
          ],
        },
      ],
    });
    expect(foreignRow.code).toBe(3102);

    const enabled = await post<ServicePackageSummary>(`${PACKAGE}/enablePackage`, { id: pkg.id });
    expect(enabled.data.packageStatus).toBe(1);
    expect(enabled.data.enableTime).not.toBeNull();
    // An enabled package keeps its levels and rows.
    const drop = await put(`${PACKAGE}/update`, {
      ...packageBody({ packageCode: pkg.packageCode }),
      id: pkg.id,
      levelList: [{ id: trial?.id, levelName: 'Trial', free: 1, yearList: [] }],
      freePackage: null,
    });
    expect([drop.code, drop.msg]).toEqual([
      3113,
      'The package is enabled: stop it before removing levels or durations',
    ]);
    const stopped = await post<ServicePackageSummary>(`${PACKAGE}/stopPackage`, { id: pkg.id });
    expect(stopped.data.packageStatus).toBe(0);

    // Only free levels: nothing to sell, so it cannot be enabled.
    const freeOnly = await post<ServicePackageDetail>(
      `${PACKAGE}/insert`,
      packageBody({ levelList: [{ levelName: 'Trial', free: 1, yearList: [] }] }),
    );
    const nothing = await post(`${PACKAGE}/enablePackage`, { id: freeOnly.data.id });
    expect(nothing.msg).toBe(
      'Service levels: need a paid level with at least one duration before the package can be enabled',
    );

    await post(`${PACKAGE}/sort`, { ids: [freeOnly.data.id, pkg.id] });
    const page = await post<PageResponse<ServicePackageSummary>>(`${PACKAGE}/selectPackageList`, {
      start: 1,
      pageSize: 50,
    });
    const order = page.data.data.map((p) => p.id);
    expect(order.indexOf(freeOnly.data.id)).toBeLessThan(order.indexOf(pkg.id));
    const byName = await post<PageResponse<ServicePackageSummary>>(`${PACKAGE}/selectPackageList`, {
      start: 1,
      pageSize: 10,
      packageName: 'Basic care 2',
    });
    expect(byName.data.data.map((p) => p.id)).toEqual([pkg.id]);

    const icon = multipart({ name: 'icon.png', bytes: PNG, type: 'image/png' }, { id: String(pkg.id) });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${PACKAGE}/uploadIcon`,
      headers: { authorization: `Bearer ${operator}`, ...icon.headers },
      payload: icon.payload,
    });
    const url = (JSON.parse(uploaded.body) as { data: { url: string } }).data.url;
    expect(url).toMatch(/^\/api\/files\/service-package-icons\/[a-f0-9]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const detail = await post<ServicePackageDetail>(`${PACKAGE}/detail`, { id: pkg.id });
    expect(detail.data.icon).toBe(url);
  });

  it('lets a device buy only from the enabled package its type is related to', async () => {
    const created = await post<ServicePackageDetail>(
      `${PACKAGE}/insert`,
      packageBody({ packageName: 'Drawer' }),
    );
    const pkg = created.data;
    const items = () =>
      get<DeviceServiceItems>(
        `${LEVEL.replace('PayServiceLevel', 'PayServiceItem')}/selectAllServiceItemByDevice`,
        {
          deviceId: String(deviceId),
        },
        owner.token,
      );

    // No relation yet: no levels and a clear message.
    const none = await items();
    expect(none.data).toMatchObject({ servicePackageId: null, levelList: [] });
    expect(none.data.message).toBe('Device: no service package is offered for this device type');

    const related = await put<{ deviceTypeIds: number[] }>(`${RELATION}/update`, {
      packageId: pkg.id,
      deviceTypeIds: [typeId],
    });
    expect(related.data.deviceTypeIds).toEqual([typeId]);
    // Related but stopped: still nothing to buy.
    expect((await items()).data.levelList).toEqual([]);
    expect((await items()).data.message).toBe(
      'Service package: this package is stopped and cannot be bought',
    );

    await post(`${PACKAGE}/enablePackage`, { id: pkg.id });
    const offered = await items();
    expect(offered.data).toMatchObject({ servicePackageId: pkg.id, packageName: 'Drawer', message: null });
    expect(
      offered.data.levelList.map((l) => [l.levelName, l.free, l.serviceFee, l.dataFee, l.topStatus]),
    ).toEqual([
      ['Trial', true, 0, 0, 0],
      ['Standard', false, 9_900, 1_000, 1],
    ]);
    // The other type sees nothing.
    const other = await get<DeviceServiceItems>(
      `${ITEM}/selectAllServiceItemByDevice`,
      {
        deviceId: String(otherTypeDeviceId),
      },
      owner.token,
    );
    expect(other.data.levelList).toEqual([]);

    const standard = offered.data.levelList[1];
    const years = await get<{
      levelYearList: { timeLength: number; payFee: number; presentationMonth: number }[];
    }>(
      `${LEVEL}/selectLevelYear`,
      { deviceId: String(deviceId), levelId: String(standard?.levelId), packageId: String(pkg.id) },
      owner.token,
    );
    expect(years.data.levelYearList.map((y) => [y.timeLength, y.payFee, y.presentationMonth])).toEqual(
      [
        [12, 10_900],
        [24, 18_000],
      ].map(([m, fee], i) => [m, fee, i === 1 ? 3 : 0]),
    );
    const freeYears = await get(
      `${LEVEL}/selectLevelYear`,
      {
        deviceId: String(deviceId),
        levelId: String(offered.data.levelList[0]?.levelId),
        packageId: String(pkg.id),
      },
      owner.token,
    );
    expect([freeYears.code, freeYears.msg]).toEqual([3106, 'Service level: a free level cannot be bought']);
    const unrelated = await get(
      `${LEVEL}/selectLevelYear`,
      { deviceId: String(otherTypeDeviceId), levelId: String(standard?.levelId), packageId: String(pkg.id) },
      owner.token,
    );
    expect(unrelated.code).toBe(3107);

    // Another account's device answers like a missing one.
    const stranger = await signedIn(t.app);
    const foreign = await get(
      `${ITEM}/selectAllServiceItemByDevice`,
      { deviceId: String(deviceId) },
      stranger.token,
    );
    const missing = await get(
      `${ITEM}/selectAllServiceItemByDevice`,
      { deviceId: '9999999' },
      stranger.token,
    );
    expect([foreign.code, foreign.msg]).toEqual([missing.code, missing.msg]);
    expect(foreign.code).not.toBe(0);

    // A type buys one package of the platform.
    const second = await post<ServicePackageDetail>(`${PACKAGE}/insert`, packageBody());
    const clash = await put(`${RELATION}/update`, { packageId: second.data.id, deviceTypeIds: [typeId] });
    expect(clash.code).toBe(3114);
    expect(clash.msg).toContain('already buys package "Drawer"');
    const relations = await get<DeviceTypeRelation[]>(`${RELATION}/selectServiceList`, {
      packageId: String(pkg.id),
    });
    expect(relations.data.map((r) => [r.deviceTypeId, r.packageId, r.packageStatus])).toEqual([
      [typeId, pkg.id, 1],
    ]);
    const unknownType = await put(`${RELATION}/update`, {
      packageId: second.data.id,
      deviceTypeIds: [9_999_999],
    });
    expect(unknownType.code).toBe(1004);
    // Leave the type free for the other tests.
    await put(`${RELATION}/update`, { packageId: pkg.id, deviceTypeIds: [] });
  });

  it('keeps at most 5 SMS and 5 voice packages per country code, and shows them by country code', async () => {
    const sms = (n: number, extra: Record<string, unknown> = {}) => ({
      kind: 'sms',
      countryCode: '86',
      currency: 'CNY',
      packageName: `${n * 100} SMS`,
      count: n * 100,
      packageFee: n * 900,
      initialFee: n * 1_000,
      ...extra,
    });
    const ids: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const answer = await post<SmsPackage>(`${SMS}/insert`, sms(n));
      expect(answer.code).toBe(0);
      ids.push(answer.data.id);
    }
    const sixth = await post(`${SMS}/insert`, sms(6));
    expect([sixth.code, sixth.msg]).toEqual([3110, 'At most 5 SMS packages per country code']);
    // Voice packages and other country codes have their own 5.
    const voice = await post<SmsPackage>(
      `${SMS}/insert`,
      sms(1, { kind: 'voice', packageName: '50 calls', count: 50 }),
    );
    expect(voice.code).toBe(0);
    const us = await post<SmsPackage>(`${SMS}/insert`, sms(1, { countryCode: '1', currency: 'USD' }));
    expect(us.code).toBe(0);
    // Moving a package into a full country code is refused too.
    const moved = await put(`${SMS}/update`, {
      ...sms(1, { countryCode: '86', currency: 'USD' }),
      id: us.data.id,
    });
    expect(moved.code).toBe(3110);

    expect(
      (await post(`${SMS}/insert`, sms(1, { packageName: 'n'.repeat(21), countryCode: '44' }))).msg,
    ).toBe('Package name: must be at most 20 characters');
    expect((await post(`${SMS}/insert`, sms(1, { countryCode: '+86x' }))).msg).toBe(
      'Country code: is not a valid country calling code',
    );
    expect((await post(`${SMS}/insert`, sms(1, { packageFee: -1, countryCode: '44' }))).msg).toBe(
      'Package fee: must be at least 0',
    );

    const edited = await put<SmsPackage>(`${SMS}/update`, {
      ...sms(1, { packageName: 'Starter' }),
      id: ids[0],
    });
    expect(edited.data.packageName).toBe('Starter');
    await post(`${SMS}/sortPackage`, { ids: [ids[4], ids[3], ids[2], ids[1], ids[0]] });

    const view = await post<DepositView>(`${SMS}/selectDepositView`, { countryCode: '86' }, owner.token);
    expect(view.data.smsList.map((p) => p.smsCount)).toEqual([500, 400, 300, 200, 100]);
    expect(view.data.smsList[0]).toMatchObject({
      packageFee: 4_500,
      initialFee: 5_000,
      discount: 90,
      currency: 'CNY',
    });
    expect(view.data.voiceList.map((p) => [p.voiceCount, p.packageName])).toEqual([[50, '50 calls']]);
    const usView = await post<DepositView>(`${SMS}/selectDepositView`, { countryCode: '1' }, owner.token);
    expect(usView.data.smsList.map((p) => p.currency)).toEqual(['USD']);

    const removed = await call(t.app, 'DELETE', `${SMS}/delete`, {
      token: operator,
      query: { id: String(ids[4]) },
    });
    expect(removed.code).toBe(0);
    const list = await post<SmsPackage[]>(`${SMS}/selectSmsPackage`, { countryCode: '86', kind: 'sms' });
    expect(list.data).toHaveLength(4);
  });

  it('holds the 5-package limit when operators add at once', async () => {
    const body = (n: number) => ({
      kind: 'voice',
      countryCode: '33',
      currency: 'USD',
      packageName: `${n} calls`,
      count: n,
      packageFee: n * 10,
      initialFee: n * 10,
    });
    for (let n = 1; n <= 3; n += 1) expect((await post(`${SMS}/insert`, body(n))).code).toBe(0);
    const answers = await Promise.all([4, 5, 6, 7, 8].map((n) => post(`${SMS}/insert`, body(n))));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.code === 3110)).toHaveLength(3);
    const list = await post<SmsPackage[]>(`${SMS}/selectSmsPackage`, { countryCode: '33', kind: 'voice' });
    expect(list.data).toHaveLength(5);
  });

  it('imports SMS and voice packages from CSV and XLSX, refusing a bad row or a sixth package whole', async () => {
    const upload = async (name: string, bytes: Buffer, type: string) => {
      const body = multipart({ name, bytes, type });
      const response = await t.app.inject({
        method: 'POST',
        url: `${SMS}/importSmsPackages`,
        headers: { authorization: `Bearer ${operator}`, 'accept-language': 'en-US', ...body.headers },
        payload: body.payload,
      });
      return JSON.parse(response.body) as { code: number; msg: string; data: SmsImportResult | null };
    };
    const csv = [
      'kind,countryCode,currency,packageName,count,packageFee,initialFee',
      'sms,49,EUR,100 SMS,100,500,600',
    ].join('\n');
    const badCurrency = await upload('p.csv', Buffer.from(csv), 'text/csv');
    expect(badCurrency.msg).toBe('Currency: is invalid in row 2');
    const good = [
      'Kind,Country code,Currency,Package name,Count,Package fee,Initial fee',
      'sms,49,USD,100 SMS,100,500,600',
      'voice,+49,USD,20 calls,20,800,800',
      '',
    ].join('\r\n');
    expect((await upload('p.csv', Buffer.from(good), 'text/csv')).data).toEqual({ inserted: 2, updated: 0 });
    // The same names again change those packages.
    expect((await upload('p.csv', Buffer.from(good.replace('500,600', '450,600')), 'text/csv')).data).toEqual(
      {
        inserted: 0,
        updated: 2,
      },
    );
    const rows = await post<SmsPackage[]>(`${SMS}/selectSmsPackage`, { countryCode: '49' });
    expect(rows.data.map((r) => [r.kind, r.packageFee])).toEqual([
      ['sms', 450],
      ['voice', 800],
    ]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Packages');
    sheet.addRow(['kind', 'countryCode', 'currency', 'packageName', 'count', 'packageFee', 'initialFee']);
    for (let n = 2; n <= 6; n += 1)
      sheet.addRow(['sms', '49', 'USD', `${n}00 SMS`, n * 100, n * 400, n * 500]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const tooMany = await upload(
      'p.xlsx',
      xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect([tooMany.code, tooMany.msg]).toEqual([3110, 'At most 5 SMS packages per country code']);
    // Nothing of the refused file was kept.
    expect((await post<SmsPackage[]>(`${SMS}/selectSmsPackage`, { countryCode: '49' })).data).toHaveLength(2);
    const text = await upload('p.txt', Buffer.from(good), 'text/plain');
    expect(text.code).toBe(1103);
  });

  it('is back office only: an account holder may read the drawer but not change the catalogue', async () => {
    for (const [method, url, body] of [
      ['POST', `${PACKAGE}/insert`, packageBody()],
      ['POST', `${PACKAGE}/selectPackageList`, { start: 1, pageSize: 10 }],
      ['POST', `${ITEM}/insert`, { itemCode: 'AI_QA', itemName: 'AI' }],
      [
        'POST',
        `${SMS}/insert`,
        {
          kind: 'sms',
          countryCode: '86',
          currency: 'CNY',
          packageName: 'x',
          count: 1,
          packageFee: 1,
          initialFee: 1,
        },
      ],
      ['PUT', `${RELATION}/update`, { packageId: 1, deviceTypeIds: [] }],
    ] as const) {
      const answer = await call(t.app, method, url, { token: owner.token, body });
      expect(answer.status, url).toBe(403);
    }
    expect((await call(t.app, 'POST', `${PACKAGE}/insert`, { body: packageBody() })).status).toBe(401);
    expect(nextPackageCode()).toMatch(/^\d{8}$/);
  });
});
