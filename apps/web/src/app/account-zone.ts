import type { AccountInfo } from '@coldchain/shared';
import { accountKeys, useAccountInfo } from '../api/account.ts';
import { formatZonedIso } from '../components/clock.ts';
import { browserZone, isKnownZone } from '../components/time-ranges.ts';
import { queryClient } from './query-client.ts';

/** The account's zone (002 §3 User.timeZone); the browser's only for an account that keeps none. */
const zoneOf = (info: AccountInfo | undefined): string => {
  const zone = info?.baseAccount.timeZone;
  return zone && isKnownZone(zone) ? zone : browserZone();
};

/** The signed-in account's zone, for render helpers outside components. */
export const accountZone = (): string => zoneOf(queryClient.getQueryData<AccountInfo>(accountKeys.info()));

/** The signed-in account's zone, following a change of the profile. */
export function useAccountZone(): string {
  return zoneOf(useAccountInfo().data);
}

/** A device's reading or alarm time in the device's zone; the account's when no device is known. */
export const deviceTime = (iso: string | null | undefined, deviceZone: string | null | undefined): string =>
  formatZonedIso(iso, deviceZone ?? accountZone());
