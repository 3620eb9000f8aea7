import { EditOutlined } from '@ant-design/icons';
import { DEVICE_DESC_MAX, type DeviceDetail, ERRORS } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Input, Modal, Space, Switch, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDataApi } from '../../../api/device-data.ts';
import { deviceKeys, devicesApi } from '../../../api/devices.ts';
import { ApiError, saveFile } from '../../../api/http.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { intervalParts } from '../shared/device-view.ts';
import { StatusTag } from '../shared/StatusTag.tsx';

/**
 * Whether the public quick query answers for this device. The detail answer does not carry the
 * flag, so the public query itself is asked (it answers "device not found" while the flag is off).
 */
function useQuickSearchOpen(device: DeviceDetail) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'quickSearch', device.id],
    queryFn: async ({ signal }) => {
      const now = Date.now();
      try {
        await deviceDataApi.quickQuery(
          { deviceGuid: device.deviceGuid, startTime: now - 60_000, endTime: now, points: 10 },
          signal,
        );
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.code === ERRORS.deviceNotFound.code) return false;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The device's basic information (002 §3) with the remark editor (PUT updateRemark/:id), the public
 * quick-query switch, the credential download and clearing its data (after a confirmation).
 */
export function BasicInfoTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const quick = useQuickSearchOpen(device);
  const zone = device.timeZone;
  const scrapped = device.useState === 'scrapped';

  const interval = (seconds: number) => {
    const { value, unit } = intervalParts(seconds);
    return t(`device.units.${unit}`, { count: value });
  };

  const saveRemark = async () => {
    if (remark === null) return;
    setSaving(true);
    try {
      const updated = await devicesApi.updateRemark(device.id, remark.trim());
      queryClient.setQueryData(deviceKeys.detail(device.id), updated);
      toastSuccess('edit');
      setRemark(null);
    } catch {
      // The http client has shown the server's message; the editor stays open.
    } finally {
      setSaving(false);
    }
  };

  const toggleQuick = async (open: boolean) => {
    try {
      await deviceDataApi.setQuickSearch(device.id, open ? 1 : 0);
      queryClient.setQueryData([...deviceKeys.all, 'quickSearch', device.id], open);
      toastSuccess('save');
    } catch {
      // Shown by the http client.
    }
  };

  const clearData = () =>
    confirmPrompt({
      title: t('device.info.clearTitle'),
      content: t('device.info.clearConfirm', { name: device.deviceName }),
      onOk: async () => {
        try {
          const { deleted } = await deviceDataApi.clear(device.id);
          flash('success', t('device.info.cleared', { count: deleted }));
          await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
        } catch {
          // Shown by the http client.
        }
      },
    });

  const downloadCredentials = async () => {
    try {
      saveFile(await devicesApi.credentials(device.id));
    } catch {
      // Shown by the http client.
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('device.fields.deviceName'), children: device.deviceName },
          { key: 'guid', label: t('device.fields.deviceGuid'), children: device.deviceGuid },
          {
            key: 'type',
            label: t('device.fields.typeName'),
            children: `${device.typeName} (${device.typeCode})`,
          },
          { key: 'model', label: t('device.fields.modelName'), children: device.modelName ?? '-' },
          {
            key: 'status',
            label: t('device.fields.status'),
            children: (
              <StatusTag status={device.status} useState={device.useState} expired={device.expired} />
            ),
          },
          { key: 'zone', label: t('device.fields.timeZone'), children: zone },
          {
            key: 'record',
            label: t('device.fields.recordInterval'),
            children: interval(device.recordInterval),
          },
          {
            key: 'upload',
            label: t('device.fields.uploadInterval'),
            children: interval(device.uploadInterval),
          },
          {
            key: 'service',
            label: t('device.fields.serviceExpiredDate'),
            children: formatZonedIso(device.serviceExpiredDate, zone),
          },
          {
            key: 'data',
            label: t('device.fields.dataExpiredDate'),
            children: formatZonedIso(device.dataExpiredDate, zone),
          },
          { key: 'version', label: t('device.fields.version'), children: device.version ?? '-' },
          { key: 'iccid', label: t('device.fields.iccId'), children: device.iccId ?? '-' },
          { key: 'owner', label: t('device.fields.owner'), children: device.ownerName },
          {
            key: 'created',
            label: t('device.fields.createdAt'),
            children: formatZonedIso(device.createdAt, zone),
          },
          {
            key: 'position',
            label: t('device.fields.position'),
            children:
              device.latitude === null || device.longitude === null
                ? '-'
                : `${device.latitude.toFixed(5)}, ${device.longitude.toFixed(5)}${device.address ? ` · ${device.address}` : ''}`,
          },
          {
            key: 'remark',
            label: t('device.fields.deviceDesc'),
            span: 'filled',
            children: (
              <Space>
                <Typography.Text data-testid="device-remark">{device.deviceDesc || '-'}</Typography.Text>
                {scrapped ? null : (
                  <IfAction action="edit">
                    <Tooltip title={t('device.info.editRemark')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('device.info.editRemark')}
                        onClick={() => setRemark(device.deviceDesc ?? '')}
                        data-testid="device-remark-edit"
                      />
                    </Tooltip>
                  </IfAction>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Space wrap size="large">
        <IfAction action="edit">
          <Space>
            <Switch
              checked={quick.data === true}
              loading={quick.isFetching}
              disabled={quick.isError}
              onChange={(open) => void toggleQuick(open)}
              data-testid="device-quick-search"
            />
            <Typography.Text>{t('device.info.quickSearch')}</Typography.Text>
          </Space>
        </IfAction>
        <IfAction action="edit">
          <Button onClick={() => void downloadCredentials()} data-testid="device-credentials">
            {t('device.info.credentials')}
          </Button>
        </IfAction>
        <IfAction action="delete">
          <Button danger onClick={() => void clearData()} data-testid="device-clear-data">
            {t('device.info.clearData')}
          </Button>
        </IfAction>
      </Space>
      <Typography.Text type="secondary">{t('device.info.quickSearchHint')}</Typography.Text>
      <Modal
        open={remark !== null}
        title={t('device.info.editRemark')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => void saveRemark()}
        onCancel={() => setRemark(null)}
        destroyOnHidden
      >
        <Input.TextArea
          rows={4}
          maxLength={DEVICE_DESC_MAX}
          showCount
          value={remark ?? ''}
          onChange={(event) => setRemark(event.target.value)}
          data-testid="device-remark-input"
        />
      </Modal>
    </Space>
  );
}
