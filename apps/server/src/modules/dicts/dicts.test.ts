import type { DictItem, TimeZoneItem } from '@coldchain/shared';
import { COUNTRY_CODE_VALUES, IDENTITY_VALUES, INDUSTRY_VALUES } from '@coldchain/shared/dictionaries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.ts';
import { formatOffset, offsetMinutes } from './time-zones.ts';

const DICT = '/api/base/BaseDict/queryDictByType';
const ZONES = '/api/base/BaseDict/queryTimeZoneByType';

describe('dictionaries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the identity dictionary with labels in the caller language', async () => {
    const en = await call<DictItem[]>(t.app, 'GET', DICT, {
      query: { dataType: 'identity' },
      locale: 'en-US',
    });
    expect(en.code).toBe(0);
    expect(en.data.map((i) => i.dataValue)).toEqual([...IDENTITY_VALUES]);
    expect(en.data[0]).toEqual({ dataValue: 'manager', label: 'Manager' });
    const zh = await call<DictItem[]>(t.app, 'GET', DICT, { query: { dataType: 'identity' } });
    expect(zh.data[0]).toEqual({ dataValue: 'manager', label: '管理者' });
    const de = await call<DictItem[]>(t.app, 'GET', DICT, {
      query: { dataType: 'identity' },
      locale: 'de-DE',
    });
    expect(de.data.every((i) => !i.label.startsWith('dict.'))).toBe(true);
  });

  it('answers the industry and country-code dictionaries in display order', async () => {
    const industry = await call<DictItem[]>(t.app, 'GET', DICT, {
      query: { dataType: 'industry' },
      locale: 'en-US',
    });
    expect(industry.data.map((i) => i.dataValue)).toEqual([...INDUSTRY_VALUES]);
    expect(industry.data.find((i) => i.dataValue === 'vaccine')?.label).toBe('Vaccines and disease control');
    const countries = await call<DictItem[]>(t.app, 'GET', DICT, {
      query: { dataType: 'COUNTRY_CODE' },
      locale: 'en-US',
    });
    expect(countries.data.map((i) => i.dataValue)).toEqual([...COUNTRY_CODE_VALUES]);
    expect(countries.data[0]).toEqual({ dataValue: '86', label: 'China' });
    expect(countries.data.every((i) => i.label !== `dict.COUNTRY_CODE.${i.dataValue}`)).toBe(true);
  });

  it('needs no session and names a bad dictionary type', async () => {
    const bad = await call<{ fields: { field: string }[] }>(t.app, 'GET', DICT, {
      query: { dataType: 'salary' },
      locale: 'en-US',
    });
    expect(bad.status).toBe(200);
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('Dictionary type: must be one of: identity, industry, COUNTRY_CODE');
    expect(bad.data.fields[0]?.field).toBe('dataType');
    const zh = await call(t.app, 'GET', DICT, {});
    expect(zh.code).toBe(1001);
    expect(zh.msg.startsWith('字典类型：')).toBe(true);
  });

  it('answers every IANA time zone and UTC with its current offset, west to east', async () => {
    const answer = await call<TimeZoneItem[]>(t.app, 'GET', ZONES, { query: { type: '1' } });
    expect(answer.code).toBe(0);
    const zones = answer.data;
    expect(zones.length).toBe(Intl.supportedValuesOf('timeZone').length + 1);
    expect(zones.find((z) => z.dataValue === 'Asia/Shanghai')).toEqual({
      dataValue: 'Asia/Shanghai',
      label: '(UTC+08:00) Asia/Shanghai',
      offset: '+08:00',
      offsetMinutes: 480,
    });
    expect(zones.find((z) => z.dataValue === 'UTC')?.offsetMinutes).toBe(0);
    const now = new Date();
    const newYork = zones.find((z) => z.dataValue === 'America/New_York');
    expect(newYork?.offsetMinutes).toBe(offsetMinutes('America/New_York', now));
    expect([-300, -240]).toContain(newYork?.offsetMinutes);
    for (let i = 1; i < zones.length; i += 1) {
      expect((zones[i]?.offsetMinutes ?? 0) >= (zones[i - 1]?.offsetMinutes ?? 0)).toBe(true);
    }
    const defaulted = await call<TimeZoneItem[]>(t.app, 'GET', ZONES);
    expect(defaulted.data).toEqual(zones);
    const bad = await call(t.app, 'GET', ZONES, { query: { type: '2' }, locale: 'en-US' });
    expect(bad.code).toBe(1001);
    expect(bad.msg).toBe('Type: must be at most 1');
  });

  it('formats offsets with sign, hours and minutes', () => {
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(-210)).toBe('-03:30');
    expect(offsetMinutes('Asia/Kolkata', new Date())).toBe(330);
  });
});
