import { deviceGuidSchema, ERRORS } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { deviceDataApi } from '../../api/device-data.ts';
import { ApiError } from '../../api/http.ts';
import { publicWaybillApi, waybillKeys } from '../../api/waybill.ts';
import { formatZoned } from '../../components/clock.ts';
import { WaybillStateTag } from '../waybill/shared/WaybillStateTag.tsx';
import { publicWaybillDetailPath } from './quick-paths.ts';

/**
 * What the mobile quick query found (000 §2.2 mobileQuick.query.list): for a device ID, the device
 * (its page shows the curve) and the waybills it carried; for a tracking number, its waybills.
 * `?keyword=` is what was typed; digits only are tried as a device ID as well.
 */
export default function QueryResultsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const isGuid = keyword !== '' && deviceGuidSchema.safeParse(keyword).success;

  const device = useQuery({
    queryKey: ['quickQuery', 'results', keyword],
    queryFn: ({ signal }) => deviceDataApi.quickQuery({ deviceGuid: keyword }, signal),
    enabled: isGuid,
    retry: false,
  });
  const byNumber = useQuery({
    queryKey: [...waybillKeys.public(), 'list', keyword, ''],
    queryFn: ({ signal }) => publicWaybillApi.lookup({ trackingNumber: keyword }, signal),
    enabled: keyword !== '',
    retry: false,
  });
  const byDevice = useQuery({
    queryKey: [...waybillKeys.public(), 'list', '', keyword],
    queryFn: ({ signal }) => publicWaybillApi.lookup({ deviceGuid: keyword }, signal),
    enabled: isGuid,
    retry: false,
  });

  if (!keyword) return <Empty description={t('waybill.public.enterNumber')} />;
  const loading = device.isFetching || byNumber.isFetching || byDevice.isFetching;
  const found = device.data?.device;
  const deviceMissing = device.error instanceof ApiError && device.error.code === ERRORS.deviceNotFound.code;
  const waybills = [...(byNumber.data?.data ?? []), ...(byDevice.data?.data ?? [])].filter(
    (row, index, all) => all.findIndex((other) => other.waybillPk === row.waybillPk) === index,
  );
  const nothing = !loading && !found && waybills.length === 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('waybill.public.resultsFor', { keyword })}
      </Typography.Title>
      {loading ? <Spin /> : null}
      {found ? (
        <Card size="small" title={t('waybill.public.device')}>
          <Link
            to={`/mobileQuick/query/detail/${encodeURIComponent(found.deviceGuid)}`}
            data-testid="query-result-device"
          >
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>{found.deviceName}</Typography.Text>
              <Typography.Text type="secondary">{found.deviceGuid}</Typography.Text>
            </Space>
          </Link>
        </Card>
      ) : null}
      {waybills.length > 0 ? (
        <Card size="small" title={t('waybill.public.waybills')}>
          <List
            dataSource={waybills}
            renderItem={(row) => (
              <List.Item>
                <Link
                  to={publicWaybillDetailPath('mobile', row.waybillPk)}
                  data-testid={`query-result-waybill-${row.orderNum}`}
                  style={{ width: '100%' }}
                >
                  <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                    <Space orientation="vertical" size={0}>
                      <Typography.Text strong>{row.orderNum}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.startedAt === null ? '-' : formatZoned(row.startedAt, row.timeZone, false)}
                      </Typography.Text>
                    </Space>
                    <WaybillStateTag state={row.waybillState} />
                  </Space>
                </Link>
              </List.Item>
            )}
          />
        </Card>
      ) : null}
      {nothing ? (
        <Alert
          type="warning"
          showIcon
          title={deviceMissing || !isGuid ? t('waybill.public.notFound') : t('quick.notFound')}
          data-testid="query-results-empty"
        />
      ) : null}
    </Space>
  );
}
