import { SearchOutlined } from '@ant-design/icons';
import {
  DEVICE_GUID_MAX,
  deviceGuidSchema,
  ERRORS,
  QUICK_SEARCH_RANGE_MAX_MS,
  WAYBILL_EXPRESS_NUMBER_MAX,
} from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { deviceDataApi } from '../../../api/device-data.ts';
import { ApiError } from '../../../api/http.ts';
import type { LiveReading } from '../../../api/live-state.ts';
import { useCurrentRoute } from '../../../app/use-access.ts';
import type { ChartLine } from '../../../components/chart/chart-option.ts';
import { TimeSeriesChart } from '../../../components/chart/TimeSeriesChart.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { initialRange, RangeSelect, type RangeValue } from '../../../components/RangeSelect.tsx';
import { QUICK_RANGES } from '../../../components/time-ranges.ts';
import {
  isDeviceStatus,
  isProbeChannel,
  shownReadings,
  statusTagColor,
} from '../../device/shared/device-view.ts';
import { LatestValues } from '../../device/shared/LatestValues.tsx';
import { useChannelTitle } from '../../device/shared/use-channel-title.ts';
import { publicWaybillListPath } from '../../quick-waybill/quick-paths.ts';

/** What the query looks up: a device by its ID, or waybills by tracking number (002 §2). */
type QueryKind = 'device' | 'tracking';

/** The public query covers at most 30 days (docs/decisions.md), so the year is not offered. */
const PUBLIC_RANGES = QUICK_RANGES.filter((r) => r !== 'year');

/**
 * The public quick query (000 §2.2, 002 §2: quick.query, pcQuick.query, mobileQuick.query): anyone
 * enters a device ID and sees its recent values and curve, if its owner enabled quick search. The
 * address may carry the ID (`?deviceGuid=` or the pcQuick path), which runs the query at once.
 */
