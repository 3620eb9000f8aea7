type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What of one platform a probe names: the platform, its notice, its data push configuration or account. */
export type PlatformTarget = 'platform' | 'notice' | 'dataPush' | 'account';

export interface PlatformProbe {
  name: string;
  method: Method;
  url: string;
  target: PlatformTarget;
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

const PLATFORM = '/api/base/BaseCustomPage';
const NOTICE = '/api/base/BaseNotice';
const DATA_PUSH = '/api/device/DataPushConfig';
const hook = (accountId: number) => ({
  accountId,
  configName: 'Taken',
  pushUrl: 'http://127.0.0.1:9/hook',
  allowPrivate: 1,
  pushTypes: ['alarms'],
});

/** Every call that names something one platform owns, made from another platform. */
export const PLATFORM_PROBES: PlatformProbe[] = [
  {
    name: 'platform update',
    method: 'PUT',
    url: `${PLATFORM}/update`,
    target: 'platform',
    body: (id) => ({ id, title: 'Taken' }),
  },
  {
    name: 'platform delete',
    method: 'DELETE',
    url: `${PLATFORM}/delete`,
    target: 'platform',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'notice dismiss',
    method: 'POST',
    url: `${NOTICE}/dismiss`,
    target: 'notice',
    body: (id) => ({ noticeId: id }),
  },
  {
    name: 'notice update',
    method: 'PUT',
    url: `${NOTICE}/update`,
    target: 'notice',
    body: (id) => ({ id, noticeContent: 'Taken' }),
  },
  {
    name: 'notice delete',
    method: 'DELETE',
    url: `${NOTICE}/delete`,
    target: 'notice',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'data push detail',
    method: 'GET',
    url: `${DATA_PUSH}/detail`,
    target: 'dataPush',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'data push update',
    method: 'PUT',
    url: `${DATA_PUSH}/update`,
    target: 'dataPush',
    body: (id) => ({ id, ...hook(999_999) }),
  },
  {
    name: 'data push delete',
    method: 'DELETE',
    url: `${DATA_PUSH}/delete`,
    target: 'dataPush',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'data push test',
    method: 'POST',
    url: `${DATA_PUSH}/test`,
    target: 'dataPush',
    body: (id) => ({ id }),
  },
  {
    name: 'data push for the account',
    method: 'POST',
    url: `${DATA_PUSH}/insert`,
    target: 'account',
    body: (id) => hook(id),
  },
];
