import { SearchOutlined } from '@ant-design/icons';
import { ERRORS, type PublicWaybillRow, WAYBILL_EXPRESS_NUMBER_MAX } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, List, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { publicWaybillApi, waybillKeys } from '../../api/waybill.ts';
import { useCurrentRoute } from '../../app/use-access.ts';
import { formatZoned } from '../../components/clock.ts';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { WaybillStateTag } from '../waybill/shared/WaybillStateTag.tsx';
import { publicWaybillDetailPath, variantOf } from './quick-paths.ts';

/**
 * The public waybill list (000 §2.2 pcQuick.waybill.list, mobileQuick.waybill.list): waybills found
 * by tracking number (order or express number) or by device ID, without login; each opens its public
 * page with the curve. The PC and mobile variants swap by user agent (000 §2.10, in the route view).
 */
export default function PublicWaybillListPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const variant = variantOf(route?.name);
  // The mobile variant, or the PC one opened on a phone (000 §2.1 below 576 px): stacked form, list.
  const phone = useIsPhone();
  const stacked = variant === 'mobile' || phone;
  const [searchParams, setSearchParams] = useSearchParams();
  const trackingNumber = (searchParams.get('trackingNumber') ?? '').trim();
  const deviceGuid = (searchParams.get('deviceGuid') ?? '').trim();
  const lookup = trackingNumber ? { trackingNumber } : deviceGuid ? { deviceGuid } : null;

  const answer = useQuery({
    queryKey: [...waybillKeys.public(), 'list', trackingNumber, deviceGuid],
    queryFn: ({ signal }) => publicWaybillApi.lookup(lookup ?? {}, signal),
    enabled: lookup !== null,
  });
  const rows = answer.data?.data ?? [];
  const failed = answer.error instanceof ApiError && answer.error.code !== ERRORS.waybillNotFound.code;

  const search = ({ value }: { value: string }) => {
    const next = new URLSearchParams();
    next.set('trackingNumber', value.trim());
    setSearchParams(next, { replace: true });
  };
  const time = (row: PublicWaybillRow, ms: number | null) =>
    ms === null ? '-' : formatZoned(ms, row.timeZone, false);
  const open = (row: PublicWaybillRow) => publicWaybillDetailPath(variant, row.waybillPk);

  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 1200, margin: '0 auto', display: 'flex' }}
    >
      <Card title={t('waybill.public.listTitle')}>
        <Form
          layout={stacked ? 'vertical' : 'inline'}
          initialValues={{ value: trackingNumber }}
          onFinish={search}
          key={trackingNumber}
        >
          <Form.Item
            name="value"
            label={t('waybill.public.trackingNumber')}
            rules={[{ required: true, whitespace: true, message: t('waybill.public.trackingRequired') }]}
          >
            <Input
              allowClear
              maxLength={WAYBILL_EXPRESS_NUMBER_MAX}
              style={stacked ? undefined : { minWidth: 240 }}
              data-testid="public-waybill-number"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={answer.isFetching}
              data-testid="public-waybill-search"
            >
              {t('quick.search')}
            </Button>
          </Form.Item>
        </Form>
        {deviceGuid && !trackingNumber ? (
          <Typography.Text type="secondary">
            {t('waybill.public.byDevice', { guid: deviceGuid })}
          </Typography.Text>
        ) : null}
      </Card>
      {failed ? <Alert type="error" showIcon title={answer.error?.message} /> : null}
      {lookup && answer.isSuccess && rows.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('waybill.public.notFound')}
          data-testid="public-waybill-not-found"
        />
      ) : null}
      {rows.length > 0 ? (
        stacked ? (
          <List
            dataSource={rows}
            data-testid="public-waybill-list"
            renderItem={(row) => (
              <Card size="small" style={{ marginBottom: 12 }}>
                <Link to={open(row)} data-testid={`public-waybill-${row.orderNum}`}>
                  <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                    <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                      <Typography.Text strong>{row.orderNum}</Typography.Text>
                      <WaybillStateTag state={row.waybillState} />
                    </Space>
                    <Typography.Text type="secondary">{row.goodsName ?? '-'}</Typography.Text>
                    <Typography.Text type="secondary">
                      {time(row, row.startedAt)} ~ {time(row, row.stoppedAt)}
                    </Typography.Text>
                  </Space>
                </Link>
              </Card>
            )}
          />
        ) : (
          <Card>
            <Table<PublicWaybillRow>
              rowKey="waybillPk"
              dataSource={rows}
              pagination={false}
              data-testid="public-waybill-list"
              columns={[
                {
                  dataIndex: 'orderNum',
                  title: t('waybill.fields.orderNum'),
                  render: (orderNum: string, row) => (
                    <Link to={open(row)} data-testid={`public-waybill-${orderNum}`}>
                      {orderNum}
                    </Link>
                  ),
                },
                {
                  dataIndex: 'expressNumber',
                  title: t('waybill.fields.expressNumber'),
                  render: (v: string | null) => v ?? '-',
                },
                {
                  dataIndex: 'goodsName',
                  title: t('waybill.fields.goodsName'),
                  render: (v: string | null) => v ?? '-',
                },
                { dataIndex: 'deviceGuid', title: t('quick.deviceGuid') },
                {
                  dataIndex: 'waybillState',
                  title: t('waybill.fields.waybillState'),
                  render: (_: unknown, row) => <WaybillStateTag state={row.waybillState} />,
                },
                {
                  key: 'limits',
                  title: t('waybill.fields.limits'),
                  render: (_: unknown, row) => `${row.lowerLimit} ~ ${row.upperLimit} ℃`,
                },
                {
                  key: 'started',
                  title: t('waybill.fields.startedAt'),
                  render: (_: unknown, row) => time(row, row.startedAt),
                },
                {
                  key: 'stopped',
                  title: t('waybill.fields.stoppedAt'),
                  render: (_: unknown, row) => time(row, row.stoppedAt),
                },
              ]}
            />
          </Card>
        )
      ) : null}
      {!lookup ? <Empty description={t('waybill.public.enterNumber')} /> : null}
    </Space>
  );
}
