type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What of one platform a probe names: a SIM card, a GUID batch, a GUID or the platform itself. */
export type SimsGuidsTarget = 'sim' | 'batch' | 'guid' | 'platform';

export interface SimsGuidsProbe {
  name: string;
  method: Method;
  url: string;
  target: SimsGuidsTarget;
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

const SIM = '/api/device/DeviceSimCard';
const EXPORT = '/api/device/DeviceGuidExport';
const GUID = '/api/device/DeviceGuid';

/**
 * Every call that names a SIM card, a GUID batch, a GUID or a platform by id, made by an operator of
 * another platform (the rows of both modules belong to the platform whose operators made them).
 */
export const SIMS_GUIDS_PROBES: SimsGuidsProbe[] = [
  {
    name: 'sim detail',
    method: 'GET',
    url: `${SIM}/detail`,
    target: 'sim',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'sim update',
    method: 'PUT',
    url: `${SIM}/update`,
    target: 'sim',
    body: (id) => ({ id, description: 'Taken' }),
  },
  {
    name: 'sim state',
    method: 'PUT',
    url: `${SIM}/updateState`,
    target: 'sim',
    body: (id) => ({ ids: [id], useState: 'cancelled' }),
  },
  {
    name: 'sim delete',
    method: 'DELETE',
    url: `${SIM}/delete`,
    target: 'sim',
    query: (id) => ({ ids: String(id) }),
  },
  {
    name: 'sim bind',
    method: 'POST',
    url: `${SIM}/bind`,
    target: 'sim',
    body: (id) => ({ id, deviceGuid: '1' }),
  },
  { name: 'sim unbind', method: 'POST', url: `${SIM}/unbind`, target: 'sim', body: (id) => ({ id }) },
  {
    name: 'guid batch export',
    method: 'GET',
    url: `${EXPORT}/export`,
    target: 'batch',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'guid list of a batch',
    method: 'POST',
    url: `${GUID}/page`,
    target: 'batch',
    body: (id) => ({ batchId: id }),
  },
  { name: 'guid lock', method: 'PUT', url: `${GUID}/lock`, target: 'guid', body: (id) => ({ ids: [id] }) },
  {
    name: 'guid unlock',
    method: 'PUT',
    url: `${GUID}/unlock`,
    target: 'guid',
    body: (id) => ({ ids: [id] }),
  },
  {
    name: 'guid batch for another platform’s domain',
    method: 'POST',
    url: `${EXPORT}/insert`,
    target: 'platform',
    body: (id) => ({ orderCode: 'Taken', num: 1, deviceTypeId: 1, domainId: id }),
  },
];
