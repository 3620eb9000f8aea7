import { CrownOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountInfo } from '../../api/account.ts';

/** The header's premium days (000 §4: premium state 1 shows the remaining days); nothing otherwise. */
export function PremiumBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useAccountInfo();
  const premium = data?.premiumState;
  if (premium?.state !== 1) return null;
  const text = t('premium.remaining', { count: premium.remainingDays });
  return (
    <Link to="/vip/service" aria-label={text} title={text} data-testid="header-premium">
      <Tag color="gold" icon={<CrownOutlined />} style={{ marginInlineEnd: 0 }}>
        {compact ? premium.remainingDays : text}
      </Tag>
    </Link>
  );
}
