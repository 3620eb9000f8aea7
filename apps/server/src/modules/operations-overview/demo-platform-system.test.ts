import type { Contractor, PatternImage, PlatformFigures, PublicPlatform } from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { DEMO_BRAND_DOMAIN, seedDemoPlatformSystem } from './demo-platform-system.ts';

describe('demo data of the platform and system pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives a branded platform with its logo, pattern images and contractors, once', async () => {
    await seedDemoPlatformSystem(t.app.ctx);
    await seedDemoPlatformSystem(t.app.ctx);
    const brand = await call<PublicPlatform>(t.app, 'GET', '/api/base/BaseCustomPage/queryByTopDomain', {
      host: DEMO_BRAND_DOMAIN,
    });
    expect(brand.data).toMatchObject({ title: 'Polar Cold Chain', themeColor: '#1677FF', useLogo: 1 });
    const logo = await t.app.inject({ method: 'GET', url: brand.data.loginLogo ?? '' });
    expect([logo.statusCode, logo.headers['content-type']]).toEqual([200, 'image/png']);
    await login(t.app, 'polar_operator', undefined, DEMO_BRAND_DOMAIN);

    const operator = await login(t.app, 'demo_operator');
    const patterns = await call<{ data: PatternImage[] }>(t.app, 'POST', '/api/device/PatternImage/page', {
      token: operator,
      body: {},
    });
    expect(patterns.data.data.map((p) => p.name).sort()).toEqual(['Blue stripes', 'Orange stripes']);
    const image = await t.app.inject({ method: 'GET', url: patterns.data.data[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    const contractors = await call<{ data: Contractor[] }>(t.app, 'POST', '/api/base/BaseContractor/page', {
      token: operator,
      body: {},
    });
    const byName = Object.fromEntries(contractors.data.data.map((c) => [c.userName, c.status]));
    expect(byName).toMatchObject({ demo_engineer: 'certified', demo_engineer_two: 'uncertified' });
    const figures = await call<PlatformFigures[]>(t.app, 'POST', '/api/base/BaseSystem/platformFigures', {
      token: operator,
      body: {},
    });
    expect(figures.data.find((f) => f.title === 'Polar Cold Chain')?.accounts).toBe(1);
  });
});
