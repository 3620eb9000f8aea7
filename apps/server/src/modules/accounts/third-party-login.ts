import type { LoginProvider, ThirdPartyProviderName } from '@coldchain/shared';
import type { SessionsService } from '../../auth/sessions.service.ts';
import { isProtected } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';
import { AccountIdentitiesRepo } from './account-identities.repo.ts';
import type { AccountRow } from './accounts.repo.ts';
import { AccountsRepo } from './accounts.repo.ts';
import type { Client } from './accounts.service.ts';

/** The console page a provider sends the browser back to (000 §2.3 login-result). */
const LOGIN_RESULT_PATH = '/user/login-result';

/** A person as the provider knows them. */
export interface ExternalIdentity {
  /** The provider's stable id of the person (WeChat open id or union id, QQ open id, Facebook user id). */
  subject: string;
  displayName: string | null;
}

/**
 * One OAuth provider: turns the authorisation code the browser brought back into the person it
 * belongs to. An implementation calls the provider's token and user endpoints with the platform's
 * app id and secret, and throws when the code is not accepted.
 */
export interface ThirdPartyLoginProvider {
  readonly name: ThirdPartyProviderName;
  /** The provider's authorisation page, which sends the browser back to `redirectUri` with a code. */
  authorizeUrl(redirectUri: string): string;
  exchange(code: string): Promise<ExternalIdentity>;
}

/**
 * Login through WeChat, QQ or Facebook (000 §7). Only identities linked to an account sign in; an
 * unlinked one gets accountNotBound so the console can send the user to bind. With no provider
 * configured the call answers notConfigured naming the feature.
 */
export class ThirdPartyLoginService {
  private readonly accounts: AccountsRepo;
  private readonly identities: AccountIdentitiesRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionsService,
    private readonly providers: ReadonlyMap<ThirdPartyProviderName, ThirdPartyLoginProvider>,
  ) {
    this.accounts = new AccountsRepo(ctx.db);
    this.identities = new AccountIdentitiesRepo(ctx.db);
  }

  /** The configured providers, each with its authorisation page returning to the login-result page. */
  offered(origin: string): LoginProvider[] {
    return [...this.providers.values()].map((provider) => ({
      provider: provider.name,
      authorizeUrl: provider.authorizeUrl(`${origin}${LOGIN_RESULT_PATH}?provider=${provider.name}`),
    }));
  }

  async login(
    platform: PlatformRow,
    providerName: ThirdPartyProviderName,
    code: string,
    client: Client,
  ): Promise<{ account: AccountRow; token: string }> {
    const provider = this.providers.get(providerName);
    if (!provider) throw new AppError('notConfigured', { feature: `features.${providerName}` });
    let identity: ExternalIdentity;
    try {
      identity = await provider.exchange(code);
    } catch {
      throw new AppError('loginFailed');
    }
    const link = await this.identities.find(platform.id, providerName, identity.subject);
    const account = link ? await this.accounts.byId(link.accountId) : undefined;
    if (!account || account.deletedFlag === 1 || account.platformId !== platform.id) {
      throw new AppError('accountNotBound');
    }
    const profile = await this.accounts.profile(account.id);
    const { token } = await this.sessions.open(account.id, isProtected(profile), client);
    // Written here, not by the audit hook: the Facebook call is a GET, which the hook does not log.
    await this.ctx.audit.append({
      platformId: account.platformId,
      accountId: account.id,
      accountName: account.userName,
      action: 'account.login',
      entityType: 'account',
      entityId: account.id,
      newValue: { loginType: providerName },
      sourceIp: client.ip,
    });
    return { account, token };
  }
}
