import { PAY_TYPE_ALIPAY, PAY_TYPE_WECHAT } from '@coldchain/shared';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/create-db.ts';
import { AppError } from '../../../errors.ts';
import { type SecretBox, secretBinding } from '../provider-keys.ts';
import type { PaymentProvider, PaymentProviders, PayOrderRow } from './provider.ts';
import type { SandboxProvider } from './sandbox.ts';

/** A provider with real keys. */
export type RealProviderName = 'wechat' | 'alipay' | 'card';

/** Builds a real provider from a platform's settings and decrypted secrets. */
export type ProviderFactory = (
  settings: Record<string, unknown>,
  secrets: Record<string, unknown>,
) => PaymentProvider;

/** The provider that takes a pay type: WeChat, Alipay, else the card provider (20, 30, 40). */
export function providerNameFor(payType: number): RealProviderName {
  if (payType === PAY_TYPE_WECHAT) return 'wechat';
  if (payType === PAY_TYPE_ALIPAY) return 'alipay';
  return 'card';
}

/**
 * The providers of one app. A platform sells through its own merchant accounts when it has enabled
 * settings for the provider of a pay type; otherwise through the sandbox. Secrets are decrypted when
 * a provider is built and kept in memory only, rebuilt when the row changes.
 */
export class ProviderRegistry implements PaymentProviders {
  private readonly cache = new Map<string, { updatedAt: string; provider: PaymentProvider }>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    readonly sandbox: SandboxProvider,
    private readonly factories: Record<RealProviderName, ProviderFactory>,
  ) {}

  /** Stores a platform's settings with one provider; secrets are sealed with the payment key. */
  async saveConfig(
    platformId: number,
    provider: RealProviderName,
    settings: Record<string, unknown>,
    secrets: Record<string, unknown>,
    enabled = true,
  ): Promise<void> {
    const at = this.clock.now().toISOString();
    const row = {
      enabled: enabled ? 1 : 0,
      settings: JSON.stringify(settings),
      secretCipher: this.box.seal(JSON.stringify(secrets), secretBinding(platformId, provider)),
      updatedAt: at,
    };
    await this.db
      .insertInto('paymentProviderConfig')
      .values({ platformId, provider, createdAt: at, ...row })
      .onConflict((oc) => oc.columns(['platformId', 'provider']).doUpdateSet(row))
      .execute();
  }

  private build(row: {
    platformId: number;
    provider: string;
    settings: string;
    secretCipher: string;
    updatedAt: string;
  }): PaymentProvider {
    const key = `${row.platformId}:${row.provider}`;
    const cached = this.cache.get(key);
    if (cached && cached.updatedAt === row.updatedAt) return cached.provider;
    const factory = this.factories[row.provider as RealProviderName];
    if (!factory) throw new AppError('providerConfigInvalid', { provider: row.provider });
    let secrets: Record<string, unknown>;
    try {
      secrets = JSON.parse(this.box.open(row.secretCipher, secretBinding(row.platformId, row.provider)));
    } catch {
      throw new AppError('providerConfigInvalid', { provider: row.provider });
    }
    const provider = factory(JSON.parse(row.settings) as Record<string, unknown>, secrets);
    this.cache.set(key, { updatedAt: row.updatedAt, provider });
    return provider;
  }

  private async configured(platformId: number, name: string): Promise<PaymentProvider | null> {
    const row = await this.db
      .selectFrom('paymentProviderConfig')
      .select(['platformId', 'provider', 'settings', 'secretCipher', 'updatedAt'])
      .where('platformId', '=', platformId)
      .where('provider', '=', name)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return row ? this.build(row) : null;
  }

  async forNewOrder(platformId: number, payType: number): Promise<PaymentProvider> {
    return (await this.configured(platformId, providerNameFor(payType))) ?? this.sandbox;
  }

  async forOrder(order: PayOrderRow): Promise<PaymentProvider> {
    if (order.provider === 'sandbox') return this.sandbox;
    const found = await this.configured(order.platformId, order.provider);
    if (!found) throw new AppError('providerConfigInvalid', { provider: order.provider });
    return found;
  }

  /** The providers that may have sent a notice to `/payment/notify/<name>`: each platform's, or the sandbox. */
  async forNotice(name: string): Promise<PaymentProvider[]> {
    if (name === 'sandbox') return [this.sandbox];
    if (!(name in this.factories)) return [];
    const rows = await this.db
      .selectFrom('paymentProviderConfig')
      .select(['platformId', 'provider', 'settings', 'secretCipher', 'updatedAt'])
      .where('provider', '=', name)
      .orderBy('platformId')
      .execute();
    const providers: PaymentProvider[] = [];
    for (const row of rows) {
      try {
        providers.push(this.build(row));
      } catch {
        // An unreadable row cannot have signed anything.
      }
    }
    return providers;
  }
}
