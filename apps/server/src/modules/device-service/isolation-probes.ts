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
  {
    // planId names a plan of the caller's platform (or of every platform); billId another account's bill.
    name: 'premium order with a foreign bill or plan',
    method: 'POST',
    url: '/api/payment/PayOrder/createPremiumMemberOrder',
    body: (id) => ({ planId: id, payType: 1, applyFlag: 1, billId: id }),
  },
];