export default function QuickQueryPage() {
  const { t } = useTranslation();
  const channelTitle = useChannelTitle();
  const route = useCurrentRoute();
  const mobile = route?.name.startsWith('mobileQuick') ?? false;
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = (id ?? searchParams.get('deviceGuid') ?? '').trim();
  const [guid, setGuid] = useState(deviceGuidSchema.safeParse(fromUrl).success ? fromUrl : '');
  const [range, setRange] = useState<RangeValue | null>(null);
  const [form] = Form.useForm<{ deviceGuid: string; trackingNumber: string }>();
  const navigate = useNavigate();
  const [kind, setKind] = useState<QueryKind>('device');

  const answer = useQuery({
    queryKey: ['quickQuery', guid, range?.range.startTime, range?.range.endTime],
    queryFn: ({ signal }) =>
      deviceDataApi.quickQuery(
        {
          deviceGuid: guid,
          ...(range ? { startTime: range.range.startTime, endTime: range.range.endTime } : {}),
        },
        signal,
      ),
    enabled: guid !== '',
    placeholderData: keepPreviousData,
  });

  const device = answer.data?.device;
  const zone = device?.timeZone ?? 'UTC';
  const shownRange =
    range ?? (answer.data ? { choice: 'hours24' as const, range: answer.data.chart } : initialRange(zone));
  const units = useMemo(
    () => new Map((answer.data?.chart.series ?? []).map((s) => [s.channel, s.unit])),
    [answer.data],
  );
  const latest = useMemo(
    () =>
      new Map<number, LiveReading>(
        (answer.data?.latest ?? []).map((r) => [r.channel, { ts: r.ts, value: r.value }]),
      ),
    [answer.data],
  );
  const lines = useMemo<ChartLine[]>(
    () =>
      (answer.data?.chart.series ?? [])
        .filter((s) => isProbeChannel(s.channel))
        .map((s) => ({
          key: String(s.channel),
          name: channelTitle(s),
          unit: s.unit,
          points: s.points,
          upper: s.kind === 'temperature' ? (device?.upperLimit ?? null) : null,
          lower: s.kind === 'temperature' ? (device?.lowerLimit ?? null) : null,
        })),
    [answer.data, device, channelTitle],
  );

  const notFound = answer.error instanceof ApiError && answer.error.code === ERRORS.deviceNotFound.code;
  const failed = answer.isError && !notFound;

  const search = ({ deviceGuid, trackingNumber }: { deviceGuid: string; trackingNumber: string }) => {
    // Tracking numbers list their waybills; on mobile both kinds go to the results page.
    if (kind === 'tracking' && !mobile) {
      navigate(publicWaybillListPath('pc', { trackingNumber: trackingNumber.trim() }));
      return;
    }
    if (mobile) {
      const keyword = (kind === 'tracking' ? trackingNumber : deviceGuid).trim();
      navigate(`/mobileQuick/query/list?${new URLSearchParams({ keyword })}`);
      return;
    }
    const value = deviceGuid.trim();
    setGuid(value);
    setRange(null);
    const next = new URLSearchParams(searchParams);
    next.set('deviceGuid', value);
    setSearchParams(next, { replace: true });
  };

  const chooseRange = (next: RangeValue) => {
    if (next.range.endTime - next.range.startTime > QUICK_SEARCH_RANGE_MAX_MS) {
      setRange({
        choice: next.choice,
        range: { startTime: next.range.endTime - QUICK_SEARCH_RANGE_MAX_MS, endTime: next.range.endTime },
      });
      return;
    }
    setRange(next);
  };

  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 1200, margin: '0 auto', display: 'flex' }}
    >
      <Card title={t('quick.title')}>
        <Typography.Paragraph type="secondary">{t('quick.intro')}</Typography.Paragraph>
        <Segmented<QueryKind>
          value={kind}
          onChange={setKind}
          style={{ marginBottom: 12 }}
          options={[
            { value: 'device', label: t('quick.deviceGuid') },
            { value: 'tracking', label: t('waybill.public.trackingNumber') },
          ]}
          data-testid="quick-kind"
        />
        <Form
          form={form}
          layout={mobile ? 'vertical' : 'inline'}
          initialValues={{ deviceGuid: guid }}
          onFinish={search}
        >
          {kind === 'tracking' ? (
            <Form.Item
              name="trackingNumber"
              label={t('waybill.public.trackingNumber')}
              rules={[{ required: true, whitespace: true, message: t('waybill.public.trackingRequired') }]}
            >
              <Input
                allowClear
                maxLength={WAYBILL_EXPRESS_NUMBER_MAX}
                style={{ minWidth: 240 }}
                data-testid="quick-tracking"
              />
            </Form.Item>
          ) : null}
          <Form.Item
            hidden={kind === 'tracking'}
            name="deviceGuid"
            label={t('quick.deviceGuid')}
            rules={[
              { required: kind === 'device', whitespace: true, message: t('quick.guidRequired') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value || deviceGuidSchema.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('quick.guidRule', { max: DEVICE_GUID_MAX }))),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={DEVICE_GUID_MAX}
              allowClear
              style={{ minWidth: 240 }}
              data-testid="quick-guid"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              loading={answer.isFetching}
              data-testid="quick-search"
            >
              {t('quick.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {notFound ? (
        <Alert type="warning" showIcon title={t('quick.notFound')} data-testid="quick-not-found" />
      ) : null}
      {failed ? <Alert type="error" showIcon title={answer.error.message} /> : null}
      {device && !notFound ? (
        <Card
          title={<span data-testid="quick-device-name">{device.deviceName}</span>}
          extra={
            <Typography.Text
              type={
                isDeviceStatus(device.status) && statusTagColor(device.status) === 'success'
                  ? 'success'
                  : 'secondary'
              }
            >
              {isDeviceStatus(device.status) ? t(`device.status.${device.status}`) : device.status}
            </Typography.Text>
          }
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={mobile ? 1 : 3}
              items={[
                { key: 'guid', label: t('quick.deviceGuid'), children: device.deviceGuid },
                {
                  key: 'seen',
                  label: t('device.fields.lastSeenAt'),
                  children: formatZonedIso(device.lastSeenAt, zone),
                },
                {
                  key: 'limits',
                  label: t('device.fields.limits'),
                  children:
                    device.lowerLimit === null && device.upperLimit === null
                      ? '-'
                      : `${device.lowerLimit ?? '-'} ~ ${device.upperLimit ?? '-'}`,
                },
              ]}
            />
            <div>
              <Typography.Text type="secondary">{t('quick.latest')}</Typography.Text>
              <div>
                <LatestValues
                  readings={shownReadings(latest, false, units)}
                  size="large"
                  testId="quick-latest"
                />
              </div>
            </div>
            <RangeSelect value={shownRange} onChange={chooseRange} timeZone={zone} choices={PUBLIC_RANGES} />
            <TimeSeriesChart
              lines={lines}
              range={answer.data?.chart ?? shownRange.range}
              timeZone={zone}
              height={mobile ? 280 : 400}
              loading={answer.isFetching}
              testId="quick-chart"
            />
            <Typography.Text type="secondary">{t('device.chart.zoneNote', { zone })}</Typography.Text>
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
