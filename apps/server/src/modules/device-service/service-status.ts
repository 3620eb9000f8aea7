import { EXPIRING_SOON_DAYS, type PremiumStatus } from '@coldchain/shared';
import { DAY_MS } from '../devices/device-time.ts';
import { isLifelong } from './credit.ts';

/** 0 normal, 1 service ends within 30 days, 2 lapsed (001 §3.1 vipInfo.state). */
export function vipStateOf(serviceExpiredDate: string, now: Date): 0 | 1 | 2 {
  const at = now.getTime();
  const ends = Date.parse(serviceExpiredDate);
  if (ends <= at) return 2;
  return ends <= at + EXPIRING_SOON_DAYS * DAY_MS ? 1 : 0;
}

/** Premium state 1 with the whole days left, counted up (a membership ending later today has 1 left). */
export function premiumStatusOf(expiresAt: string | null, now: Date): PremiumStatus {
  const left = expiresAt ? Date.parse(expiresAt) - now.getTime() : 0;
  if (!expiresAt || left <= 0) return { state: 0, expiresAt, remainingDays: 0, lifelong: 0 };
  return {
    state: 1,
    expiresAt,
    remainingDays: Math.ceil(left / DAY_MS),
    lifelong: isLifelong(expiresAt) ? 1 : 0,
  };
}
