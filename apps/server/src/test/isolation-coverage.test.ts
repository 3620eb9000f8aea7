import type { Platform } from '@coldchain/shared';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALARM_PROBES } from '../modules/alarms/isolation-probes.ts';
import { PLATFORM_SYSTEM_PROBES } from '../modules/contractors/isolation-probes.ts';
import { DEVICE_SERVICE_PROBES } from '../modules/device-service/isolation-probes.ts';
import { DEVICE_PROBES, OWNER_PROBES } from '../modules/devices/isolation-probes.ts';
import { signedIn } from '../modules/devices/test-support.ts';
import { FIRMWARE_PROBES } from '../modules/firmware/isolation-probes.ts';
import { ORDER_PROBES } from '../modules/orders/isolation-probes.ts';
import { ORGANIZATION_PROBES } from '../modules/organizations/isolation-probes.ts';
import { PAYMENT_PROBES } from '../modules/payments/isolation-probes.ts';
import { PROVIDER_SETTINGS_PROBES } from '../modules/payments/provider-settings-probes.ts';
import { PLATFORM_PROBES } from '../modules/platforms/isolation-probes.ts';
import { CATALOGUE_PROBES } from '../modules/service-packages/isolation-probes.ts';
import { SHARING_PROBES } from '../modules/sharing/isolation-probes.ts';
import { SIMS_GUIDS_PROBES } from '../modules/sims/isolation-probes.ts';
import { PEOPLE_PROBES } from '../modules/users/isolation-probes.ts';
import { WAYBILL_PROBES } from '../modules/waybills/isolation-probes.ts';
import { call, createTestApp, login, type TestApp } from './harness.ts';

/** Every route the app registers, with its schema and config, seen as it is added. */
const routes = vi.hoisted(
  () =>
    [] as { method: string; url: string; schema: Record<string, unknown>; config: Record<string, unknown> }[],
);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const watched = (options?: FastifyServerOptions): FastifyInstance => {
    const app = real.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat())
        routes.push({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as Record<string, unknown>,
          config: (route.config ?? {}) as Record<string, unknown>,
        });
    });
    return app;
  };
  return { ...real, default: watched };
});

/** The isolation matrices: each probe calls one route with another account's id. */
const PROBED = [
  ...ALARM_PROBES,
  ...DEVICE_PROBES,
  ...FIRMWARE_PROBES,
  ...DEVICE_SERVICE_PROBES,
  ...OWNER_PROBES,
  ...ORDER_PROBES,
  ...ORGANIZATION_PROBES,
  ...PAYMENT_PROBES,
  ...PROVIDER_SETTINGS_PROBES,
  ...PLATFORM_PROBES,
  ...PLATFORM_SYSTEM_PROBES,
  ...CATALOGUE_PROBES,
  ...SHARING_PROBES,
  ...SIMS_GUIDS_PROBES,
  ...PEOPLE_PROBES,
  ...WAYBILL_PROBES,
];

const ID_KEY = /^(id|ids)$|(Id|Ids)$/;

/** Keys that name no account's thing: nothing to isolate, whoever names them. */
const UNOWNED_KEYS: Record<string, string> = {
  deviceTypeId: 'device types are the global catalogue (docs/decisions.md, Catalogue)',
  deviceModelId: 'model codes are the global catalogue',
  energyParamId: 'a parameter of a global device type',
  refParamId: 'a parameter of a global device type',
  paramMinRefId: 'a parameter of a global device type',
  paramMaxRefId: 'a parameter of a global device type',
  fromUnitId: 'units are the global catalogue',
  toUnitId: 'units are the global catalogue',
  alarmTemplateId: 'message templates are the global catalogue',
  warnTemplateId: 'message templates are the global catalogue',
  probeId: 'the number of a probe on a device, not a row',
  captchaId: 'a one-time challenge handed to whoever asked for it; not an account’s thing',
  sceneId: 'the menu scene (1 or 2), not a row',
  iccId: 'a SIM card’s ICCID (its printed digits), not a row id',
};

/**
 * Routes of the global catalogue, by path prefix, with why they need no matrix: their rows have no
 * platform or owner, every platform reads them, and only the default platform's back office holds the
 * `product.*` keys that change them (checked by the last test here).
 */
