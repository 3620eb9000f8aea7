import { DELIVERY_RETRY_DELAYS_MS } from '@coldchain/shared';

/**
 * When the next attempt is due after `attempts` failed ones, or null when the delivery is given up.
 * A tenth of each wait is jitter, so many failures at one moment (a receiver that was down) do not
 * all come back at the same instant.
 */
export function nextAttemptAt(
  now: Date,
  attempts: number,
  random: () => number = Math.random,
): string | null {
  const delay = DELIVERY_RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + delay + Math.floor(delay * 0.1 * random())).toISOString();
}

/** Error text short enough for the last_error and push_record.error columns. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
