import { accountZone } from '../../app/account-zone.ts';
import { formatZonedDate, formatZonedIso } from '../../components/clock.ts';

// Conversions between form inputs and the API's values, shared by the back-office forms.

/** A stored instant in the account's zone, naming it; "-" when there is none. */
export function formatTime(iso: string | null | undefined): string {
  return formatZonedIso(iso, accountZone());
}

/** A stored date (a day boundary, such as a service expiry) without its time. */
export function formatDate(iso: string | null | undefined): string {
  return formatZonedDate(iso, accountZone());
}

/** Switches edit booleans; the API stores flags as 0/1. */
export const flag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/** A trimmed text, or null when nothing was typed (clears the stored value). */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** A number input's value, or null when empty. */
export const numberOrNull = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Runs a call whose failure the http client has already shown; answers whether it succeeded. */
export async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}
