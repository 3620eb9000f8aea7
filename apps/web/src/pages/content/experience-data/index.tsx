import type { TrialClaimRow } from '@coldchain/shared';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { trialClaimPage } from '../../../api/premium.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatTime } from '../../product/shared.tsx';

/**
 * /experience/data: the trial claims of 001 §9 (each device's one 2-month trial), newest first, with
 * the device, its owner, who claimed it and the service end before and after the claim.
 */
export default function ExperienceDataPage() {
  const { t } = useTranslation();
  const columns: ColumnsType<TrialClaimRow> = [
    { dataIndex: 'deviceGuid', title: t('premium.experience.deviceGuid') },
    { dataIndex: 'deviceName', title: t('premium.experience.deviceName') },
    { dataIndex: 'ownerName', title: t('premium.experience.owner') },
    { dataIndex: 'claimedByName', title: t('premium.experience.claimedBy') },
    {
      dataIndex: 'months',
      title: t('premium.experience.months'),
      width: 100,
      align: 'right',
    },
    {
      dataIndex: 'serviceBefore',
      title: t('premium.experience.serviceBefore'),
      width: 170,
      render: formatTime,
    },
    {
      dataIndex: 'serviceAfter',
      title: t('premium.experience.serviceAfter'),
      width: 170,
      render: formatTime,
    },
    { dataIndex: 'createdAt', title: t('premium.experience.claimedAt'), width: 170, render: formatTime },
  ];
  return (
    <ListPage<TrialClaimRow>
      queryKey={['premium', 'trialClaims']}
      fetchPage={(request, signal) => trialClaimPage(request, signal)}
      columns={columns}
      rowKey="id"
      filters={
        <Form.Item name="deviceGuid" label={t('premium.experience.deviceGuid')}>
          <Input allowClear maxLength={20} data-testid="experience-filter-guid" />
        </Form.Item>
      }
    />
  );
}
