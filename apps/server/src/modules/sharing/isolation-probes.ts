import { MODEL, SHARE, TRANSFER } from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface SharingIds {
  device: number;
  share: number;
  transfer: number;
  model: number;
}
export interface SharingProbe {
  name: string;
  method: Method;
  url: string;
  body?: (ids: SharingIds) => unknown;
  query?: (ids: SharingIds) => Record<string, string>;
}

export const MISSING_IDS: SharingIds = {
  device: 9_999_999,
  share: 9_999_999,
  transfer: 9_999_999,
  model: 9_999_999,
};

/** Every call of sharing, transfer and templates that names another account's id. */
export const SHARING_PROBES: SharingProbe[] = [
  { name: 'share accept', method: 'PUT', url: `${SHARE}/accept`, body: (i) => ({ id: i.share }) },
  { name: 'share refuse', method: 'PUT', url: `${SHARE}/refuse`, body: (i) => ({ id: i.share }) },
  { name: 'share cancel', method: 'DELETE', url: `${SHARE}/cancel`, query: (i) => ({ id: String(i.share) }) },
  {
    name: 'share template',
    method: 'PUT',
    url: `${SHARE}/updateModel`,
    body: (i) => ({ id: i.share, permissionModelId: null }),
  },
  { name: 'transfer accept', method: 'PUT', url: `${TRANSFER}/accept`, body: (i) => ({ id: i.transfer }) },
  { name: 'transfer refuse', method: 'PUT', url: `${TRANSFER}/refuse`, body: (i) => ({ id: i.transfer }) },
  {
    name: 'transfer cancel',
    method: 'DELETE',
    url: `${TRANSFER}/cancel`,
    query: (i) => ({ id: String(i.transfer) }),
  },
  { name: 'template detail', method: 'GET', url: `${MODEL}/detail`, query: (i) => ({ id: String(i.model) }) },
  {
    name: 'template update',
    method: 'PUT',
    url: `${MODEL}/update`,
    body: (i) => ({ id: i.model, name: 'Taken', items: [] }),
  },
  {
    name: 'template delete',
    method: 'DELETE',
    url: `${MODEL}/delete`,
    query: (i) => ({ id: String(i.model) }),
  },
  {
    name: 'device permission',
    method: 'GET',
    url: `${MODEL}/devicePermission`,
    query: (i) => ({ deviceId: String(i.device) }),
  },
  {
    name: 'batch share of the device',
    method: 'POST',
    url: `${SHARE}/batchShare`,
    body: (i) => ({ deviceIds: [i.device], account: 'demo_user' }),
  },
  {
    name: 'share link of the device',
    method: 'POST',
    url: `${SHARE}/createLink`,
    body: (i) => ({ deviceIds: [i.device], validity: '1d' }),
  },
  {
    name: 'batch transfer of the device',
    method: 'POST',
    url: `${TRANSFER}/batchTransfer`,
    body: (i) => ({ deviceIds: [i.device], account: 'demo_user' }),
  },
];
