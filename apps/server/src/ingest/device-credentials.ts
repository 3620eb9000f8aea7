import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Per-device credentials. A device's secret is derived from the server's device key, its GUID and a
 * rotation counter, so nothing secret is stored per device, the secret can be downloaded again at any
 * time, and checking one costs a single HMAC (cheap enough for thousands of connections a second).
 * Rotating (counter + 1) invalidates the previous secret.
 */
export function deviceSecret(deviceKey: string, deviceGuid: string, rotation: number): string {
  return createHmac('sha256', deviceKey).update(`device:${deviceGuid}:${rotation}`).digest('base64url');
}

export function verifyDeviceSecret(
  deviceKey: string,
  deviceGuid: string,
  rotation: number,
  presented: string,
) {
  const expected = Buffer.from(deviceSecret(deviceKey, deviceGuid, rotation));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
