import {
  type AccountInfo,
  CLOUD_CHAIN_PERMISSION,
  CLOUD_ROUTE_KEYS,
  LOGIN_FAILURES_BEFORE_LOCK,
  LOGIN_LOCK_MS,
  type LoginRequest,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { isProtected, type SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuthState } from '../../types.d.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { type PermissionsService, routeOf } from '../roles/permissions.service.ts';
import { presentBaseAccount, presentProfile } from './accounts.presenter.ts';
import { AccountsRepo } from './accounts.repo.ts';

export const PLATFORM_VERSION = '0.1.0';
const CLOUD_ROUTES = new Set<string>(CLOUD_ROUTE_KEYS);

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Login, logout and what the console needs to know about the signed-in account (000 §3, §7). */
export class AccountsService {
  readonly repo: AccountsRepo;
  private readonly devices: DevicesRepo;
  constructor(
    readonly ctx: AppContext,
    readonly sessions: SessionsService,
    readonly permissions: PermissionsService,
  ) {
    this.repo = new AccountsRepo(ctx.db);
    this.devices = new DevicesRepo(ctx.db);
  }

  /**
   * Password login. Failures count per account: after LOGIN_FAILURES_BEFORE_LOCK the account is
   * throttled for LOGIN_LOCK_MS; the answer never says whether the name exists.
   */
  async login(platform: PlatformRow, input: LoginRequest, client: Client) {
    const now = this.ctx.clock.now();
    const account = await this.repo.byLoginName(platform.id, input.userName);
    if (account?.lockedUntil && account.lockedUntil > now.toISOString()) {
      const minutes = Math.ceil((Date.parse(account.lockedUntil) - now.getTime()) / 60_000);
      throw new AppError('loginLocked', { minutes });
    }
    const valid = await verifyPassword(account?.passwordHash ?? (await decoyHash()), input.accountPassword);
    if (!account || !valid) {
      await this.recordFailure(platform.id, account?.id ?? null, input.userName, client, now);
      throw new AppError('loginFailed');
    }
    if (account.failedLoginCount > 0 || account.lockedUntil) {
      await this.repo.update(account.id, { failedLoginCount: 0, lockedUntil: null });
    }
    const profile = await this.repo.profile(account.id);
    const { token } = await this.sessions.open(account.id, isProtected(profile), client);
    return { account, token };
  }

  private async recordFailure(
    platformId: number,
    accountId: number | null,
    attemptedName: string,
    client: Client,
    now: Date,
  ): Promise<void> {
    if (accountId !== null) {
      const account = await this.repo.byId(accountId);
      const failures = (account?.failedLoginCount ?? 0) + 1;
      const lock = failures >= LOGIN_FAILURES_BEFORE_LOCK;
      await this.repo.update(accountId, {
        failedLoginCount: lock ? 0 : failures,
        lockedUntil: lock ? new Date(now.getTime() + LOGIN_LOCK_MS).toISOString() : null,
      });
    }
    // Misuse attempts are part of the trail (21 CFR 11.300(d)).
    await this.ctx.audit.append({
      platformId,
      accountId,
      accountName: attemptedName.slice(0, 50),
      action: 'account.loginFailed',
      entityType: 'account',
      entityId: accountId,
      sourceIp: client.ip,
    });
  }

  /** Logout always completes; a live session is revoked on the server. */
  async logout(auth: AuthState | null, client: Client): Promise<void> {
    if (!auth) return;
    await this.sessions.revoke(auth.session.id, 'logout');
    await this.ctx.audit.append({
      platformId: auth.account.platformId,
      accountId: auth.account.id,
      accountName: auth.account.userName,
      action: 'account.logout',
      entityType: 'session',
      entityId: auth.session.id,
      sourceIp: client.ip,
    });
  }

  async accountInfo(auth: AuthState, t: (key: string) => string): Promise<AccountInfo> {
    const { account, permissions } = auth;
    const profile = await this.repo.profile(account.id);
    const premium =
      account.premiumExpiresAt !== null && account.premiumExpiresAt > this.ctx.clock.now().toISOString();
    const scenes = [{ sceneType: 1, sceneName: t('scenes.1') }];
    if (permissions.includes(CLOUD_CHAIN_PERMISSION)) scenes.push({ sceneType: 2, sceneName: t('scenes.2') });
    return {
      permissionRoutes: [...permissions],
      orgWithMyRole: [],
      baseAccount: presentBaseAccount(account),
      userProfile: presentProfile(profile),
      premiumState: { state: premium ? 1 : 0, expiredCount: await this.expiredDevices(account) },
      baseSceneList: scenes,
      version: PLATFORM_VERSION,
      inactivityTimeoutMs: this.ctx.config.inactivityTimeoutMs,
    };
  }

  /** Own devices whose service has lapsed (the premium badge shows them). */
  private async expiredDevices(account: AuthState['account']): Promise<number> {
    const scope = { kind: 'owner', accountId: account.id, platformId: account.platformId } as const;
    return (await this.devices.counts(scope, this.ctx.clock.now().toISOString())).expired;
  }

  /** Route names of a scene the caller may open; scene 2 needs cloudChain.myProject (000 §4). */
  scenePermissions(auth: AuthState, sceneId: number): string[] {
    if (sceneId === 2 && !auth.permissions.includes(CLOUD_CHAIN_PERMISSION))
      throw new AppError('noPermissionScene');
    const routes = new Set(auth.permissions.map(routeOf));
    return [...routes].filter((r) => (sceneId === 2 ? CLOUD_ROUTES.has(r) : !CLOUD_ROUTES.has(r))).sort();
  }
}
