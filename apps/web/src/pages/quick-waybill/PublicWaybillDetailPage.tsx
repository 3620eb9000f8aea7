import { CheckCircleOutlined } from '@ant-design/icons';
import { WAYBILL_PERSON_NAME_MAX } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Modal, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { LiveReading } from '../../api/live-state.ts';
import { publicWaybillApi, waybillKeys } from '../../api/waybill.ts';
import { flash } from '../../app/feedback.ts';
import { useCurrentRoute } from '../../app/use-access.ts';
import { formatZoned } from '../../components/clock.ts';
import { EmojiFreeInput } from '../../components/EmojiFreeInput.tsx';
import { shownReadings } from '../device/shared/device-view.ts';
import { LatestValues } from '../device/shared/LatestValues.tsx';
import { CurvePanel } from '../waybill/shared/CurvePanel.tsx';
import { TrackPanel } from '../waybill/shared/TrackPanel.tsx';
import { WaybillStateTag } from '../waybill/shared/WaybillStateTag.tsx';
import { variantOf, waybillDetailRedirect } from './quick-paths.ts';

/**
 * A waybill's public page (000 §2.2 pcQuick.waybill.detail, mobileQuick.waybill.detail): its state,
 * newest values and data curve with limits, without login. Opened through a share link
 * (`?share=`) it also shows the track, and the receiver can confirm receipt of an ended waybill.
 */
export default function PublicWaybillDetailPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = useCurrentRoute();
  const mobile = variantOf(route?.name) === 'mobile';
  const { waybillPk = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The server's share links carry `share`; `shareToken` is accepted too.
  const shareToken = searchParams.get('share') ?? searchParams.get('shareToken') ?? '';
  const queryClient = useQueryClient();
  const [receiving, setReceiving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ receiverMan?: string }>();

  const request = shareToken ? { shareToken } : { waybillPk };
  const answer = useQuery({
    queryKey: [...waybillKeys.public(), 'detail', waybillPk, shareToken],
    queryFn: ({ signal }) => publicWaybillApi.detail(request, signal),
    enabled: waybillPk !== '' || shareToken !== '',
    retry: false,
  });
  const latest = useMemo(
    () =>
      new Map<number, LiveReading>(
        (answer.data?.latest ?? []).map((r) => [r.channel, { ts: r.ts, value: r.value }]),
      ),
    [answer.data],
  );
  const fixes = useMemo(
    () => (answer.data?.track ?? []).map(([ts, lat, lon]) => ({ ts, lat, lon })),
    [answer.data],
  );

  const redirect = waybillDetailRedirect(location.pathname, navigator.userAgent);
  if (redirect) return <Navigate to={{ pathname: redirect, search: location.search }} replace />;
  if (answer.isPending && answer.fetchStatus !== 'idle')
    return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!answer.data)
    return (
      <Alert
        type="warning"
        showIcon
        title={answer.error?.message ?? t('waybill.public.notFound')}
        data-testid="public-waybill-missing"
      />
    );

  const { waybill, chart, stats, shared } = answer.data;
  const zone = waybill.timeZone;
  const time = (ms: number | null) => (ms === null ? '-' : formatZoned(ms, zone, false));
  const receive = async ({ receiverMan }: { receiverMan?: string }) => {
    setBusy(true);
    try {
      const next = await publicWaybillApi.receive({
        shareToken,
        ...(receiverMan?.trim() ? { receiverMan: receiverMan.trim() } : {}),
      });
      queryClient.setQueryData([...waybillKeys.public(), 'detail', waybillPk, shareToken], next);
      flash('success', t('waybill.done.receive'));
      setReceiving(false);
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space
      orientation="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 1200, margin: '0 auto', display: 'flex' }}
    >
      <Card
        title={<span data-testid="public-waybill-title">{waybill.orderNum}</span>}
        extra={<WaybillStateTag state={waybill.waybillState} testId="public-waybill-state" />}
      >
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={mobile ? 1 : 3}
            items={[
              { key: 'goods', label: t('waybill.fields.goodsName'), children: waybill.goodsName ?? '-' },
              {
                key: 'express',
                label: t('waybill.fields.expressNumber'),
                children: waybill.expressNumber ?? '-',
              },
              { key: 'device', label: t('quick.deviceGuid'), children: waybill.deviceGuid },
              { key: 'started', label: t('waybill.fields.startedAt'), children: time(waybill.startedAt) },
              { key: 'stopped', label: t('waybill.fields.stoppedAt'), children: time(waybill.stoppedAt) },
              { key: 'received', label: t('waybill.fields.receivedAt'), children: time(waybill.receivedAt) },
              {
                key: 'limits',
                label: t('waybill.fields.limits'),
                children: `${waybill.lowerLimit} ~ ${waybill.upperLimit} ℃`,
              },
            ]}
          />
          {latest.size > 0 ? (
            <div>
              <Typography.Text type="secondary">{t('waybill.detail.latest')}</Typography.Text>
              <div>
                <LatestValues
                  readings={shownReadings(latest, false)}
                  size="large"
                  testId="public-waybill-latest"
                />
              </div>
            </div>
          ) : null}
          {shared === 1 && waybill.waybillState === 2 ? (
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              onClick={() => setReceiving(true)}
              data-testid="public-waybill-receive"
            >
              {t('waybill.actions.receive')}
            </Button>
          ) : null}
          {shared === 1 && answer.data.shareExpiresAt !== null ? (
            <Typography.Text type="secondary">
              {t('waybill.share.expires', { at: formatZoned(answer.data.shareExpiresAt, zone, false) })}
            </Typography.Text>
          ) : null}
        </Space>
      </Card>
      <Card title={t('waybill.detail.tabs.curve')}>
        <CurvePanel
          series={chart.series}
          stats={stats}
          upperLimit={waybill.upperLimit}
          lowerLimit={waybill.lowerLimit}
          range={{ startTime: chart.startTime, endTime: chart.endTime }}
          timeZone={zone}
          downsampled={chart.downsampled}
          height={mobile ? 280 : 400}
          compact={mobile}
        />
      </Card>
      {answer.data.track !== null ? (
        <Card title={t('waybill.detail.tabs.map')}>
          <TrackPanel fixes={fixes} timeZone={zone} height={mobile ? 300 : 440} testId="public-waybill-map" />
        </Card>
      ) : null}
      <Modal
        open={receiving}
        title={t('waybill.receive.title')}
        onCancel={() => setReceiving(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: busy }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('waybill.receive.hint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={(v) => void receive(v)}>
          <Form.Item
            name="receiverMan"
            label={t('waybill.fields.receiverMan')}
            rules={[
              {
                max: WAYBILL_PERSON_NAME_MAX,
                message: t('waybill.rules.maxLength', { max: WAYBILL_PERSON_NAME_MAX }),
              },
            ]}
          >
            <EmojiFreeInput maxLength={WAYBILL_PERSON_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
