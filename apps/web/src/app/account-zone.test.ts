import type { AccountInfo } from '@coldchain/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { accountKeys } from '../api/account.ts';
import { browserZone } from '../components/time-ranges.ts';
import { accountZone, deviceTime } from './account-zone.ts';
import { queryClient } from './query-client.ts';

const signedInWithZone = (timeZone: string) =>
  queryClient.setQueryData(accountKeys.info(), { baseAccount: { timeZone } } as unknown as AccountInfo);

describe('the account zone', () => {
  afterEach(() => queryClient.clear());

  it("is the account's own zone, not the browser's", () => {
    signedInWithZone('Asia/Kolkata');
    expect(accountZone()).toBe('Asia/Kolkata');
  });

  it("falls back to the browser's zone only for an account without a valid one", () => {
    expect(accountZone()).toBe(browserZone());
    signedInWithZone('Mars/Olympus');
    expect(accountZone()).toBe(browserZone());
  });

  it("shows a device time in the device's zone, and in the account's when the device is unknown", () => {
    signedInWithZone('America/New_York');
    expect(deviceTime('2026-07-01T16:00:00Z', 'Asia/Shanghai')).toBe('2026-07-02 00:00:00 GMT+8');
    expect(deviceTime('2026-07-01T16:00:00Z', null)).toBe('2026-07-01 12:00:00 GMT-4');
  });
});
