import { useQuery } from '@tanstack/react-query';
import { Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { organizationApi, orgKeys } from '../../../api/org.ts';
import { Members } from '../components/Members.tsx';

/** /organization/userList/:id: the members of one organization. */
export default function OrganizationUserListPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: orgKeys.detail(id),
    queryFn: ({ signal }) => organizationApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (detail.isPending && detail.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!detail.data) return <Result status="warning" title={t('org.notFound')} />;
  return (
    <Card size="small" title={detail.data.name}>
      <Members org={detail.data} />
    </Card>
  );
}
