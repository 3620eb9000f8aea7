import { isIPv6 } from 'node:net';
import {
  LOGIN_ADDRESS_DELAY_MAX_MS,
  LOGIN_ADDRESS_FAILURES_BEFORE_CAPTCHA,
  LOGIN_ADDRESS_FAILURES_BEFORE_DELAY,
  LOGIN_ALERT_INTERVAL_MS,
  LOGIN_DELAY_BASE_MS,
  LOGIN_FAILURE_MEMORY_MS,
  LOGIN_NAME_DELAY_MAX_MS,
  LOGIN_NAME_FAILURES_BEFORE_CAPTCHA,
  LOGIN_NAME_FAILURES_BEFORE_DELAY,
  LOGIN_PAIR_FAILURES_BEFORE_LOCK,
  LOGIN_PAIR_LOCK_MS,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError } from '../../errors.ts';
import type { CaptchaService } from './captcha.service.ts';
import { type AttemptKeys, type LoginFailureRow, LoginFailuresRepo } from './login-failures.repo.ts';

/**
 * The counter of an address: IPv4 as is, IPv6 by its /64 network, which one subscriber usually holds
 * whole (counting single IPv6 addresses would give such a caller billions of counters).
 */
export function addressKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const plain = ip.replace(/^::ffff:(?=\d+\.)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function attemptKeys(platformId: number, userName: string, ip: string | null): AttemptKeys {
  return { platformId, name: userName.trim().toLowerCase(), address: addressKey(ip) };
}

/** The instant (ms) until which a counter makes callers wait, or 0. */
function waitUntil(row: LoginFailureRow | undefined, threshold: number, maxMs: number): number {
  if (!row || row.failures < threshold) return 0;
  const delay = Math.min(LOGIN_DELAY_BASE_MS * 2 ** (row.failures - threshold), maxMs);
  return Date.parse(row.lastFailureAt) + delay;
}

export interface CaptchaAnswer {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

/**
 * Login abuse without lock-out abuse. Failures are counted per address, per attempted name (whether
 * an account has it or not) and per (name, address) pair:
 * - a pair with LOGIN_PAIR_FAILURES_BEFORE_LOCK failures is locked for LOGIN_PAIR_LOCK_MS: that
 *   address cannot log in to that name, while the right password from elsewhere still works;
 * - an address or a name past its delay threshold waits a delay that doubles per failure, capped;
 * - an address or a name past its captcha threshold must send a captcha with every attempt.
 * Nothing here reads the account, so a name nobody has is answered exactly as a taken one.
 */
export class LoginGuard {
  private readonly repo: LoginFailuresRepo;
  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly captchas: CaptchaService,
  ) {
    this.repo = new LoginFailuresRepo(db);
  }

  private since(now: number, windowMs = LOGIN_FAILURE_MEMORY_MS): string {
    return new Date(now - windowMs).toISOString();
  }

  /** Refuses an attempt that must wait or show a captcha first; a refused attempt is no failure. */
  async admit(keys: AttemptKeys, captcha: CaptchaAnswer): Promise<void> {
    const now = this.clock.now().getTime();
    const counts = await this.repo.counts(keys, this.since(now));
    const pair = counts.pair;
    if (pair && pair.failures >= LOGIN_PAIR_FAILURES_BEFORE_LOCK) {
      const lockEnd = Date.parse(pair.lastFailureAt) + LOGIN_PAIR_LOCK_MS;
      if (lockEnd > now) throw new AppError('loginLocked', { minutes: Math.ceil((lockEnd - now) / 60_000) });
    }
    const waitEnd = Math.max(
      waitUntil(counts.address, LOGIN_ADDRESS_FAILURES_BEFORE_DELAY, LOGIN_ADDRESS_DELAY_MAX_MS),
      waitUntil(counts.name, LOGIN_NAME_FAILURES_BEFORE_DELAY, LOGIN_NAME_DELAY_MAX_MS),
    );
    if (waitEnd > now) throw new AppError('loginThrottled', { seconds: Math.ceil((waitEnd - now) / 1000) });
    const required =
      (counts.address?.failures ?? 0) >= LOGIN_ADDRESS_FAILURES_BEFORE_CAPTCHA ||
      (counts.name?.failures ?? 0) >= LOGIN_NAME_FAILURES_BEFORE_CAPTCHA;
    const given = captcha.captchaId !== undefined || captcha.captchaCode !== undefined;
    if (required && !given) throw new AppError('captchaRequired');
    if (given) await this.captchas.verify(captcha.captchaId, captcha.captchaCode);
  }

  /**
   * Counts a failed attempt; answers true when the name's owner is due an alert: its pair has just
   * locked or its failures reached the delay threshold, and no alert went out within
   * LOGIN_ALERT_INTERVAL_MS. The alert is claimed for names nobody has too, so both take the same work.
   */
  async failed(keys: AttemptKeys): Promise<boolean> {
    const now = this.clock.now().getTime();
    const at = new Date(now).toISOString();
    await this.repo.purgeBefore(this.since(now));
    const counts = await this.repo.addFailure(keys, at, this.since(now));
    const pileUp =
      counts.pair?.failures === LOGIN_PAIR_FAILURES_BEFORE_LOCK ||
      (counts.name?.failures ?? 0) >= LOGIN_NAME_FAILURES_BEFORE_DELAY;
    return pileUp && (await this.repo.claimAlert(keys, at, this.since(now, LOGIN_ALERT_INTERVAL_MS)));
  }

  async succeeded(keys: AttemptKeys): Promise<void> {
    await this.repo.clearAfterLogin(keys);
  }
}
