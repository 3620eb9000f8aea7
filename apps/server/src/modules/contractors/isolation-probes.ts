type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What of one platform a probe names: a pattern image or an account (as a contractor). */
export type PlatformSystemTarget = 'patternImage' | 'account';

export interface PlatformSystemProbe {
  name: string;
  method: Method;
  url: string;
  target: PlatformSystemTarget;
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

/** Every call of the back office's system pages that names another platform's thing by id. */
export const PLATFORM_SYSTEM_PROBES: PlatformSystemProbe[] = [
  {
    name: 'pattern image delete',
    method: 'DELETE',
    url: '/api/device/PatternImage/delete',
    target: 'patternImage',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'contractor save',
    method: 'PUT',
    url: '/api/base/BaseContractor/save',
    target: 'account',
    body: (id) => ({ id, contractorCompany: 'Taken', contractorContact: 'Taken' }),
  },
  {
    name: 'contractor certify',
    method: 'PUT',
    url: '/api/base/BaseContractor/certify',
    target: 'account',
    body: (id) => ({ id, status: 'certified' }),
  },
];
