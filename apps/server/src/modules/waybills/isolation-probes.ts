import { FENCE, WAYBILL, waybillBody } from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const CIRCLE = [{ shape: 'circle', center: { lat: 1, lon: 1 }, radius: 50 }];

/** What of the owner's a probe names. */
export type WaybillTarget = 'waybill' | 'fence' | 'device' | 'waybillTemplate' | 'trackTemplate';

export interface WaybillProbe {
  name: string;
  method: Method;
  url: string;
  target: WaybillTarget;
  /** `id` is the owner's thing (or a missing one), `ownDevice` the caller's own device. */
  body?: (id: number, ownDevice: number) => unknown;
  query?: (id: number) => Record<string, string>;
  /** A list or filter: answers the caller's own (empty) result rather than a refusal. */
  list?: true;
}

/** Every call of waybills, geofences and their templates that names an id. */
export const WAYBILL_PROBES: WaybillProbe[] = [
  {
    name: 'detail',
    method: 'GET',
    url: `${WAYBILL}/detail`,
    target: 'waybill',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'update',
    method: 'PUT',
    url: `${WAYBILL}/update`,
    target: 'waybill',
    body: (id, ownDevice) => ({ id, ...waybillBody(ownDevice) }),
  },
  {
    name: 'delete',
    method: 'DELETE',
    url: `${WAYBILL}/delete`,
    target: 'waybill',
    query: (id) => ({ ids: String(id) }),
  },
  {
    name: 'start',
    method: 'POST',
    url: `${WAYBILL}/changeState`,
    target: 'waybill',
    body: (id) => ({ id, action: 'start', confirm: 1 }),
  },
  {
    name: 'share',
    method: 'POST',
    url: `${WAYBILL}/share`,
    target: 'waybill',
    body: (id) => ({ id, validity: '1d' }),
  },
  { name: 'overview', method: 'POST', url: `${WAYBILL}/overview`, target: 'waybill', body: (id) => ({ id }) },
  { name: 'track', method: 'POST', url: `${WAYBILL}/track`, target: 'waybill', body: (id) => ({ id }) },
  { name: 'chart', method: 'POST', url: `${WAYBILL}/chart`, target: 'waybill', body: (id) => ({ id }) },
  {
    name: 'alarms',
    method: 'POST',
    url: `${WAYBILL}/alarms`,
    target: 'waybill',
    body: (id) => ({ id, start: 1, pageSize: 10 }),
  },
  {
    name: 'report',
    method: 'GET',
    url: `${WAYBILL}/report`,
    target: 'waybill',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'waybill on the device',
    method: 'POST',
    url: `${WAYBILL}/insert`,
    target: 'device',
    body: (id) => waybillBody(id),
  },
  {
    name: 'waybills of the device',
    method: 'POST',
    url: `${WAYBILL}/page`,
    target: 'device',
    body: (id) => ({ deviceId: id, start: 1, pageSize: 10 }),
    list: true,
  },
  {
    name: 'export of the device',
    method: 'GET',
    url: `${WAYBILL}/export`,
    target: 'device',
    query: (id) => ({ deviceId: String(id) }),
    list: true,
  },
  {
    name: 'template with the device',
    method: 'POST',
    url: '/api/device/DeviceWaybillModel/insert',
    target: 'device',
    body: (id) => ({ modelName: 'Grab', content: { deviceId: id } }),
  },
  {
    name: 'waybill starting at the fence',
    method: 'POST',
    url: `${WAYBILL}/insert`,
    target: 'fence',
    body: (id, ownDevice) => waybillBody(ownDevice, { startTrigger: 'geofence', startFenceId: id }),
  },
  {
    name: 'template with the fence',
    method: 'POST',
    url: '/api/device/DeviceWaybillModel/insert',
    target: 'fence',
    body: (id) => ({ modelName: 'Grab', content: { startFenceId: id } }),
  },
  {
    name: 'fence detail',
    method: 'GET',
    url: `${FENCE}/detail`,
    target: 'fence',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'fence update',
    method: 'PUT',
    url: `${FENCE}/update`,
    target: 'fence',
    body: (id) => ({ id, name: 'Taken', areas: CIRCLE }),
  },
  {
    name: 'fence delete',
    method: 'DELETE',
    url: `${FENCE}/delete`,
    target: 'fence',
    query: (id) => ({ ids: String(id) }),
  },
  {
    name: 'waybill on the track',
    method: 'POST',
    url: `${WAYBILL}/insert`,
    target: 'trackTemplate',
    body: (id, ownDevice) => waybillBody(ownDevice, { trackTemplateId: id }),
  },
  {
    name: 'track template delete',
    method: 'DELETE',
    url: '/api/device/DeviceTrackModel/delete',
    target: 'trackTemplate',
    query: (id) => ({ ids: String(id) }),
  },
  {
    name: 'waybill template delete',
    method: 'DELETE',
    url: '/api/device/DeviceWaybillModel/delete',
    target: 'waybillTemplate',
    query: (id) => ({ ids: String(id) }),
  },
];
