import { ACTIVITY_THROTTLE_MS } from '@coldchain/shared';

/** Idle logout applies to accounts with both enableProtect and enableFda on (000 §4). */
export function idleLogoutApplies(
  profile: { enableProtect: number; enableFda: number } | undefined,
): boolean {
  return profile?.enableProtect === 1 && profile.enableFda === 1;
}

/** Activity is recorded at most every 10 s, and often enough for a shortened timeout (tests). */
export function activityThrottleMs(timeoutMs: number): number {
  return Math.min(ACTIVITY_THROTTLE_MS, Math.floor(timeoutMs / 3));
}

export function isIdle(lastActivity: number, now: number, timeoutMs: number): boolean {
  return now - lastActivity >= timeoutMs;
}
