import type { DeviceProbe } from '../devices/isolation-probes.ts';

const INFO = '/api/base/BaseServiceInfo';

/** Every device-service call that names a device by id: `id` is the owner's device (or a missing one). */
export const DEVICE_SERVICE_PROBES: DeviceProbe[] = [
  {
    name: 'service info',
    method: 'GET',
    url: `${INFO}/getServiceInfo`,
    query: (id) => ({ deviceId: String(id) }),
  },
  { name: 'claim a trial', method: 'POST', url: `${INFO}/claimTrial`, body: (id) => ({ deviceId: id }) },
];
