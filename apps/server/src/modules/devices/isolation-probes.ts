import { nextGuid } from './test-support.ts';

const DEVICE = '/api/device/Device';
const MAINTAIN = '/api/device/DeviceMaintainRecord';
const DATA = '/api/device/DeviceData';
const RANGE = {
  startTime: Date.parse('2026-03-01T00:00:00.000Z'),
  endTime: Date.parse('2026-03-02T00:00:00.000Z'),
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface DeviceProbe {
  name: string;
  method: Method;
  /** The route as registered, `:name` parameters included. */
  url: string;
  params?: (id: number, record: number) => Record<string, string>;
  body?: (id: number, record: number) => unknown;
  query?: (id: number, record: number) => Record<string, string>;
  /** A list or filter: answers the caller's own (empty) result rather than a refusal. */
  list?: true;
}

/**
 * Every call that names a device, one of its records or its owner by id: `id` is the owner's device
 * (or, for `accountId` filters, the owner's account), `record` one of its maintenance records.
 */
export const DEVICE_PROBES: DeviceProbe[] = [
  { name: 'detail', method: 'GET', url: `${DEVICE}/detail`, query: (id) => ({ id: String(id) }) },
  {
    name: 'update',
    method: 'PUT',
    url: `${DEVICE}/update`,
    body: (id) => ({ id, deviceName: 'Taken over' }),
  },
  {
    name: 'updateRemark',
    method: 'PUT',
    url: `${DEVICE}/updateRemark/:id`,
    params: (id) => ({ id: String(id) }),
    body: () => ({ deviceDesc: 'mine' }),
  },
  { name: 'batchEnable', method: 'PUT', url: `${DEVICE}/batchEnable`, body: (id) => ({ ids: [id] }) },
  { name: 'batchStop', method: 'PUT', url: `${DEVICE}/batchStop`, body: (id) => ({ ids: [id] }) },
  { name: 'batchScrap', method: 'PUT', url: `${DEVICE}/batchScrap`, body: (id) => ({ ids: [id] }) },
  {
    name: 'batchDelete',
    method: 'DELETE',
    url: `${DEVICE}/batchDelete`,
    query: (id) => ({ ids: String(id) }),
  },
  { name: 'export', method: 'POST', url: `${DEVICE}/export`, body: (id) => ({ ids: [id] }) },
  {
    name: 'credentials',
    method: 'GET',
    url: `${DEVICE}/credentials`,
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'rotateCredentials',
    method: 'PUT',
    url: `${DEVICE}/rotateCredentials`,
    body: (id) => ({ id }),
  },
  {
    name: 'getParamSetting',
    method: 'GET',
    url: `${DEVICE}/getParamSetting`,
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'updateParamSetting',
    method: 'PUT',
    url: `${DEVICE}/updateParamSetting`,
    body: (id) => ({ id, recordInterval: 60, probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2 }] }),
  },
  {
    name: 'operationLog',
    method: 'POST',
    url: `${DEVICE}/operationLog`,
    body: (id) => ({ deviceId: id }),
  },
  {
    name: 'maintain list',
    method: 'GET',
    url: `${MAINTAIN}/list`,
    query: (id) => ({ deviceId: String(id) }),
  },
  {
    name: 'maintain insert',
    method: 'POST',
    url: `${MAINTAIN}/insert`,
    body: (id) => ({
      deviceId: id,
      reportDate: '2026-03-01T00:00:00.000Z',
      startTime: '2026-03-01T00:00:00.000Z',
      endTime: '2026-03-01T01:00:00.000Z',
      maintainer: 'Intruder',
    }),
  },
  {
    name: 'maintain update',
    method: 'PUT',
    url: `${MAINTAIN}/update`,
    body: (_id, record) => ({ id: record, result: 'forged' }),
  },
  {
    name: 'maintain delete',
    method: 'DELETE',
    url: `${MAINTAIN}/delete`,
    query: (_id, record) => ({ id: String(record) }),
  },
  { name: 'history chart', method: 'POST', url: `${DATA}/chart`, body: (id) => ({ deviceId: id, ...RANGE }) },
  { name: 'history table', method: 'POST', url: `${DATA}/page`, body: (id) => ({ deviceId: id, ...RANGE }) },
  {
    name: 'history export',
    method: 'GET',
    url: `${DATA}/export`,
    query: (id) => ({
      deviceId: String(id),
      startTime: String(RANGE.startTime),
      endTime: String(RANGE.endTime),
      format: 'csv',
    }),
  },
  { name: 'clearData', method: 'POST', url: `${DEVICE}/clearData`, body: (id) => ({ id }) },
  {
    name: 'quickSearch',
    method: 'PUT',
    url: `${DEVICE}/quickSearch`,
    body: (id) => ({ id, quickSearch: 1 }),
  },
  {
    name: 'push configuration',
    method: 'GET',
    url: `${DEVICE}/pushConfig/:deviceId`,
    params: (id) => ({ deviceId: String(id) }),
  },
  {
    name: 'push configuration update',
    method: 'PUT',
    url: `${DEVICE}/pushConfig/:deviceId`,
    params: (id) => ({ deviceId: String(id) }),
    body: () => ({
      alarmEnabled: 0,
      levels: [{ level: 1, delayMinutes: 0 }],
      recipients: [],
      offlineTimeoutMinutes: null,
      repeatIntervalMinutes: null,
      warningEnabled: 0,
    }),
  },
  {
    name: 'alarm messages of the device',
    method: 'POST',
    url: '/api/device/alarm/page',
    body: (id) => ({ deviceId: id }),
    list: true,
  },
  {
    name: 'back-office alarm messages of the device',
    method: 'POST',
    url: '/api/device/alarm/sysPage',
    body: (id) => ({ deviceId: id }),
    list: true,
  },
  {
    name: 'push records of the device',
    method: 'POST',
    url: '/api/device/PushRecord/consolePage',
    body: (id) => ({ deviceId: id }),
    list: true,
  },
  {
    name: 'operation log of the device',
    method: 'POST',
    url: '/api/base/BaseOperationLog/page',
    body: (id) => ({ entityType: 'device', entityId: String(id) }),
    list: true,
  },
];

/** Calls that name the owner's account: `id` is the owner's account id. */
export const OWNER_PROBES: DeviceProbe[] = [
  {
    name: 'page of the owner',
    method: 'POST',
    url: `${DEVICE}/page`,
    body: (id) => ({ accountId: id }),
    list: true,
  },
  {
    name: 'back-office page of the owner',
    method: 'POST',
    url: `${DEVICE}/sysPage`,
    body: (id) => ({ accountId: id }),
    list: true,
  },
  {
    name: 'expiring devices of the owner',
    method: 'GET',
    url: `${DEVICE}/getExpiredServiceDevice`,
    query: (id) => ({ accountId: String(id), expiredFlag: '4' }),
    list: true,
  },
  {
    name: 'add a device for the owner',
    method: 'POST',
    url: `${DEVICE}/insert`,
    body: (id) => ({
      deviceGuid: nextGuid(),
      deviceName: 'Planted',
      deviceTypeId: 1,
      timeZone: 'UTC',
      accountId: id,
    }),
  },
];
