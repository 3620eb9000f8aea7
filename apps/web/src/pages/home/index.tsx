import { SettingOutlined } from '@ant-design/icons';
import {
  type DeviceCounts,
  type DevicePosition,
  HOME_TILE_KEYS,
  HOME_TILES_MIN,
  type HomeTileKey,
} from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Modal,
  Progress,
  Row,
  Space,
  Statistic,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAccountInfo } from '../../api/account.ts';
import { useAlarmCount } from '../../api/alarms.ts';
import { deviceKeys, devicesApi } from '../../api/devices.ts';
import { useExpiredDevices } from '../../api/devices-expired.ts';
import { flash, toastSuccess } from '../../app/feedback.ts';
import { useAccess } from '../../app/use-access.ts';
import { DeviceMap, type MapPoint } from '../../components/map/DeviceMap.tsx';
import { statusColor } from '../device/shared/status-color.ts';
import { onlineRate, tileSpan } from './home-tiles.ts';

const COUNT_KEYS = [
  'total',
  'online',
  'offline',
  'alarm',
  'disabled',
  'scrapped',
  'expired',
  'notEnabled',
] as const;
const COUNT_COLORS: Partial<Record<(typeof COUNT_KEYS)[number], string>> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#f5222d',
  expired: '#722ed1',
};
/** Tiles for areas with their own pages: a shortcut there. */
const SHORTCUTS: Partial<Record<HomeTileKey, string>> = {
  waybills: '/waybill/list',
  assets: '/asset/list',
  projects: '/projectList/index',
  energy: '/storageProject/energyConsumption',
};

function Welcome() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: info } = useAccountInfo();
  const access = useAccess();
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
    <Card
      data-testid="welcome-card"
      title={t('home.welcome', { name: baseAccount.userName })}
      extra={
        info.orgWithMyRole.length > 0 && access.permission('home.organization') ? (
          <Link to="/home/organization" data-testid="home-organization-link">
            {t('home.organization.open')}
          </Link>
        ) : null
      }
    >
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('home.intro')}</p>
      <Descriptions column={{ xs: 1, md: 4 }} items={items} />
    </Card>
  );
}

