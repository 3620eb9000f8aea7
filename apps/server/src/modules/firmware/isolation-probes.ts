type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What of one platform a probe names: an upgrade record, a device, an apk or an iOS version. */
export type FirmwareTarget = 'record' | 'device' | 'apk' | 'ios' | 'version';

export interface FirmwareProbe {
  name: string;
  method: Method;
  /** the route as registered (with its :parameters) */
  url: string;
  target: FirmwareTarget;
  /** the address called, when the route has parameters */
  path?: (id: number) => string;
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
}

const VERSION = '/api/device/DeviceSoftwareVersion';
const RECORD = '/api/device/DeviceUpgradeRecord';
const APK = '/api/base/BaseApkVersion';
const IOS = '/api/base/BaseIosVersion';

/**
 * Every call that names a firmware or app-version thing by id, made from another platform. Firmware
 * versions are the global catalogue (changed only from the default platform's back office); upgrade
 * records follow their device's platform; app versions belong to one platform.
 */
export const FIRMWARE_PROBES: FirmwareProbe[] = [
  {
    name: 'version update',
    method: 'PUT',
    url: `${VERSION}/update`,
    target: 'version',
    body: (id) => ({ id, label: 'Taken' }),
  },
  {
    name: 'version delete',
    method: 'DELETE',
    url: `${VERSION}/delete`,
    target: 'version',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'record detail',
    method: 'GET',
    url: `${RECORD}/detail`,
    target: 'record',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'record page by version',
    method: 'POST',
    url: `${RECORD}/page`,
    target: 'version',
    body: (id) => ({ versionId: id }),
  },
  {
    name: 'batch upgrade of a device',
    method: 'POST',
    url: `${RECORD}/batchUpgrade`,
    target: 'device',
    body: (id) => ({ versionId: 1, deviceIds: [id] }),
  },
  {
    name: 'firmware download',
    method: 'GET',
    url: '/api/mqtt-broker/transport/service/devices/:guid/firmware/:recordId',
    target: 'record',
    path: (id) => `/api/mqtt-broker/transport/service/devices/86100000000000000001/firmware/${id}`,
  },
  {
    name: 'apk update',
    method: 'PUT',
    url: `${APK}/update`,
    target: 'apk',
    body: (id) => ({ id, forced: 1 }),
  },
  {
    name: 'apk delete',
    method: 'DELETE',
    url: `${APK}/delete`,
    target: 'apk',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'ios update',
    method: 'PUT',
    url: `${IOS}/update`,
    target: 'ios',
    body: (id) => ({ id, forced: 1 }),
  },
  {
    name: 'ios delete',
    method: 'DELETE',
    url: `${IOS}/delete`,
    target: 'ios',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'apk download',
    method: 'GET',
    url: '/api/base/BaseAppVersion/download',
    target: 'apk',
    query: (id) => ({ id: String(id) }),
  },
];
