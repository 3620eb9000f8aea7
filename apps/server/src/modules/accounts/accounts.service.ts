import {
  type AccountInfo,
  CLOUD_CHAIN_PERMISSION,
  CLOUD_ROUTE_KEYS,
  EMAIL_PATTERN,
  type LoginRequest,
} from '@coldchain/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { decoyHash, verifyPassword } from '../../auth/passwords.ts';
import { isProtected, type SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuthState } from '../../types.d.ts';
import { premiumStatusOf } from '../device-service/service-status.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { orgWithMyRole } from '../organizations/my-organizations.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { type PermissionsService, routeOf } from '../roles/permissions.service.ts';
import { presentBaseAccount, presentProfile } from './accounts.presenter.ts';
import { type AccountRow, AccountsRepo } from './accounts.repo.ts';
import { CaptchaService } from './captcha.service.ts';
import { accountByContact, emailContact, phoneContact } from './contacts.ts';
import { sendLoginAlert } from './login-alert.ts';
import { attemptKeys, LoginGuard } from './login-guard.ts';
import { VerificationCodesService } from './verification-codes.service.ts';

export const PLATFORM_VERSION = '0.1.0';
const CLOUD_ROUTES = new Set<string>(CLOUD_ROUTE_KEYS);

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

/** The account a login names (if any) and whether the password or code proved it. */
interface Credentials {
  account: AccountRow | undefined;
  proven: boolean;
}

export function clientOf(request: FastifyRequest): Client {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Login, logout and what the console needs to know about the signed-in account (000 §3, §7). */
export class AccountsService {
  readonly repo: AccountsRepo;
  private readonly devices: DevicesRepo;
  private readonly guard: LoginGuard;
  private readonly codes: VerificationCodesService;
  constructor(
    readonly ctx: AppContext,
    readonly sessions: SessionsService,
    readonly permissions: PermissionsService,
  ) {
    this.repo = new AccountsRepo(ctx.db);
    this.devices = new DevicesRepo(ctx.db);
    const captchas = new CaptchaService(ctx.db, ctx.clock);
    this.guard = new LoginGuard(ctx.db, ctx.clock, captchas);
    this.codes = new VerificationCodesService(ctx, captchas);
  }

  /**
   * Login by password (loginType 1 and 4) or by a code sent for purpose "login" (loginType 2). Every
   * attempt first passes the login guard (pair lock, delays, captcha); a failed one is counted and
   * answered loginFailed whether the name exists or not, and may alert the owner.
   */
  async login(platform: PlatformRow, input: LoginRequest, client: Client, log: FastifyBaseLogger) {
    const keys = attemptKeys(platform.id, input.userName, client.ip);
    await this.guard.admit(keys, input);
    const { account, proven } =
      input.loginType === 2
        ? await this.checkCode(platform, input)
        : await this.checkPassword(platform, input);
    if (!account || !proven) {
      await this.recordFailure(platform, account, input.userName, client, log);
      throw new AppError('loginFailed');
    }
    await this.guard.succeeded(keys);
    const profile = await this.repo.profile(account.id);
    const { token } = await this.sessions.open(account.id, isProtected(profile), client);
    return { account, token };
  }

  /** A name nobody has is checked against a decoy hash, so it takes as long as a taken one. */
  private async checkPassword(platform: PlatformRow, input: LoginRequest): Promise<Credentials> {
    const account = await this.repo.byLoginName(platform.id, input.userName);
    const password = input.accountPassword ?? '';
    const proven = await verifyPassword(account?.passwordHash ?? (await decoyHash()), password);
    return { account, proven };
  }

  /**
   * userName is the phone or e-mail the code was sent to. No code is delivered to a target nobody
   * holds, so such a login fails at the code check like a wrong code; the code is spent on success.
   */
  private async checkCode(platform: PlatformRow, input: LoginRequest): Promise<Credentials> {
    const contact = EMAIL_PATTERN.test(input.userName)
      ? emailContact(input.userName)
      : phoneContact(input.userName);
    const account = await accountByContact(this.repo, platform.id, contact);
    try {
      const codeId = await this.codes.check(contact, 'login', input.verifyCode ?? '');
      await this.codes.consume(this.ctx.db, codeId);
      return { account, proven: account !== undefined };
    } catch (error) {
      if (error instanceof AppError && error.key === 'verifyCodeInvalid') return { account, proven: false };
      throw error;
    }
  }

  private async recordFailure(
    platform: PlatformRow,
    account: AccountRow | undefined,
    attemptedName: string,
    client: Client,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const due = await this.guard.failed(attemptKeys(platform.id, attemptedName, client.ip));
    if (due && account) {
      // Not awaited: the answer must not take longer for a name that exists.
      sendLoginAlert(this.ctx, platform, account, client.ip ?? '', this.ctx.clock.now()).catch(
        (error: unknown) => log.error({ err: error, accountId: account.id }, 'login alert not delivered'),
      );
    }
    // Misuse attempts are part of the trail (21 CFR 11.300(d)).
    await this.ctx.audit.append({
      platformId: platform.id,
      accountId: account?.id ?? null,
      accountName: attemptedName.slice(0, 50),
      action: 'account.loginFailed',
      entityType: 'account',
      entityId: account?.id ?? null,
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
    const premium = premiumStatusOf(account.premiumExpiresAt, this.ctx.clock.now());
    const scenes = [{ sceneType: 1, sceneName: t('scenes.1') }];
    if (permissions.includes(CLOUD_CHAIN_PERMISSION)) scenes.push({ sceneType: 2, sceneName: t('scenes.2') });
    return {
      permissionRoutes: [...permissions],
      orgWithMyRole: await orgWithMyRole(this.ctx.db, account.platformId, account.id),
      baseAccount: presentBaseAccount(account),
      userProfile: presentProfile(profile),
      premiumState: {
        state: premium.state,
        remainingDays: premium.remainingDays,
        expiredCount: await this.expiredDevices(account),
      },
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