export function CountsTile({ counts }: { counts: DeviceCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="home-counts">
      {COUNT_KEYS.map((key) => (
        <Col key={key} xs={12} md={6} xl={3}>
          <Card size="small">
            <Statistic
              title={t(`home.counts.${key}`)}
              value={counts?.[key] ?? '-'}
              styles={{ content: { color: COUNT_COLORS[key] } }}
              data-testid={`home-count-${key}`}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The devices with a position on a map, coloured by state; a marker opens its device. */
export function PositionsMap({
  positions,
  testId,
}: {
  positions: DevicePosition[] | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const points = useMemo<MapPoint[]>(
    () =>
      (positions ?? []).map((p) => ({
        id: p.id,
        lat: p.latitude,
        lon: p.longitude,
        label: p.deviceName,
        details: [p.deviceGuid, p.typeName, p.address ?? ''].filter(Boolean),
        color: statusColor(p.status, p.useState),
      })),
    [positions],
  );
  if (positions && points.length === 0) return <Empty description={t('home.noPositions')} />;
  return (
    <DeviceMap
      points={points}
      height={360}
      onOpen={(id) => navigate(`/device/detail/${id}`)}
      testId={testId}
    />
  );
}

function MapTile() {
  const positions = useQuery({
    queryKey: [...deviceKeys.home(), 'positions'],
    queryFn: ({ signal }) => devicesApi.positions(signal),
  });
  return <PositionsMap positions={positions.data} testId="home-map" />;
}

function AlarmTile({
  counts,
  untreated,
}: {
  counts: DeviceCounts | undefined;
  untreated: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Statistic
        title={t('home.tiles.devicesInAlarm')}
        value={counts?.alarm ?? '-'}
        styles={{ content: { color: '#f5222d' } }}
      />
      <Progress
        aria-label={t('home.tiles.devicesInAlarm')}
        percent={counts && counts.total > 0 ? Math.round((counts.alarm / counts.total) * 100) : 0}
        strokeColor="#f5222d"
        size="small"
      />
      {untreated === undefined ? null : (
        <Typography.Text type="secondary">{t('home.tiles.untreated', { count: untreated })}</Typography.Text>
      )}
    </Space>
  );
}

function ExpiringTile({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  // expiredFlag 4: expired, or expiring within 30 days (000 §3).
  const expiring = useExpiredDevices({ accountId, expiredFlag: 4, start: 1 });
  const list = expiring.data?.list ?? [];
  if (list.length === 0)
    return (
      <Typography.Text type="secondary">
        {expiring.isFetching ? '…' : t('home.tiles.noneExpiring')}
      </Typography.Text>
    );
  // Plain rows, not antd's List, which would bring its pager (and Select) to the home page.
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {list.map((device) => (
        <Space key={device.id} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Link to={`/device/detail/${device.id}`}>{device.deviceName}</Link>
          <Typography.Text type="secondary">{device.serviceExpiredDate?.slice(0, 10)}</Typography.Text>
        </Space>
      ))}
      {(expiring.data?.total ?? 0) > list.length ? (
        <Typography.Text type="secondary">
          {t('common.total', { total: expiring.data?.total ?? 0 })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

function TilesEditor({
  open,
  tiles,
  onClose,
}: {
  open: boolean;
  tiles: readonly HomeTileKey[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<HomeTileKey[]>([...tiles]);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (chosen.length < HOME_TILES_MIN) {
      flash('warning', t('home.tilesMin', { min: HOME_TILES_MIN }));
      return;
    }
    setSaving(true);
    try {
      // Kept in the dashboard's own order, the chosen ones only.
      const ordered = HOME_TILE_KEYS.filter((key) => chosen.includes(key));
      const saved = await devicesApi.saveTiles(ordered);
      queryClient.setQueryData([...deviceKeys.home(), 'tiles'], saved);
      toastSuccess('save');
      onClose();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('home.customize')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('home.tilesHint', { min: HOME_TILES_MIN })}
      </Typography.Paragraph>
      <Checkbox.Group<HomeTileKey>
        value={chosen}
        onChange={setChosen}
        style={{ display: 'grid', gap: 8 }}
        data-testid="home-tiles-editor"
        options={HOME_TILE_KEYS.map((key) => ({ value: key, label: t(`home.tiles.${key}`) }))}
      />
    </Modal>
  );
}

/**
 * The signed-in landing page (002 §2 home dashboard): device counts by status, the distribution map
 * and the account's own choice of tiles (at least five kept, 002 §5), under the welcome card.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useAccountInfo();
  const access = useAccess();
  const [editing, setEditing] = useState(false);
  const counts = useQuery({
    queryKey: [...deviceKeys.home(), 'counts'],
    queryFn: ({ signal }) => devicesApi.counts(signal),
  });
  const tiles = useQuery({
    queryKey: [...deviceKeys.home(), 'tiles'],
    queryFn: ({ signal }) => devicesApi.tiles(signal),
  });
  const alarms = useAlarmCount(access.permission('message.list'));

  const tileBody = (key: HomeTileKey): ReactNode => {
    switch (key) {
      case 'deviceCount':
        return <CountsTile counts={counts.data} />;
      case 'deviceMap':
        return <MapTile />;
      case 'onlineRate': {
        const rate = onlineRate(counts.data);
        return (
          <Space orientation="vertical" align="center" style={{ width: '100%' }}>
            <Progress
              aria-label={t('home.tiles.onlineRate')}
              type="dashboard"
              percent={rate ?? 0}
              format={() => (rate === null ? '-' : `${rate}%`)}
            />
            <Typography.Text type="secondary">
              {t('home.tiles.onlineOf', {
                online: counts.data?.online ?? 0,
                total: (counts.data?.online ?? 0) + (counts.data?.offline ?? 0),
              })}
            </Typography.Text>
          </Space>
        );
      }
      case 'alarmTrend':
        return <AlarmTile counts={counts.data} untreated={alarms.data?.totalCount} />;
      case 'recentAlarms':
        return (
          <Space orientation="vertical">
            <Statistic title={t('home.tiles.newAlarms')} value={alarms.data?.newFlagOneCount ?? '-'} />
            <Link to="/message/list">{t('home.tiles.openMessages')}</Link>
          </Space>
        );
      case 'expiringDevices':
        return info ? <ExpiringTile accountId={info.baseAccount.id} /> : null;
      default: {
        const path = SHORTCUTS[key];
        return (
          <Space orientation="vertical">
            <Typography.Text type="secondary">{t(`home.tiles.${key}Hint`)}</Typography.Text>
            {path ? <Button onClick={() => navigate(path)}>{t('home.tiles.open')}</Button> : null}
          </Space>
        );
      }
    }
  };

  const shown = tiles.data?.tiles ?? [];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Welcome />
      <Row gutter={[16, 16]} data-testid="home-tiles">
        {shown.map((key) => (
          <Col key={key} xs={24} lg={tileSpan(key)} data-testid={`home-tile-${key}`}>
            <Card
              size="small"
              title={t(`home.tiles.${key}`)}
              style={{ height: '100%' }}
              extra={
                key === shown[0] && access.permission('home', 'edit') ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<SettingOutlined />}
                    onClick={() => setEditing(true)}
                    data-testid="home-customize"
                  >
                    {t('home.customize')}
                  </Button>
                ) : null
              }
            >
              {tileBody(key)}
            </Card>
          </Col>
        ))}
      </Row>
      {editing ? <TilesEditor open tiles={shown} onClose={() => setEditing(false)} /> : null}
    </Space>
  );
}
