import { FacebookFilled, QqOutlined, WechatFilled } from '@ant-design/icons';
import type { ThirdPartyProviderName } from '@coldchain/shared';
import { Button, Divider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginProviders } from '../../../api/auth.ts';

const ICONS: Record<ThirdPartyProviderName, ReactNode> = {
  wechat: <WechatFilled />,
  qq: <QqOutlined />,
  facebook: <FacebookFilled />,
};

/** One button per third-party login the server has configured; nothing when there is none. */
export function ThirdPartyButtons() {
  const { t } = useTranslation();
  const { data: providers = [] } = useLoginProviders();
  if (providers.length === 0) return null;
  return (
    <section aria-label={t('auth.login.thirdParty')}>
      <Divider plain>{t('auth.login.thirdParty')}</Divider>
      <div style={{ display: 'flex', justifyContent: 'center', gap: 16 }}>
        {providers.map(({ provider, authorizeUrl }) => (
          <Button
            key={provider}
            shape="circle"
            size="large"
            icon={ICONS[provider]}
            href={authorizeUrl}
            aria-label={t(`auth.provider.${provider}`)}
            title={t(`auth.provider.${provider}`)}
            data-testid={`login-${provider}`}
          />
        ))}
      </div>
    </section>
  );
}
