import { ACTIVITY_THROTTLE_MS, INACTIVITY_TIMEOUT_MS, TOKEN_LIFETIME_MS } from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';
import type { AccountTable, UserProfileTable } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { type SessionRow, SessionsRepo } from './sessions.repo.ts';
import { newToken, sha256 } from './tokens.ts';

/** Why a session ended; all but logout answer code 2010 on the next call. */
export type RevokeReason = 'logout' | 'idle' | 'replaced' | 'password' | 'deleted';

export function isProtected(
  profile: Pick<Selectable<UserProfileTable>, 'enableProtect' | 'enableFda'> | undefined,
) {
  return profile?.enableProtect === 1 && profile.enableFda === 1;
}

export class SessionsService {
  private readonly repo: SessionsRepo;
  /**
   * Activity refreshes lastSeenAt at most every 10 s, as the console throttles activity (000 §9), and
   * never less often than half the idle timeout, so a shortened timeout (tests) still sees activity.
   */
  private readonly touchThrottleMs: number;
  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly idleTimeoutMs: number = INACTIVITY_TIMEOUT_MS,
  ) {
    this.repo = new SessionsRepo(db);
    this.touchThrottleMs = Math.min(ACTIVITY_THROTTLE_MS, Math.floor(idleTimeoutMs / 2));
  }

  /**
   * Opens a session. A protected (FDA) account keeps one session: logging in ends the others, which
   * then answer code 2010 ("ended elsewhere").
   */
  async open(
    accountId: number,
    protectedAccount: boolean,
    client: { ip: string | null; userAgent: string | null },
  ): Promise<{ token: string; session: SessionRow }> {
    const token = newToken();
    const now = this.clock.now();
    if (protectedAccount) await this.repo.revokeAllFor(accountId, 'replaced', now.toISOString());
    const session = await this.repo.insert({
      tokenHash: sha256(token),
      accountId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
      lastSeenAt: now.toISOString(),
      revokedAt: null,
      revokedReason: null,
      sourceIp: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return { token, session };
  }

  /** Resolves a bearer token to its live session and account, or says why it cannot. */
  async authenticate(token: string): Promise<{ session: SessionRow; account: Selectable<AccountTable> }> {
    const session = await this.repo.byTokenHash(sha256(token));
    if (!session) throw new AppError('unauthorized');
    if (session.revokedAt) {
      if (session.revokedReason === 'logout') throw new AppError('unauthorized');
      throw new AppError(session.revokedReason === 'idle' ? 'sessionIdle' : 'sessionEnded');
    }
    const now = this.clock.now();
    const nowIso = now.toISOString();
    if (session.expiresAt <= nowIso) {
      await this.repo.revoke(session.id, 'expired', nowIso);
      throw new AppError('sessionEnded');
    }
    const found = await this.repo.accountWithProfile(session.accountId);
    if (!found || found.account.deletedFlag === 1) {
      await this.repo.revoke(session.id, 'deleted', nowIso);
      throw new AppError('sessionEnded');
    }
    const idleMs = now.getTime() - Date.parse(session.lastSeenAt);
    if (isProtected(found.profile) && idleMs > this.idleTimeoutMs) {
      await this.repo.revoke(session.id, 'idle', nowIso);
      throw new AppError('sessionIdle');
    }
    if (idleMs > this.touchThrottleMs) await this.repo.touch(session.id, nowIso);
    return { session, account: found.account };
  }

  async revoke(sessionId: number, reason: RevokeReason): Promise<void> {
    await this.repo.revoke(sessionId, reason, this.clock.now().toISOString());
  }

  async revokeOthers(accountId: number, reason: RevokeReason, keepSessionId?: number): Promise<void> {
    await this.repo.revokeAllFor(accountId, reason, this.clock.now().toISOString(), keepSessionId);
  }
}
