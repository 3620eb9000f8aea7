import { ArrowLeftOutlined, CheckCircleOutlined, FilePdfOutlined, ShareAltOutlined } from '@ant-design/icons';
import { CHART_POINTS_DEFAULT, PDF_DOWNLOAD_DEBOUNCE_MS, type WaybillDetail } from '@coldchain/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Result, Space, Spin, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { saveFile } from '../../../api/http.ts';
import { useWaybill, waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZoned } from '../../../components/clock.ts';
import type { TimeRange } from '../../../components/time-ranges.ts';
import { WaybillFormModal } from '../list/WaybillFormModal.tsx';
import { CurvePanel } from '../shared/CurvePanel.tsx';
import { shapeOf } from '../shared/fence-shapes.ts';
import { ShareModal } from '../shared/ShareModal.tsx';
import { changeWaybillState } from '../shared/state-change.ts';
import { TrackPanel } from '../shared/TrackPanel.tsx';
import { WaybillStateTag } from '../shared/WaybillStateTag.tsx';
import { EMPTY_WAYBILL, formValuesOf, type WaybillFormValues } from '../shared/waybill-form.ts';
import { waybillKeyOf } from '../shared/waybill-key.ts';
import { AlarmTab } from './AlarmTab.tsx';
import { InfoTab } from './InfoTab.tsx';
import { LiveSummary } from './LiveSummary.tsx';
import { ReceiveModal } from './ReceiveModal.tsx';

