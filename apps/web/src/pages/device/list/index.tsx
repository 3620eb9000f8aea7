import { AppstoreOutlined, EnvironmentOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  DEVICE_GUID_MAX,
  DEVICE_NAME_MAX,
  DEVICE_SCENES,
  DEVICE_STATUSES,
  DEVICE_USE_STATES,
  type DevicePageRequest,
  type DeviceRow,
  type DeviceScene,
  type DownloadInsert,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Segmented, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAccountInfo } from '../../../api/account.ts';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { type BatchOperation, deviceKeys, devicesApi } from '../../../api/devices.ts';
import { saveFile } from '../../../api/http.ts';
import { useLiveDevices } from '../../../api/live.ts';
import { latestPerChannel, rowWithLive } from '../../../api/live-state.ts';
import { downloadsApi } from '../../../api/users.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction, IfPermission } from '../../../components/Access.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { type ListBody, ListPage, type ListSelection } from '../../../components/ListPage.tsx';
import { DeviceMap, type MapPoint } from '../../../components/map/DeviceMap.tsx';
import { SetMealDrawer } from '../../../components/purchase/index.ts';
import { ShareToolbar } from '../share/ShareToolbar.tsx';
import { checkBatch, devicePageRequest, shownReadings } from '../shared/device-view.ts';
import { LatestValues } from '../shared/LatestValues.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';
import { statusColor } from '../shared/status-color.ts';
import { useLatestOfRows } from '../shared/use-latest.ts';
import { AddDeviceModal } from './AddDeviceModal.tsx';
import { DeviceBoard } from './DeviceBoard.tsx';

type Mode = 'list' | 'map' | 'board';
const SCENE_KEYS: Record<DeviceScene, 'monitoring' | 'storage' | 'freezer'> = {
  1: 'monitoring',
  2: 'storage',
  3: 'freezer',
};

export const detailPath = (id: number) => `/device/detail/${id}`;

type ExportCondition = Extract<DownloadInsert, { kind: 'devices' }>['condition'];

/**
 * The list's filters and tab as the download centre takes them; paging, sorting and the organization
 * filter stay the list's.
 */
function exportConditionOf(request: DevicePageRequest): ExportCondition {
  const {
    start: _s,
    pageSize: _p,
    sortField: _f,
    sortOrder: _o,
    accountId: _a,
    organizationId: _g,
    ...condition
  } = request;
  return condition;
}

