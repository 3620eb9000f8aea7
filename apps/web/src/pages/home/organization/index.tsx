import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccountInfo } from '../../../api/account.ts';
import { deviceKeys, devicesApi } from '../../../api/devices.ts';
import { useAccess } from '../../../app/use-access.ts';
import { MessageList } from '../../message/shared/MessageList.tsx';
import { CountsTile, PositionsMap } from '../index.tsx';

function OrganizationMap({ organizationId }: { organizationId: number }) {
  const positions = useQuery({
    queryKey: [...deviceKeys.home(), 'organization', organizationId, 'positions'],
    queryFn: ({ signal }) => devicesApi.organizationPositions(organizationId, signal),
  });
  return <PositionsMap positions={positions.data} testId="organization-home-map" />;
}

/**
 * /home/organization: the home of an organization the caller is a member of (000 §2.4): its
 * devices' status counts, their positions on the map and their alarms. The organization is chosen
 * among accountInfo.orgWithMyRole and kept in the address (?organizationId=).
 */
export default function OrganizationHomePage() {
  const { t } = useTranslation();
  const access = useAccess();
  const { data: info } = useAccountInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const organizations = info?.orgWithMyRole ?? [];
  const asked = Number(searchParams.get('organizationId'));
  const current = organizations.find((o) => o.organizationId === asked) ?? organizations[0];
  const organizationId = current?.organizationId;
  const counts = useQuery({
    queryKey: [...deviceKeys.home(), 'organization', organizationId, 'counts'],
    queryFn: ({ signal }) => devicesApi.organizationCounts(organizationId as number, signal),
    enabled: organizationId !== undefined,
  });

  if (!info) return null;
  if (!current || organizationId === undefined)
    return (
      <Card>
        <Empty description={t('home.organization.none')} data-testid="organization-home-none">
          {access.permission('organization.list') ? (
            <Link to="/organization/list">{t('home.organization.openOrganizations')}</Link>
          ) : null}
        </Empty>
      </Card>
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text strong>{t('home.organization.pick')}</Typography.Text>
          <Select
            value={organizationId}
            style={{ minWidth: 220 }}
            aria-label={t('home.organization.pick')}
            data-testid="organization-home-pick"
            onChange={(id: number) => setSearchParams({ organizationId: String(id) }, { replace: true })}
            options={organizations.map((o) => ({ value: o.organizationId, label: o.organizationName }))}
          />
        </Space>
      </Card>
      <Card size="small" title={t('home.tiles.deviceCount')}>
        <CountsTile counts={counts.data} />
      </Card>
      <Card size="small" title={t('home.tiles.deviceMap')}>
        <OrganizationMap organizationId={organizationId} />
      </Card>
      {access.permission('message.list') ? (
        <Card size="small" title={t('home.organization.alarms')}>
          <MessageList
            key={organizationId}
            category="alarm"
            organizationId={organizationId}
            testId="organization-home-alarms"
          />
        </Card>
      ) : null}
    </Space>
  );
}
