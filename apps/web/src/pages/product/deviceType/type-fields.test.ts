import { type DeviceType, deviceTypeInsertSchema, deviceTypeUpdateSchema } from '@coldchain/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import enUS from '../../../locales/en-US/common.json';
import { importProblem, typeBody, typeInitialValues } from './type-fields.ts';

vi.mock('../../../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { common: enUS } }, defaultNS: 'common' });
});

const stored: DeviceType = {
  id: 4,
  typeName: 'Cold room logger',
  typeCode: '8A01',
  typeSeries: 2,
  seriesName: 'Rooms',
  mapMode: 1,
  connectType: 2,
  typeStatus: 2,
  pushStatus: 1,
  energyStatus: 1,
  energyParamId: 9,
  energyType: 2,
  phoneStatus: 0,
  autoSms: 1,
  autoEmail: 0,
  batchParamStatus: 1,
  onlineUpgradeStatus: 0,
  waybillStatus: 1,
  convertStatus: 1,
  netType: 3,
  wifiType: 0,
  nodeType: 1,
  gatewayDataStatus: 0,
  deviceImg: '/api/files/x.png',
  manualUrl: null,
  typeDesc: null,
  pushParamModified: 1,
  typeScenes: [2, 1],
  addType: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the device type form', () => {
  it('starts a new type with the defaults the server would give', () => {
    const body = typeBody({ ...typeInitialValues(null), typeName: 'Truck', typeCode: '8001' });
    const parsed = deviceTypeInsertSchema.parse({ ...body, typeStatus: 0 });
    expect(parsed).toMatchObject({ typeScenes: [1], addType: 0, energyStatus: 0, deviceImg: null });
  });

  it('round-trips every field of a stored type, scenes in their order', () => {
    const body = typeBody(typeInitialValues(stored));
    const {
      id: _id,
      seriesName: _s,
      typeStatus: _t,
      pushStatus: _p,
      energyParamId: _e,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = stored;
    expect(body).toEqual(fields);
    expect(deviceTypeUpdateSchema.safeParse({ id: 4, ...body }).success).toBe(true);
  });

  it('takes only .json files of at most 1 MB for import', () => {
    expect(importProblem({ name: 'type.JSON', size: 1024 })).toBeNull();
    expect(importProblem({ name: 'type.txt', size: 10 })).toBe('Only JSON files are allowed');
    expect(importProblem({ name: 'big.json', size: 1024 * 1024 + 1 })).toBe(
      'The file is too large (at most 1 MB)',
    );
  });
});
