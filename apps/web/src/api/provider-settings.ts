import { http } from './http.ts';

/** A platform's WeChat Pay settings as the server answers them: secrets only as configured flags. */
export interface WxConfig {
  platformId: number;
  enabled: number;
  mode: 'publicKey';
  appId: string;
  mchId: string;
  merchantSerial: string;
  publicKeyId: string;
  apiV3KeyConfigured: boolean;
  privateKeyConfigured: boolean;
  publicKeyConfigured: boolean;
  updatedAt: string | null;
}

/** A platform's Alipay settings as the server answers them. */
export interface AliConfig {
  platformId: number;
  enabled: number;
  appId: string;
  privateKeyConfigured: boolean;
  alipayPublicKeyConfigured: boolean;
  updatedAt: string | null;
}

/** A change: an empty secret keeps the stored one; enabled 0 turns the provider off. */
export interface WxConfigUpdate {
  platformId: number;
  enabled: 0 | 1;
  appId?: string;
  mchId?: string;
  merchantSerial?: string;
  publicKeyId?: string;
  apiV3Key?: string;
  privateKey?: string;
  publicKey?: string;
}

export interface AliConfigUpdate {
  platformId: number;
  enabled: 0 | 1;
  appId?: string;
  privateKey?: string;
  alipayPublicKey?: string;
}

const WX = '/payment/PayPdWxConfig';
const ALI = '/payment/PayPdAliConfig';

export const providerSettingsKeys = {
  wechat: (platformId: number) => ['providerSettings', 'wechat', platformId] as const,
  alipay: (platformId: number) => ['providerSettings', 'alipay', platformId] as const,
};

/** A platform's payment-provider settings (001 §7.9), for /customized/list. */
export const providerSettingsApi = {
  wechat: (platformId: number, signal?: AbortSignal) =>
    http.get<WxConfig>(`${WX}/selectByCamp`, { params: { platformId }, signal }),
  updateWechat: (body: WxConfigUpdate) => http.put<WxConfig>(`${WX}/updateWxConfig`, body),
  alipay: (platformId: number, signal?: AbortSignal) =>
    http.get<AliConfig>(`${ALI}/selectByCamp`, { params: { platformId }, signal }),
  updateAlipay: (body: AliConfigUpdate) => http.put<AliConfig>(`${ALI}/updateAliConfig`, body),
};
