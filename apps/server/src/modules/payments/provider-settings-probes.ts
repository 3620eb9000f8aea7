/** Calls naming a platform by id for its payment-provider settings, made from another platform. */
export interface ProviderSettingsProbe {
  name: string;
  method: 'GET' | 'PUT';
  url: string;
  body?: (platformId: number) => unknown;
  query?: (platformId: number) => Record<string, string>;
}

export const PROVIDER_SETTINGS_PROBES: ProviderSettingsProbe[] = [
  {
    name: 'WeChat Pay settings',
    method: 'GET',
    url: '/api/payment/PayPdWxConfig/selectByCamp',
    query: (id) => ({ platformId: String(id) }),
  },
  {
    name: 'WeChat Pay settings change',
    method: 'PUT',
    url: '/api/payment/PayPdWxConfig/updateWxConfig',
    body: (id) => ({ platformId: id, enabled: 0 }),
  },
  {
    name: 'Alipay settings',
    method: 'GET',
    url: '/api/payment/PayPdAliConfig/selectByCamp',
    query: (id) => ({ platformId: String(id) }),
  },
  {
    name: 'Alipay settings change',
    method: 'PUT',
    url: '/api/payment/PayPdAliConfig/updateAliConfig',
    body: (id) => ({ platformId: id, enabled: 0 }),
  },
];
