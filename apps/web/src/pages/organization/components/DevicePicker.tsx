import { PAGE_SIZE_MAX } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesApi } from '../../../api/devices.ts';
import { ApiError } from '../../../api/http.ts';

export interface DevicePickerProps {
  open: boolean;
  title: string;
  /** Devices already bound, left out of the choice. */
  exclude?: readonly number[];
  onPick: (deviceIds: number[]) => Promise<void>;
  onClose: () => void;
}

/**
 * Chooses devices from the caller's list (the device page's call, so the device policy decides which
 * are offered), searching by name among the first PAGE_SIZE_MAX.
 */
export function DevicePicker({ open, title, exclude = [], onPick, onClose }: DevicePickerProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['devices', 'picker'],
    queryFn: ({ signal }) => devicesApi.page({ start: 1, pageSize: PAGE_SIZE_MAX }, signal),
    enabled: open,
  });
  const skip = new Set(exclude);
  const submit = async () => {
    setSaving(true);
    try {
      await onPick(chosen);
      setChosen([]);
    } catch (error) {
      // The client has shown the server's message (e.g. an asset's five-device limit).
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => {
        setChosen([]);
        onClose();
      }}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        placeholder={t('org.devices.pick')}
        value={chosen}
        onChange={setChosen}
        showSearch={{ optionFilterProp: 'label' }}
        loading={options.isFetching}
        data-testid="device-picker"
        options={(options.data?.data ?? [])
          .filter((d) => !skip.has(d.id))
          .map((d) => ({ value: d.id, label: `${d.deviceName} (${d.deviceGuid})` }))}
      />
    </Modal>
  );
}
