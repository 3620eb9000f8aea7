import { ITEM, LEVEL, PACKAGE, packageBody, RELATION, SMS } from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What of one platform's catalogue (or one account's device) a probe names. */
export type CatalogueTarget = 'item' | 'package' | 'level' | 'sms' | 'device';

export interface CatalogueProbe {
  name: string;
  method: Method;
  url: string;
  target: CatalogueTarget;
  /** `id` is the victim's thing (or a missing one), `own` the caller's own device. */
  body?: (id: number, own: number) => unknown;
  query?: (id: number, own: number) => Record<string, string>;
}

const sms = {
  kind: 'sms',
  countryCode: '86',
  currency: 'CNY',
  packageName: 'Taken',
  count: 1,
  packageFee: 1,
  initialFee: 1,
};

/** Every call of the service catalogue that names something by id. */
export const CATALOGUE_PROBES: CatalogueProbe[] = [
  {
    name: 'item update',
    method: 'PUT',
    url: `${ITEM}/update`,
    target: 'item',
    body: (id) => ({ id, itemCode: 'TAKEN', itemName: 'Taken' }),
  },
  { name: 'item sort', method: 'POST', url: `${ITEM}/sort`, target: 'item', body: (id) => ({ ids: [id] }) },
  {
    name: 'items of a device',
    method: 'GET',
    url: `${ITEM}/selectAllServiceItemByDevice`,
    target: 'device',
    query: (id) => ({ deviceId: String(id) }),
  },
  {
    name: 'years of a device',
    method: 'GET',
    url: `${LEVEL}/selectLevelYear`,
    target: 'device',
    query: (id) => ({ deviceId: String(id), levelId: '1', packageId: '1' }),
  },
  {
    name: 'years of a package',
    method: 'GET',
    url: `${LEVEL}/selectLevelYear`,
    target: 'package',
    query: (id, own) => ({ deviceId: String(own), levelId: '1', packageId: String(id) }),
  },
  {
    name: 'package detail',
    method: 'POST',
    url: `${PACKAGE}/detail`,
    target: 'package',
    body: (id) => ({ id }),
  },
  {
    name: 'package update',
    method: 'PUT',
    url: `${PACKAGE}/update`,
    target: 'package',
    body: (id) => ({ ...packageBody({ packageName: 'Taken' }), id }),
  },
  {
    name: 'package with another platform’s level',
    method: 'POST',
    url: `${PACKAGE}/insert`,
    target: 'level',
    body: (id) => ({
      ...packageBody({ packageName: 'Taken' }),
      levelList: [
        { id, levelName: 'Taken', yearList: [{ timeLength: 12, serviceFee: 1, dataFee: 0, discount: 100 }] },
      ],
      freePackage: null,
    }),
  },
  {
    name: 'package enable',
    method: 'POST',
    url: `${PACKAGE}/enablePackage`,
    target: 'package',
    body: (id) => ({ id }),
  },
  {
    name: 'package stop',
    method: 'POST',
    url: `${PACKAGE}/stopPackage`,
    target: 'package',
    body: (id) => ({ id }),
  },
  {
    name: 'package sort',
    method: 'POST',
    url: `${PACKAGE}/sort`,
    target: 'package',
    body: (id) => ({ ids: [id] }),
  },
  {
    name: 'relations of a package',
    method: 'GET',
    url: `${RELATION}/selectServiceList`,
    target: 'package',
    query: (id) => ({ packageId: String(id) }),
  },
  {
    name: 'relations update',
    method: 'PUT',
    url: `${RELATION}/update`,
    target: 'package',
    body: (id) => ({ packageId: id, deviceTypeIds: [] }),
  },
  { name: 'sms update', method: 'PUT', url: `${SMS}/update`, target: 'sms', body: (id) => ({ ...sms, id }) },
  {
    name: 'sms delete',
    method: 'DELETE',
    url: `${SMS}/delete`,
    target: 'sms',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'sms sort',
    method: 'POST',
    url: `${SMS}/sortPackage`,
    target: 'sms',
    body: (id) => ({ ids: [id] }),
  },
];
