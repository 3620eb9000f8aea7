import { formatIso } from '../../../components/time-ranges.ts';

/** The browser's own zone: organization, project and asset times are the viewer's, not a device's. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const formatLocal = (iso: string | null | undefined) => formatIso(iso, LOCAL_ZONE);
