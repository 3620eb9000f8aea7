import type { Platform } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Drawer, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { providerSettingsApi, providerSettingsKeys } from '../../../api/provider-settings.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { showSaveError } from '../../../components/schema-rules.ts';

type Provider = 'wechat' | 'alipay';
type Values = Record<string, string | undefined>;

/** A provider's fields: shown ones (answered back) and secrets (write-only, with a configured flag). */
interface Section {
  provider: Provider;
  plain: string[];
  secrets: { name: string; multiline: boolean }[];
}

const SECTIONS: Section[] = [
  {
    provider: 'wechat',
    plain: ['appId', 'mchId', 'merchantSerial', 'publicKeyId'],
    secrets: [
      { name: 'apiV3Key', multiline: false },
      { name: 'privateKey', multiline: true },
      { name: 'publicKey', multiline: true },
    ],
  },
  {
    provider: 'alipay',
    plain: ['appId'],
    secrets: [
      { name: 'privateKey', multiline: true },
      { name: 'alipayPublicKey', multiline: true },
    ],
  },
];

interface Loaded {
  enabled: number;
  shown: Record<string, string>;
  configured: Record<string, boolean>;
}

async function load(provider: Provider, platformId: number, signal: AbortSignal): Promise<Loaded> {
  if (provider === 'wechat') {
    const c = await providerSettingsApi.wechat(platformId, signal);
    return {
      enabled: c.enabled,
      shown: { appId: c.appId, mchId: c.mchId, merchantSerial: c.merchantSerial, publicKeyId: c.publicKeyId },
      configured: {
        apiV3Key: c.apiV3KeyConfigured,
        privateKey: c.privateKeyConfigured,
        publicKey: c.publicKeyConfigured,
      },
    };
  }
  const c = await providerSettingsApi.alipay(platformId, signal);
  return {
    enabled: c.enabled,
    shown: { appId: c.appId },
    configured: { privateKey: c.privateKeyConfigured, alipayPublicKey: c.alipayPublicKeyConfigured },
  };
}

function save(provider: Provider, platformId: number, enabled: 0 | 1, values: Values): Promise<unknown> {
  const v = (name: string) => values[name]?.trim() ?? '';
  if (provider === 'wechat')
    return providerSettingsApi.updateWechat({
      platformId,
      enabled,
      ...(enabled === 1
        ? {
            appId: v('appId'),
            mchId: v('mchId'),
            merchantSerial: v('merchantSerial'),
            publicKeyId: v('publicKeyId'),
            apiV3Key: v('apiV3Key'),
            privateKey: v('privateKey'),
            publicKey: v('publicKey'),
          }
        : {}),
    });
  return providerSettingsApi.updateAlipay({
    platformId,
    enabled,
    ...(enabled === 1
      ? { appId: v('appId'), privateKey: v('privateKey'), alipayPublicKey: v('alipayPublicKey') }
      : {}),
  });
}

function ProviderForm({ section, platformId }: { section: Section; platformId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const key =
    section.provider === 'wechat'
      ? providerSettingsKeys.wechat(platformId)
      : providerSettingsKeys.alipay(platformId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(section.provider, platformId, signal),
  });
  const label = (name: string) =>
    t(`platformSystem.payment.fields.${name}` as 'platformSystem.payment.fields.appId');
  const prefix = `payment-${section.provider}`;

  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data.shown);
  }, [query.data, form]);

  const submit = async (enabled: 0 | 1) => {
    setSaving(enabled);
    try {
      await save(section.provider, platformId, enabled, form.getFieldsValue());
      form.resetFields(section.secrets.map((s) => s.name));
      toastSuccess('save');
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      showSaveError(form, error, { fields: [...section.plain, ...section.secrets.map((s) => s.name)] });
    } finally {
      setSaving(null);
    }
  };

  const title = t(`platformSystem.payment.${section.provider}`);
  if (query.isPending) return <Spin aria-label={title} />;
  if (query.isError) return <Alert type="error" showIcon message={t('platformSystem.loadFailed')} />;
  const loaded = query.data;

  return (
    <section aria-labelledby={`${prefix}-title`} data-testid={prefix}>
      <Space align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id={`${prefix}-title`} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {loaded.enabled === 1 ? (
          <Tag color="green">{t('platformSystem.payment.enabled')}</Tag>
        ) : (
          <Tag>{t('platformSystem.payment.sandbox')}</Tag>
        )}
      </Space>
      <Form<Values> form={form} name={prefix} layout="vertical" onFinish={() => void submit(1)}>
        {section.plain.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={label(name)}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('platformSystem.required', { field: label(name) }),
              },
            ]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        ))}
        {section.secrets.map(({ name, multiline }) => {
          const configured = loaded.configured[name] === true;
          return (
            <Form.Item
              key={name}
              name={name}
              label={
                <Space>
                  {label(name)}
                  {configured ? (
                    <Tag color="blue">{t('platformSystem.payment.configured')}</Tag>
                  ) : (
                    <Tag>{t('platformSystem.payment.notConfigured')}</Tag>
                  )}
                </Space>
              }
              extra={configured ? t('platformSystem.payment.keepHint') : undefined}
              rules={
                configured
                  ? []
                  : [
                      {
                        required: true,
                        whitespace: true,
                        message: t('platformSystem.required', { field: label(name) }),
                      },
                    ]
              }
            >
              {multiline ? (
                <Input.TextArea
                  rows={4}
                  maxLength={8192}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={configured ? t('platformSystem.payment.keepPlaceholder') : undefined}
                />
              ) : (
                <Input.Password
                  maxLength={64}
                  autoComplete="new-password"
                  placeholder={configured ? t('platformSystem.payment.keepPlaceholder') : undefined}
                />
              )}
            </Form.Item>
          );
        })}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving === 1} data-testid={`${prefix}-save`}>
            {t('platformSystem.payment.saveEnable')}
          </Button>
          {loaded.enabled === 1 ? (
            <Button
              danger
              loading={saving === 0}
              onClick={() => void submit(0)}
              data-testid={`${prefix}-disable`}
            >
              {t('platformSystem.payment.disable')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </section>
  );
}

/** A platform's payment providers: its own WeChat Pay and Alipay merchant accounts, else the sandbox. */
export function PaymentDrawer({ platform, onClose }: { platform: Platform | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={platform !== null}
      onClose={onClose}
      width={560}
      destroyOnHidden
      title={platform ? t('platformSystem.payment.title', { title: platform.title }) : ''}
    >
      {platform ? (
        <>
          <Typography.Paragraph type="secondary">{t('platformSystem.payment.intro')}</Typography.Paragraph>
          {SECTIONS.map((section, index) => (
            <div key={section.provider}>
              {index > 0 ? <Divider /> : null}
              <ProviderForm section={section} platformId={platform.id} />
            </div>
          ))}
        </>
      ) : null}
    </Drawer>
  );
}
