import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import { type SecretBox, secretBinding } from './provider-keys.ts';
import type { ProviderRegistry } from './providers/provider-registry.ts';

/** The platforms a caller may set providers for: any (default platform's back office) or its own. */
export type SettingsScope = number | null;

export const settingsScopeOf = (request: FastifyRequest): SettingsScope =>
  request.platform.isDefault === 1 ? null : request.platform.id;

const text = (max: number) => z.string().trim().max(max).optional();

export const platformIdQuerySchema = z.object({ platformId: z.coerce.number().int().positive() });

/** WeChat Pay v3 in public-key mode: an empty secret keeps the stored one; enabled 0 turns it off. */
export const wxConfigUpdateSchema = z.object({
  platformId: z.number().int().positive(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  appId: text(64),
  mchId: text(32),
  merchantSerial: text(64),
  publicKeyId: text(64),
  apiV3Key: text(64),
  privateKey: text(8192),
  publicKey: text(8192),
});
export type WxConfigUpdate = z.infer<typeof wxConfigUpdateSchema>;

export const aliConfigUpdateSchema = z.object({
  platformId: z.number().int().positive(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  appId: text(64),
  privateKey: text(8192),
  alipayPublicKey: text(8192),
});
export type AliConfigUpdate = z.infer<typeof aliConfigUpdateSchema>;

export const wxConfigSchema = z.object({
  platformId: z.number().int(),
  enabled: z.number().int(),
  mode: z.literal('publicKey'),
  appId: z.string(),
  mchId: z.string(),
  merchantSerial: z.string(),
  publicKeyId: z.string(),
  apiV3KeyConfigured: z.boolean(),
  privateKeyConfigured: z.boolean(),
  publicKeyConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type WxConfig = z.infer<typeof wxConfigSchema>;

export const aliConfigSchema = z.object({
  platformId: z.number().int(),
  enabled: z.number().int(),
  appId: z.string(),
  privateKeyConfigured: z.boolean(),
  alipayPublicKeyConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AliConfig = z.infer<typeof aliConfigSchema>;

type Stored = {
  enabled: number;
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  updatedAt: string;
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const has = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

function privatePem(field: string, value: string): void {
  try {
    crypto.createPrivateKey(value);
  } catch {
    throw fieldError(field, 'rules.pemPrivateKey');
  }
}

function publicPem(field: string, value: string): void {
  try {
    crypto.createPublicKey(value);
  } catch {
    throw fieldError(field, 'rules.pemPublicKey');
  }
}

const wrap = (value: string, label: string): string => {
  const body =
    value
      .replace(/\s+/g, '')
      .match(/.{1,64}/g)
      ?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
};

/**
 * Alipay's key tool gives keys as bare base64 as often as PEM: a bare key is wrapped as the PEM it
 * parses as (private: PKCS#8, else PKCS#1), so the provider reads its type from the header.
 */
function alipayPem(field: string, value: string, kind: 'private' | 'public'): string {
  if (value.includes('-----BEGIN')) return value;
  const labels = kind === 'private' ? ['PRIVATE KEY', 'RSA PRIVATE KEY'] : ['PUBLIC KEY'];
  for (const label of labels) {
    const pem = wrap(value, label);
    try {
      if (kind === 'private') crypto.createPrivateKey(pem);
      else crypto.createPublicKey(pem);
      return pem;
    } catch {
      // Try the next form.
    }
  }
  throw fieldError(field, kind === 'private' ? 'rules.pemPrivateKey' : 'rules.pemPublicKey');
}

/**
 * The payment-provider settings of one platform (002 §3, 001 §7.9): WeChat Pay and Alipay merchant
 * accounts. Secrets are write-only: answers carry only whether each is stored.
 */
export class ProviderSettings {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly registry: ProviderRegistry,
  ) {}

  /** The platform when the caller may manage it; a foreign id answers like a missing one. */
  private async platform(scope: SettingsScope, platformId: number): Promise<number> {
    const row = await this.db
      .selectFrom('platform')
      .select('id')
      .where('id', '=', platformId)
      .executeTakeFirst();
    if (!row || (scope !== null && scope !== row.id))
      throw new AppError('notFound', { entity: 'entities.platform' });
    return row.id;
  }

  private async stored(platformId: number, provider: 'wechat' | 'alipay'): Promise<Stored | null> {
    const row = await this.db
      .selectFrom('paymentProviderConfig')
      .select(['enabled', 'settings', 'secretCipher', 'updatedAt'])
      .where('platformId', '=', platformId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!row) return null;
    let secrets: Record<string, unknown> = {};
    try {
      secrets = JSON.parse(this.box.open(row.secretCipher, secretBinding(platformId, provider)));
    } catch {
      // Unreadable (another payment key): every secret must be given again.
    }
    return {
      enabled: row.enabled,
      settings: JSON.parse(row.settings) as Record<string, unknown>,
      secrets,
      updatedAt: row.updatedAt,
    };
  }

  private async disable(platformId: number, provider: 'wechat' | 'alipay', at: string): Promise<void> {
    await this.db
      .updateTable('paymentProviderConfig')
      .set({ enabled: 0, updatedAt: at })
      .where('platformId', '=', platformId)
      .where('provider', '=', provider)
      .execute();
  }

  async wechat(scope: SettingsScope, platformId: number): Promise<WxConfig> {
    const id = await this.platform(scope, platformId);
    const row = await this.stored(id, 'wechat');
    return {
      platformId: id,
      enabled: row?.enabled ?? 0,
      mode: 'publicKey',
      appId: str(row?.settings.appId),
      mchId: str(row?.settings.mchId),
      merchantSerial: str(row?.settings.merchantSerial),
      publicKeyId: str(row?.settings.publicKeyId),
      apiV3KeyConfigured: has(row?.secrets.apiV3Key),
      privateKeyConfigured: has(row?.secrets.privateKey),
      publicKeyConfigured: has(row?.secrets.publicKey),
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async alipay(scope: SettingsScope, platformId: number): Promise<AliConfig> {
    const id = await this.platform(scope, platformId);
    const row = await this.stored(id, 'alipay');
    return {
      platformId: id,
      enabled: row?.enabled ?? 0,
      appId: str(row?.settings.appId),
      privateKeyConfigured: has(row?.secrets.privateKey),
      alipayPublicKeyConfigured: has(row?.secrets.alipayPublicKey),
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async updateWechat(scope: SettingsScope, input: WxConfigUpdate, at: string): Promise<WxConfig> {
    const id = await this.platform(scope, input.platformId);
    if (input.enabled === 0) {
      await this.disable(id, 'wechat', at);
      return this.wechat(scope, id);
    }
    const before = await this.stored(id, 'wechat');
    const settings = {
      ...before?.settings,
      appId: input.appId ?? '',
      mchId: input.mchId ?? '',
      merchantSerial: input.merchantSerial ?? '',
      publicKeyId: input.publicKeyId ?? '',
    };
    for (const field of ['appId', 'mchId', 'merchantSerial', 'publicKeyId'] as const)
      if (!settings[field]) throw fieldError(field, 'rules.required');
    if (!/^\d{6,32}$/.test(settings.mchId)) throw fieldError('mchId', 'rules.invalidFormat');
    if (!settings.publicKeyId.startsWith('PUB_KEY_ID_'))
      throw fieldError('publicKeyId', 'rules.wechatPublicKeyId');
    const secrets = {
      apiV3Key: input.apiV3Key || str(before?.secrets.apiV3Key),
      privateKey: input.privateKey || str(before?.secrets.privateKey),
      publicKey: input.publicKey || str(before?.secrets.publicKey),
    };
    if (!secrets.apiV3Key) throw fieldError('apiV3Key', 'rules.required');
    if (Buffer.byteLength(secrets.apiV3Key) !== 32) throw fieldError('apiV3Key', 'rules.apiV3Key');
    if (!secrets.privateKey) throw fieldError('privateKey', 'rules.required');
    privatePem('privateKey', secrets.privateKey);
    if (!secrets.publicKey) throw fieldError('publicKey', 'rules.required');
    publicPem('publicKey', secrets.publicKey);
    await this.registry.saveConfig(id, 'wechat', settings, secrets, true);
    return this.wechat(scope, id);
  }

  async updateAlipay(scope: SettingsScope, input: AliConfigUpdate, at: string): Promise<AliConfig> {
    const id = await this.platform(scope, input.platformId);
    if (input.enabled === 0) {
      await this.disable(id, 'alipay', at);
      return this.alipay(scope, id);
    }
    const before = await this.stored(id, 'alipay');
    const settings = { ...before?.settings, appId: input.appId ?? '' };
    if (!settings.appId) throw fieldError('appId', 'rules.required');
    if (!/^\d{10,32}$/.test(settings.appId)) throw fieldError('appId', 'rules.invalidFormat');
    const privateKey = input.privateKey || str(before?.secrets.privateKey);
    if (!privateKey) throw fieldError('privateKey', 'rules.required');
    const alipayPublicKey = input.alipayPublicKey || str(before?.secrets.alipayPublicKey);
    if (!alipayPublicKey) throw fieldError('alipayPublicKey', 'rules.required');
    const secrets = {
      privateKey: alipayPem('privateKey', privateKey, 'private'),
      alipayPublicKey: alipayPem('alipayPublicKey', alipayPublicKey, 'public'),
    };
    privatePem('privateKey', secrets.privateKey);
    publicPem('alipayPublicKey', secrets.alipayPublicKey);
    await this.registry.saveConfig(id, 'alipay', settings, secrets, true);
    return this.alipay(scope, id);
  }
}