const TABS = ['map', 'curve', 'alarms', 'info'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.includes(value as TabKey);
/** A waybill in progress is followed: its data is read again this often (ms). */
const LIVE_REFRESH_MS = 30_000;

/** The instants a custom range picker gives, or none for the whole waybill period. */
function rangeOf(picked: [Dayjs | null, Dayjs | null] | null): { startTime?: number; endTime?: number } {
  if (!picked) return {};
  return {
    ...(picked[0] ? { startTime: picked[0].valueOf() } : {}),
    ...(picked[1] ? { endTime: picked[1].valueOf() } : {}),
  };
}

/**
 * A waybill's page (002 §2): real-time monitoring while in progress, an overview otherwise; the map
 * with the track, geofences and playback; the data curve with its limits; the alarm record; the
 * waybill's fields. Start and stop by hand, receipt, sharing and the PDF report. A chosen range is
 * brought inside the waybill period by the server, which says so ("selected time corrected to
 * waybill time").
 */
export default function WaybillDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { waybillPk } = useParams();
  const key = waybillKeyOf(waybillPk);
  const [searchParams, setSearchParams] = useSearchParams();
  const tabInUrl = searchParams.get('tab');
  const tab: TabKey = isTab(tabInUrl) ? tabInUrl : 'map';
  const [picked, setPicked] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [editing, setEditing] = useState<{ waybill: WaybillDetail; initial: WaybillFormValues } | null>(null);
  const [sharing, setSharing] = useState(false);
  const [receiving, setReceiving] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const lastPdf = useRef(0);

  const waybill = useWaybill(key);
  // The address may name the waybill by its key; the data calls take its id.
  const id = waybill.data?.id ?? 0;
  const live = waybill.data?.waybillState === 1;
  const refetchInterval = live ? LIVE_REFRESH_MS : false;
  const range = rangeOf(picked);
  const started = waybill.data !== undefined && waybill.data.waybillState !== 0;

  const overview = useQuery({
    queryKey: [...waybillKeys.overview(id)],
    queryFn: ({ signal }) => waybillApi.overview(id, signal),
    enabled: started,
    refetchInterval,
  });
  const track = useQuery({
    queryKey: [...waybillKeys.data(id), 'track', range.startTime, range.endTime],
    queryFn: ({ signal }) => waybillApi.track({ id, ...range }, signal),
    enabled: waybill.data !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const chart = useQuery({
    queryKey: [...waybillKeys.data(id), 'chart', range.startTime, range.endTime],
    queryFn: ({ signal }) => waybillApi.chart({ id, ...range, points: CHART_POINTS_DEFAULT }, signal),
    enabled: started && tab === 'curve',
    placeholderData: keepPreviousData,
    refetchInterval,
  });

  const fixes = useMemo(
    () => (track.data?.points ?? []).map(([ts, lat, lon]) => ({ ts, lat, lon })),
    [track.data],
  );
  const fences = useMemo(
    () => (track.data?.fences ?? []).flatMap((fence) => fence.areas.map(shapeOf)),
    [track.data],
  );
  const planned = useMemo(
    () => (track.data?.plannedRoute ?? []).map((p): [number, number] => [p.lat, p.lon]),
    [track.data],
  );

  if (waybill.isPending && waybill.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!waybill.data)
    return (
      <Result
        status="warning"
        title={t('waybill.detail.notFound')}
        extra={<Button onClick={() => navigate('/waybill/list')}>{t('waybill.detail.backToList')}</Button>}
      />
    );

  const shown = waybill.data;
  const zone = shown.timeZone;
  const refresh = () => queryClient.invalidateQueries({ queryKey: waybillKeys.all });
  const runState = async (action: 'start' | 'stop') => {
    if (await changeWaybillState(shown, action)) await refresh();
  };
  const downloadReport = async () => {
    // 000 §5: the PDF download is debounced one second.
    if (Date.now() - lastPdf.current < PDF_DOWNLOAD_DEBOUNCE_MS) return;
    lastPdf.current = Date.now();
    setDownloading(true);
    try {
      saveFile(await waybillApi.report(shown.id));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    } finally {
      setDownloading(false);
    }
  };
  const corrected = [track.data, chart.data].find((answer) => answer?.timeCorrected === 1);
  const chartRange: TimeRange = chart.data
    ? { startTime: chart.data.startTime, endTime: chart.data.endTime }
    : { startTime: shown.startedAt ?? shown.startTime ?? Date.now(), endTime: shown.stoppedAt ?? Date.now() };

  const panes: Record<TabKey, () => React.ReactNode> = {
    map: () => (
      <TrackPanel
        fixes={fixes}
        fences={fences}
        planned={planned}
        timeZone={zone}
        downsampled={track.data?.downsampled}
        testId="waybill-detail-map"
      />
    ),
    curve: () =>
      started ? (
        <CurvePanel
          series={chart.data?.series ?? []}
          stats={chart.data?.stats ?? []}
          upperLimit={chart.data?.upperLimit ?? shown.upperLimit}
          lowerLimit={chart.data?.lowerLimit ?? shown.lowerLimit}
          range={chartRange}
          timeZone={zone}
          downsampled={chart.data?.downsampled}
          loading={chart.isFetching}
        />
      ) : (
        <Alert type="info" showIcon title={t('waybill.detail.notStartedYet')} />
      ),
    alarms: () => <AlarmTab waybill={shown} range={range} />,
    info: () => <InfoTab waybill={shown} />,
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space orientation="vertical" size={4}>
            <Space wrap>
              <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/waybill/list')} />
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="waybill-title">
                {shown.orderNum}
              </Typography.Title>
              <WaybillStateTag state={shown.waybillState} testId="waybill-detail-state" />
            </Space>
            <Typography.Text type="secondary">
              {shown.deviceName} · {shown.deviceGuid}
              {shown.goodsName ? ` · ${shown.goodsName}` : ''}
            </Typography.Text>
          </Space>
          <Space wrap>
            <IfAction action="edit">
              {shown.waybillState === 0 && shown.startAtDeviceOnly === 1 ? (
                <Typography.Text type="secondary">{t('waybill.detail.startAtDevice')}</Typography.Text>
              ) : null}
              {shown.waybillState === 0 && shown.startAtDeviceOnly === 0 ? (
                <Button
                  type="primary"
                  onClick={() => void runState('start')}
                  data-testid="waybill-detail-start"
                >
                  {t('waybill.actions.start')}
                </Button>
              ) : null}
              {shown.waybillState === 1 ? (
                <Button danger onClick={() => void runState('stop')} data-testid="waybill-detail-stop">
                  {t('waybill.actions.stop')}
                </Button>
              ) : null}
              {shown.waybillState === 2 ? (
                <Button
                  icon={<CheckCircleOutlined />}
                  onClick={() => setReceiving(true)}
                  data-testid="waybill-detail-receive"
                >
                  {t('waybill.actions.receive')}
                </Button>
              ) : null}
              {shown.waybillState < 2 ? (
                <Button
                  onClick={() =>
                    setEditing({
                      waybill: shown,
                      initial: formValuesOf(shown as unknown as Record<string, unknown>),
                    })
                  }
                >
                  {t('waybill.actions.edit')}
                </Button>
              ) : null}
            </IfAction>
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
              {t('waybill.actions.share')}
            </Button>
            <IfAction action="export">
              <Button
                icon={<FilePdfOutlined />}
                loading={downloading}
                disabled={!started}
                onClick={() => void downloadReport()}
                data-testid="waybill-report"
              >
                {t('waybill.actions.report')}
              </Button>
            </IfAction>
          </Space>
        </Space>
      </Card>

      <Card
        size="small"
        title={live ? t('waybill.detail.realtime') : t('waybill.detail.overview')}
        extra={
          live ? (
            <Typography.Text type="secondary">
              {t('waybill.detail.refreshing', { seconds: LIVE_REFRESH_MS / 1000 })}
            </Typography.Text>
          ) : null
        }
      >
        <LiveSummary waybill={shown} overview={overview.data ?? null} />
      </Card>

      <Card size="small">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {started ? (
            <Space wrap>
              <Typography.Text>{t('waybill.detail.range')}</Typography.Text>
              <DatePicker.RangePicker
                showTime
                allowEmpty={[true, true]}
                format="YYYY-MM-DD HH:mm"
                value={picked}
                onChange={(value) => setPicked(value ? [value[0], value[1]] : null)}
                placeholder={[t('waybill.detail.periodStart'), t('waybill.detail.periodEnd')]}
                data-testid="waybill-range"
              />
              {picked ? (
                <Button onClick={() => setPicked(null)}>{t('waybill.detail.wholePeriod')}</Button>
              ) : null}
              {corrected ? (
                <Alert
                  type="warning"
                  showIcon
                  title={corrected.notice ?? t('waybill.form.timeCorrected')}
                  description={`${formatZoned(corrected.startTime, zone, false)} ~ ${formatZoned(corrected.endTime, zone, false)}`}
                  data-testid="waybill-time-corrected"
                />
              ) : null}
            </Space>
          ) : null}
          <Tabs
            activeKey={tab}
            onChange={(key) => {
              const next = new URLSearchParams(searchParams);
              next.set('tab', key);
              setSearchParams(next, { replace: true });
            }}
            destroyOnHidden
            items={TABS.map((key) => ({
              key,
              label: <span data-testid={`waybill-tab-${key}`}>{t(`waybill.detail.tabs.${key}`)}</span>,
              children: key === tab ? panes[key]() : null,
            }))}
          />
        </Space>
      </Card>

      <WaybillFormModal
        open={editing !== null}
        editing={editing?.waybill ?? null}
        initial={editing?.initial ?? EMPTY_WAYBILL}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <ShareModal waybill={sharing ? shown : null} onClose={() => setSharing(false)} />
      <ReceiveModal
        waybill={receiving ? shown : null}
        onClose={() => setReceiving(false)}
        onReceived={() => {
          setReceiving(false);
          void refresh();
        }}
      />
    </Space>
  );
}
