import type { Contractor, PatternImage, Platform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { signedIn } from '../devices/test-support.ts';
import { multipart, PNG } from '../operations-overview/test-support.ts';
import { PLATFORM_SYSTEM_PROBES, type PlatformSystemTarget } from './isolation-probes.ts';

const BASE = '/api/base/BaseContractor';
const HOST_B = 'contractors-b.example.com';
const MISSING = 999_999;
type Page<T> = { data: T[]; totalCount: number; start: number };

describe('engineers and contractors', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  const put = <T>(path: string, body: unknown, token = operator) =>
    call<T>(t.app, 'PUT', `${BASE}/${path}`, { token, body, locale: 'en-US' });
  const page = (body: Record<string, unknown>, token = operator, host?: string) =>
    call<Page<Contractor>>(t.app, 'POST', `${BASE}/page`, {
      token,
      body: { start: 1, pageSize: 50, ...body },
      ...(host ? { host } : {}),
    });

  it('lists engineers, certifies one whose company and contact are given, and voids it when they change', async () => {
    const engineer = await signedIn(t.app, { roleCode: 'serviceEngineer' });
    const listed = await page({ userName: engineer.userName });
    expect(listed.data.data).toEqual([
      expect.objectContaining({ accountId: engineer.id, status: 'uncertified', contractorCompany: null }),
    ]);
    const incomplete = await put('certify', { id: engineer.id, status: 'certified' });
    expect([incomplete.code, incomplete.msg]).toEqual([
      3600,
      'The contractor company and contact are both needed before certifying',
    ]);
    const saved = await put<Contractor>('save', {
      id: engineer.id,
      contractorCompany: ' Polar Service ',
      contractorContact: 'Li Lei',
    });
    expect(saved.data).toMatchObject({ contractorCompany: 'Polar Service', status: 'uncertified' });
    const certified = await put<Contractor>('certify', {
      id: engineer.id,
      status: 'certified',
      note: 'Checked',
    });
    expect(certified.data).toMatchObject({
      status: 'certified',
      certifiedCompany: 'Polar Service',
      deciderName: 'demo_operator',
      note: 'Checked',
    });
    const twice = await put('certify', { id: engineer.id, status: 'certified' });
    expect([twice.code, twice.msg]).toEqual([3601, 'The contractor already has this status']);
    expect((await page({ status: 'certified' })).data.data.map((c) => c.accountId)).toEqual([engineer.id]);

    // The engineer's own profile names another company: the certificate no longer holds.
    const own = await call(t.app, 'POST', '/api/base/BaseAccount/modifyBaseInfo', {
      token: engineer.token,
      body: { contractorCompany: 'Other Co', contractorContact: 'Li Lei' },
    });
    expect(own.code).toBe(0);
    expect((await page({ status: 'certified' })).data.totalCount).toBe(0);
    const row = (await page({ userName: engineer.userName })).data.data[0];
    expect(row).toMatchObject({
      status: 'uncertified',
      contractorCompany: 'Other Co',
      certifiedCompany: 'Polar Service',
    });

    const withdrawn = await put<Contractor>('certify', { id: engineer.id, status: 'uncertified' });
    expect([withdrawn.code, withdrawn.msg]).toEqual([3601, 'The contractor already has this status']);
  });

  it('validates every field with a message naming it and changes nothing on failure', async () => {
    const engineer = await signedIn(t.app, { roleCode: 'serviceEngineer' });
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'save',
        { id: engineer.id, contractorCompany: 'x'.repeat(21), contractorContact: 'A' },
        'must be at most 20 characters',
      ],
      ['save', { id: engineer.id, contractorCompany: 'A', contractorContact: '' }, 'is required'],
      [
        'save',
        { id: engineer.id, contractorCompany: 'A', contractorContact: 'B', roleCode: 'operator' },
        'is not an accepted field',
      ],
      ['certify', { id: engineer.id, status: 'approved' }, 'must be one of'],
      [
        'certify',
        { id: engineer.id, status: 'certified', note: 'n'.repeat(101) },
        'must be at most 100 characters',
      ],
    ];
    for (const [path, body, rule] of cases) {
      const answer = await put(path, body);
      expect(answer.code, JSON.stringify(body)).toBe(1001);
      expect(answer.msg).toContain(rule);
    }
    const stored = await t.app.ctx.db
      .selectFrom('account')
      .select(['contractorCompany', 'roleCode'])
      .where('id', '=', engineer.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ contractorCompany: null, roleCode: 'serviceEngineer' });
    const user = await signedIn(t.app, { roleCode: 'personalUser' });
    expect((await page({}, user.token)).status).toBe(403);
    expect((await put('certify', { id: engineer.id, status: 'certified' }, user.token)).status).toBe(403);
    // Dealers read the user list but certify nothing (002 §6: the administrators' functions).
    const dealer = await signedIn(t.app, { roleCode: 'dealer' });
    expect((await page({}, dealer.token)).status).toBe(200);
    expect((await put('certify', { id: engineer.id, status: 'certified' }, dealer.token)).status).toBe(403);
    expect(
      (await put('save', { id: engineer.id, contractorCompany: 'X', contractorContact: 'Y' }, dealer.token))
        .status,
    ).toBe(403);
  });

  it('answers another platform’s pattern images and accounts exactly as missing ones', async () => {
    const victim: Record<PlatformSystemTarget, number> = { patternImage: 0, account: 0 };
    const engineer = await signedIn(t.app, { roleCode: 'serviceEngineer' });
    victim.account = engineer.id;
    await put('save', { id: engineer.id, contractorCompany: 'Home Co', contractorContact: 'Han' });
    const m = multipart('home.png', PNG, { name: 'Home pattern' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/device/PatternImage/upload',
      headers: { authorization: `Bearer ${operator}`, ...m.headers },
      payload: m.payload,
    });
    victim.patternImage = (JSON.parse(uploaded.body) as { data: PatternImage }).data.id;
    const b = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: HOST_B, title: 'Tenant B' },
    });
    const intruders = [];
    for (const roleCode of ['operator', 'enterpriseAdmin'] as const)
      intruders.push({
        name: `${roleCode} of another platform`,
        token: (await signedIn(t.app, { roleCode, platformId: b.data.id, host: HOST_B })).token,
      });
    for (const intruder of intruders) {
      for (const probe of PLATFORM_SYSTEM_PROBES) {
        const ask = (id: number) =>
          call(t.app, probe.method, probe.url, {
            token: intruder.token,
            host: HOST_B,
            locale: 'en-US',
            ...(probe.body ? { body: probe.body(id) } : {}),
            ...(probe.query ? { query: probe.query(id) } : {}),
          });
        const foreign = await ask(victim[probe.target]);
        const missing = await ask(MISSING);
        const label = `${intruder.name} ${probe.name}`;
        expect([foreign.status, foreign.code, foreign.msg, foreign.data], label).toEqual([
          missing.status,
          missing.code,
          missing.msg,
          missing.data,
        ]);
        expect(foreign.code, label).not.toBe(0);
      }
      const list = await page({}, intruder.token, HOST_B);
      expect(list.data?.data ?? [], intruder.name).toEqual([]);
    }
    const image = await t.app.ctx.db
      .selectFrom('patternImage')
      .select('name')
      .where('id', '=', victim.patternImage)
      .executeTakeFirst();
    expect(image?.name).toBe('Home pattern');
    const account = await t.app.ctx.db
      .selectFrom('account')
      .select('contractorCompany')
      .where('id', '=', engineer.id)
      .executeTakeFirstOrThrow();
    expect(account.contractorCompany).toBe('Home Co');
    expect(
      await t.app.ctx.db
        .selectFrom('contractorCertificate')
        .select('accountId')
        .where('accountId', '=', engineer.id)
        .execute(),
    ).toEqual([]);
  });
});
