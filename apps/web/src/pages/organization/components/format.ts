import { accountZone } from '../../../app/account-zone.ts';
import { formatZonedIso } from '../../../components/clock.ts';

/** Organization, project and asset times are the account's, not a device's: in its zone, named. */
export const formatLocal = (iso: string | null | undefined) => formatZonedIso(iso, accountZone());