/**
 * The device list (002 §2): tabs for cold-chain monitoring, smart cold storage and smart freezers;
 * list, map and board modes over the same page of the shared list page; query by name, GUID, status,
 * use state and type; adding; batch operations on devices of one type (002 §5); and the visible
 * devices' newest values and status, kept current over the live channel without reloading.
 */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { data: info } = useAccountInfo();
  const fahrenheit = info?.baseAccount.temperatureUnit === 'F';
  const [scene, setScene] = useState<DeviceScene>(1);
  const [mode, setMode] = useState<Mode>('list');
  const [adding, setAdding] = useState(false);
  const [recharging, setRecharging] = useState<number[] | null>(null);
  const [visible, setVisible] = useState<DeviceRow[]>([]);
  const types = useDeviceTypeOptions();
  const lastCondition = useRef<ExportCondition>({});

  // 000 §2.4: /device/list takes deviceName in the query.
  const nameInUrl = searchParams.get('deviceName') ?? '';
  const initialFilters = useMemo(() => (nameInUrl ? { deviceName: nameInUrl } : undefined), [nameInUrl]);

  const live = useLiveDevices(useMemo(() => visible.map((row) => row.id), [visible]));
  const seeds = useLatestOfRows(visible);
  const readingsOf = (row: DeviceRow) =>
    shownReadings(latestPerChannel(seeds.get(row.id), live.get(row.id)), fahrenheit);
  const mapRows = useCallback(
    (rows: DeviceRow[]) => rows.map((row) => rowWithLive(row, live.get(row.id))),
    [live],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.list() });

  const runBatch = (rows: DeviceRow[], operation: BatchOperation | 'delete' | 'export') => {
    const check = checkBatch(rows);
    if (check !== 'ok') {
      flash('warning', check === 'none' ? t('selection.none') : t('device.batch.sameType'));
      return;
    }
    const ids = rows.map((row) => row.id);
    if (operation === 'export') {
      void devicesApi.exportDevices(ids).then(
        (file) => {
          saveFile(file);
          toastSuccess('export');
        },
        () => undefined,
      );
      return;
    }
    void confirmPrompt({
      kind: operation === 'delete' ? 'delete' : 'batch',
      content:
        operation === 'delete'
          ? t('device.batch.confirmDelete', { count: ids.length })
          : t(`device.batch.confirm.${operation}`, { count: ids.length }),
      onOk: async () => {
        try {
          if (operation === 'delete') {
            await devicesApi.remove(ids);
            toastSuccess('delete');
          } else {
            const { count } = await devicesApi.batch(operation, ids);
            flash('success', t('device.batch.done', { count }));
          }
          await refresh();
        } catch {
          // The http client has shown the server's message.
        }
      },
    });
  };

  const exportInBackground = async () => {
    try {
      await downloadsApi.request({ kind: 'devices', condition: lastCondition.current });
      flash('success', t('download.requested'));
      navigate('/consumer/download');
    } catch {
      // The http client has shown the server's message.
    }
  };

  const columns: ColumnsType<DeviceRow> = [
    {
      dataIndex: 'deviceName',
      title: t('device.fields.deviceName'),
      sorter: true,
      render: (name: string, row) => (
        <Link to={detailPath(row.id)} data-testid={`device-link-${row.id}`}>
          {name}
        </Link>
      ),
    },
    { dataIndex: 'deviceGuid', title: t('device.fields.deviceGuid'), sorter: true, width: 200 },
    { dataIndex: 'typeName', title: t('device.fields.typeName'), sorter: true },
    {
      dataIndex: 'status',
      title: t('device.fields.status'),
      sorter: true,
      width: 120,
      render: (_: unknown, row) => (
        <StatusTag
          status={row.status}
          useState={row.useState}
          expired={row.expired}
          testId={`device-status-${row.id}`}
        />
      ),
    },
    {
      key: 'latest',
      title: t('device.fields.latest'),
      width: 220,
      render: (_: unknown, row) => (
        <LatestValues readings={readingsOf(row)} testId={`device-latest-${row.id}`} />
      ),
    },
    {
      dataIndex: 'battery',
      title: t('device.fields.battery'),
      sorter: true,
      width: 90,
      render: (battery: number | null) => (battery === null ? '-' : `${battery}%`),
    },
    {
      dataIndex: 'lastSeenAt',
      title: t('device.fields.lastSeenAt'),
      sorter: true,
      width: 180,
      render: (at: string | null, row) => formatZonedIso(at, row.timeZone),
    },
    {
      dataIndex: 'serviceExpiredDate',
      title: t('device.fields.serviceExpiredDate'),
      sorter: true,
      width: 130,
      render: (at: string, row) => (
        <Typography.Text type={row.expired === 1 ? 'danger' : undefined}>{at.slice(0, 10)}</Typography.Text>
      ),
    },
  ];

  const filters = (
    <>
      <Form.Item name="deviceName" label={t('device.fields.deviceName')}>
        <EmojiFreeInput allowClear maxLength={DEVICE_NAME_MAX} data-testid="device-filter-name" />
      </Form.Item>
      <Form.Item name="deviceGuid" label={t('device.fields.deviceGuid')}>
        <Input allowClear maxLength={DEVICE_GUID_MAX} data-testid="device-filter-guid" />
      </Form.Item>
      <Form.Item name="status" label={t('device.fields.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('common.select')}
          options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`device.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="useState" label={t('device.fields.useState')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('common.select')}
          options={DEVICE_USE_STATES.map((s) => ({ value: s, label: t(`device.useState.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="deviceTypeId" label={t('device.fields.typeName')}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('common.select')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.typeName }))}
        />
      </Form.Item>
      {info?.orgWithMyRole.length ? (
        <Form.Item name="organizationId" label={t('device.fields.organization')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('common.select')}
            data-testid="device-filter-organization"
            options={info.orgWithMyRole.map((o) => ({ value: o.organizationId, label: o.organizationName }))}
          />
        </Form.Item>
      ) : null}
    </>
  );

  const toolbar = ({ rows }: ListSelection<DeviceRow>): ReactNode => (
    <>
      <IfAction action="add">
        <Button type="primary" onClick={() => setAdding(true)} data-testid="device-add">
          {t('device.add.title')}
        </Button>
      </IfAction>
      {mode === 'list' ? (
        <>
          <IfAction action="enable">
            <Button onClick={() => runBatch(rows, 'enable')} data-testid="device-batch-enable">
              {t('device.batch.enable')}
            </Button>
          </IfAction>
          <IfAction action="disable">
            <Button onClick={() => runBatch(rows, 'stop')} data-testid="device-batch-stop">
              {t('device.batch.stop')}
            </Button>
          </IfAction>
          <IfAction action="disable">
            <Button onClick={() => runBatch(rows, 'scrap')} data-testid="device-batch-scrap">
              {t('device.batch.scrap')}
            </Button>
          </IfAction>
          <IfAction action="delete">
            <Button danger onClick={() => runBatch(rows, 'delete')} data-testid="device-batch-delete">
              {t('device.batch.delete')}
            </Button>
          </IfAction>
          <IfAction action="export">
            <Button onClick={() => runBatch(rows, 'export')} data-testid="device-batch-export">
              {t('device.batch.export')}
            </Button>
          </IfAction>
          <ShareToolbar rows={rows} />
          <Button
            onClick={() => {
              const check = checkBatch(rows);
              if (check !== 'ok')
                flash('warning', check === 'none' ? t('selection.none') : t('device.batch.sameType'));
              else setRecharging(rows.map((row) => row.id));
            }}
            data-testid="device-recharge"
          >
            {t('purchase.entry.recharge')}
          </Button>
        </>
      ) : null}
      <IfAction action="export">
        <IfPermission permission="consumer.download" action="add">
          <Button onClick={() => void exportInBackground()} data-testid="device-export-background">
            {t('download.fromList')}
          </Button>
        </IfPermission>
      </IfAction>
    </>
  );

  const view = ({ rows, table, pagination, loading }: ListBody<DeviceRow>) => {
    if (mode === 'list') return table;
    if (mode === 'board')
      return (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <DeviceBoard
            rows={rows}
            loading={loading}
            readingsOf={readingsOf}
            onOpen={(id) => navigate(detailPath(id))}
          />
          {pagination}
        </Space>
      );
    const points: MapPoint[] = rows
      .filter((row) => row.latitude !== null && row.longitude !== null)
      .map((row) => ({
        id: row.id,
        lat: row.latitude ?? 0,
        lon: row.longitude ?? 0,
        label: row.deviceName,
        details: [
          row.deviceGuid,
          t(row.useState === 'enabled' ? `device.status.${row.status}` : `device.useState.${row.useState}`),
          row.address ?? '',
        ].filter(Boolean),
        color: statusColor(row.status, row.useState),
      }));
    const unplaced = rows.length - points.length;
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {unplaced > 0 ? (
          <Alert type="info" showIcon title={t('device.map.unplaced', { count: unplaced })} />
        ) : null}
        <Card size="small">
          <DeviceMap
            points={points}
            onOpen={(id) => navigate(detailPath(id))}
            height={480}
            testId="device-list-map"
          />
        </Card>
        {pagination}
      </Space>
    );
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
        {/* The mode switch beside the tabs, not in their tab list, which holds only tabs. */}
        <Flex align="center" gap={16} wrap>
          <Tabs
            activeKey={String(scene)}
            onChange={(key) => setScene(Number(key) as DeviceScene)}
            items={DEVICE_SCENES.map((s) => ({ key: String(s), label: t(`device.scenes.${SCENE_KEYS[s]}`) }))}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            data-testid="device-mode"
            options={[
              { value: 'list', label: t('device.modes.list'), icon: <UnorderedListOutlined /> },
              { value: 'map', label: t('device.modes.map'), icon: <EnvironmentOutlined /> },
              { value: 'board', label: t('device.modes.board'), icon: <AppstoreOutlined /> },
            ]}
          />
        </Flex>
      </Card>
      <ListPage<DeviceRow>
        queryKey={deviceKeys.list()}
        fetchPage={(request, signal) => {
          const body = devicePageRequest(request);
          lastCondition.current = exportConditionOf(body);
          return devicesApi.page(body, signal);
        }}
        request={{ scene }}
        initialFilters={initialFilters}
        columns={columns}
        rowKey="id"
        selectable={mode === 'list'}
        filters={filters}
        toolbar={toolbar}
        onRows={setVisible}
        mapRows={mapRows}
        view={view}
      />
      <SetMealDrawer
        open={recharging !== null}
        {...(recharging && recharging.length > 1
          ? { deviceIds: recharging }
          : { deviceId: recharging?.[0] ?? 0 })}
        onClose={() => setRecharging(null)}
      />
      <AddDeviceModal
        open={adding}
        scene={scene}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          void refresh();
        }}
      />
    </Space>
  );
}