const CATALOGUE_PREFIXES: Record<string, string> = {
  '/api/device/DeviceType/': 'device types: one catalogue for all platforms (docs/decisions.md, Catalogue)',
  '/api/device/DeviceTypeParam/': 'parameters belong to a global device type',
  '/api/base/BaseUnit/': 'units: one catalogue for all platforms',
  '/api/device/DeviceModel/': 'model codes belong to a global device type',
  '/api/device/DeviceSeries/': 'series: one catalogue for all platforms',
  '/api/device/DeviceAlarmRule/': 'alarm rules: no platform column, applied to every device of a type',
  '/api/device/DeviceWarnRule/': 'warning rules: no platform column, applied to every device of a type',
  '/api/device/DeviceMessageTemlate/':
    'message templates: no platform column, one text per kind and language',
};

/** The id-bearing keys of a zod schema: its own keys and those of objects one level down. */
function idKeys(schema: unknown, depth = 1): string[] {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => [
        ...(ID_KEY.test(key) ? [key] : []),
        ...(depth > 0 ? idKeys(value, depth - 1).map((inner) => `${key}.${inner}`) : []),
      ]);
    case 'pipe':
      return idKeys(def.in, depth);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return idKeys(def.innerType, depth);
    case 'array':
      return idKeys(def.element, depth);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => idKeys(option, depth));
    case 'intersection':
      return [...idKeys(def.left, depth), ...idKeys(def.right, depth)];
    default:
      return [];
  }
}

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const lastName = (key: string) => key.split('.').at(-1) ?? key;
const catalogueOf = (url: string) => Object.keys(CATALOGUE_PREFIXES).find((prefix) => url.startsWith(prefix));

/** Routes that name something by id, with the keys that do, unowned keys left out. */
function idBearing() {
  return routes
    .filter((r) => r.method !== 'HEAD')
    .map((r) => ({
      ...r,
      keys: [
        ...new Set(
          ['params', 'querystring', 'body'].flatMap((part) =>
            idKeys(r.schema[part]).filter((key) => !(lastName(key) in UNOWNED_KEYS)),
          ),
        ),
      ],
    }))
    .filter((r) => r.keys.length > 0);
}

describe('isolation matrix coverage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('probes every route that names an account’s thing by id, or says why not', () => {
    const probed = new Set(PROBED.map(keyOf));
    const found = idBearing();
    expect(found.length).toBeGreaterThan(100);
    const unprobed = found
      .filter((r) => !probed.has(keyOf(r)) && !catalogueOf(r.url))
      .map((r) => `${keyOf(r)} (${r.keys.join(', ')})`);
    expect(unprobed).toEqual([]);
  });

  it('probes only routes the app has, and every allowance still applies', () => {
    const registered = new Set(routes.map(keyOf));
    expect(PROBED.map(keyOf).filter((key) => !registered.has(key))).toEqual([]);
    for (const prefix of Object.keys(CATALOGUE_PREFIXES))
      expect(
        idBearing().some((r) => r.url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    const named = new Set(
      routes.flatMap((r) =>
        ['params', 'querystring', 'body'].flatMap((p) => idKeys(r.schema[p]).map(lastName)),
      ),
    );
    expect(Object.keys(UNOWNED_KEYS).filter((key) => !named.has(key))).toEqual([]);
  });

  it('leaves the global catalogue to the default platform: other back offices may only read it', async () => {
    const operator = await login(t.app, 'demo_operator');
    const host = 'catalogue-b.example.com';
    const platformB = await call<Platform>(t.app, 'POST', '/api/base/BaseCustomPage/insert', {
      token: operator,
      body: { topDomain: host, title: 'Tenant B' },
    });
    const operatorB = await signedIn(t.app, { roleCode: 'operator', platformId: platformB.data.id, host });
    const changes = routes.filter(
      (r) => catalogueOf(r.url) && r.method !== 'GET' && r.method !== 'HEAD' && r.config.audit !== false,
    );
    expect(changes.length).toBeGreaterThan(20);
    for (const route of changes) {
      expect(String(route.config.permission), keyOf(route)).toMatch(/^product\.\w+:(?!query|get|export)/);
      const answer = await call(t.app, route.method as 'POST', route.url.replace(/:\w+/g, '1'), {
        token: operatorB.token,
        host,
        ...(route.method === 'DELETE' ? { query: { id: '1' } } : { body: { id: 1 } }),
      });
      expect(answer.status, keyOf(route)).toBe(403);
    }
    const read = await call(t.app, 'GET', '/api/device/DeviceType/detail', {
      token: operatorB.token,
      host,
      query: { id: '1' },
    });
    expect(read.status).not.toBe(403);
  });
});
