import {
  DEVICE_GUID_MAX,
  DEVICE_NAME_MAX,
  DEVICE_STATUSES,
  DEVICE_USE_STATES,
  type DeviceRow,
  type DeviceStatus,
  type DeviceUseState,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { saveFile } from '../../../api/http.ts';
import { type DeviceBatch, operationDeviceApi, sameTypeIds } from '../../../api/operation-devices.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { formatDate } from '../../product/form-values.ts';

const LIST_KEY = ['operation', 'devices'] as const;

const STATUS_COLORS: Record<DeviceStatus, string | undefined> = {
  online: 'green',
  normal: 'green',
  offline: undefined,
  alarm: 'red',
  fault: 'orange',
  closed: undefined,
  overdue: 'gold',
};
const USE_STATE_COLORS: Record<DeviceUseState, string | undefined> = {
  enabled: 'green',
  stopped: undefined,
  scrapped: 'red',
  notEnabled: undefined,
};

/**
 * /operation/device: the operators' device list (000 §2.5), every device they may see with query,
 * batch enable, stop, scrap and delete (devices of one type only, asked first) and export.
 */
export default function OperationDevicePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useDeviceTypeOptions();
  const [exporting, setExporting] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
  };

  /** The selection's ids when it is one type (002 §5); tells the user otherwise. */
  const chosenIds = (rows: DeviceRow[]): number[] | null => {
    if (!requireSelection(rows.length, 'some')) return null;
    const ids = sameTypeIds(rows);
    if (!ids) flash('warning', t('catalogue.errors.differentTypes'));
    return ids;
  };

  const batch = (rows: DeviceRow[], op: DeviceBatch) => {
    const ids = chosenIds(rows);
    if (!ids) return;
    void confirmPrompt({
      kind: op === 'delete' ? 'delete' : 'batch',
      title: t(`catalogue.device.${op}`),
      onOk: async () => {
        try {
          const { count } = await operationDeviceApi.batch(op, ids);
          flash('success', t('catalogue.device.done', { count }));
        } catch {
          // The http client has shown the server's message.
        }
        refresh();
      },
    });
  };

  const exportDevices = async (rows: DeviceRow[]) => {
    const ids = chosenIds(rows);
    if (!ids) return;
    setExporting(true);
    try {
      saveFile(await operationDeviceApi.exportFile(ids));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<DeviceRow> = [
    { dataIndex: 'deviceGuid', title: t('catalogue.fields.deviceGuid'), width: 190 },
    { dataIndex: 'deviceName', title: t('catalogue.fields.deviceName'), sorter: true },
    { dataIndex: 'typeName', title: t('catalogue.fields.deviceTypeId') },
    { dataIndex: 'ownerName', title: t('catalogue.fields.ownerName') },
    {
      dataIndex: 'status',
      title: t('catalogue.fields.status'),
      width: 90,
      render: (status: DeviceStatus) => (
        <Tag color={STATUS_COLORS[status]}>{t(`catalogue.deviceStatus.${status}`)}</Tag>
      ),
    },
    {
      dataIndex: 'useState',
      title: t('catalogue.fields.useState'),
      width: 110,
      render: (state: DeviceUseState) => (
        <Tag color={USE_STATE_COLORS[state]}>{t(`catalogue.deviceUseState.${state}`)}</Tag>
      ),
    },
    {
      dataIndex: 'lastSeenAt',
      title: t('catalogue.fields.lastSeenAt'),
      width: 190,
      render: (at: string | null, row) => formatZonedIso(at, row.timeZone),
    },
    {
      dataIndex: 'serviceExpiredDate',
      title: t('catalogue.fields.serviceExpiredDate'),
      width: 150,
      render: (date: string, row) => (
        <>
          {formatDate(date)}{' '}
          {row.expired === 1 ? <Tag color="red">{t('catalogue.device.expired')}</Tag> : null}
        </>
      ),
    },
  ];

  return (
    <ListPage<DeviceRow>
      queryKey={LIST_KEY}
      fetchPage={(request, signal) => operationDeviceApi.page(request, signal)}
      columns={columns}
      rowKey="id"
      selectable
      filters={
        <>
          <Form.Item name="deviceName" label={t('catalogue.fields.deviceName')}>
            <Input allowClear maxLength={DEVICE_NAME_MAX} data-testid="device-filter-name" />
          </Form.Item>
          <Form.Item name="deviceGuid" label={t('catalogue.fields.deviceGuid')}>
            <Input allowClear maxLength={DEVICE_GUID_MAX} data-testid="device-filter-guid" />
          </Form.Item>
          <Form.Item name="deviceTypeId" label={t('catalogue.fields.deviceTypeId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              placeholder={t('common.select')}
              options={(types.data ?? []).map((o) => ({ value: o.id, label: o.typeName }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('catalogue.fields.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.select')}
              options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`catalogue.deviceStatus.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="useState" label={t('catalogue.fields.useState')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.select')}
              options={DEVICE_USE_STATES.map((s) => ({
                value: s,
                label: t(`catalogue.deviceUseState.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="accountId"
            label={t('catalogue.device.accountId')}
            // A cleared number input holds null, which the query must not send.
            normalize={(value: number | null) => value ?? undefined}
          >
            <InputNumber min={1} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      toolbar={({ rows }) => (
        <>
          <IfAction action="enable">
            <Button onClick={() => batch(rows, 'enable')} data-testid="device-enable">
              {t('catalogue.device.enable')}
            </Button>
          </IfAction>
          <IfAction action="disable">
            <Button onClick={() => batch(rows, 'stop')} data-testid="device-stop">
              {t('catalogue.device.stop')}
            </Button>
          </IfAction>
          <IfAction action="disable">
            <Button onClick={() => batch(rows, 'scrap')} data-testid="device-scrap">
              {t('catalogue.device.scrap')}
            </Button>
          </IfAction>
          <IfAction action="delete">
            <Button danger onClick={() => batch(rows, 'delete')} data-testid="device-delete">
              {t('catalogue.device.delete')}
            </Button>
          </IfAction>
          <IfAction action="export">
            <Button loading={exporting} onClick={() => void exportDevices(rows)} data-testid="device-export">
              {t('catalogue.device.export')}
            </Button>
          </IfAction>
        </>
      )}
    />
  );
}
