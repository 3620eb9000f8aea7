import { Card, Descriptions, type DescriptionsProps, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../api/account.ts';

/** The signed-in landing page: a welcome card; dashboards arrive with the device domain. */
export default function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: info } = useAccountInfo();
  if (!info) return null;
  const { baseAccount, premiumState } = info;
  const items: DescriptionsProps['items'] = [
    { key: 'realName', label: t('home.realName'), children: baseAccount.realName || '-' },
    {
      key: 'accountType',
      label: t('home.accountType'),
      children:
        baseAccount.accountType === 2 ? t('home.accountTypeEnterprise') : t('home.accountTypePersonal'),
    },
    // 000 §4: premium state 1 is VIP, anything else a standard account.
    {
      key: 'membership',
      label: t('home.membership'),
      children: premiumState.state === 1 ? t('home.vip') : t('home.standard'),
    },
    { key: 'timeZone', label: t('home.timeZone'), children: baseAccount.timeZone },
  ];
  return (
    <Card data-testid="welcome-card" title={t('home.welcome', { name: baseAccount.userName })}>
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('home.intro')}</p>
      <Descriptions column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}
