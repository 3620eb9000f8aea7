import {
  EXPIRED_FILTER_DEBOUNCE_MS,
  EXPIRED_FLAG_DEFAULT,
  EXPIRED_FLAGS,
  EXPIRED_PAGE_SIZE,
} from '@coldchain/shared';
import { Alert, Button, Checkbox, Modal, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExpiredDevice, useExpiredDevices, useSetExpiryReminder } from '../../api/devices-expired.ts';
import { EXPIRED_MODAL_WIDTH } from '../../app/constants.ts';
import { flash } from '../../app/feedback.ts';
import { SetMealDrawer } from '../../components/purchase/index.ts';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The expired-device modal (000 §2.11, §5): 700 px, 5 per page, filtered by expiredFlag 1-4 (default
 * 2, debounced 800 ms). Batch recharge needs at least one device, and only devices of one type go
 * together; it opens the set-meal drawer with the chosen devices. "Do not remind me" turns the
 * account's reminder off on the server.
 */
export default function ExpiredDevicesModal({
  accountId,
  initialFlag,
  onClose,
}: {
  accountId: number;
  initialFlag: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [recharging, setRecharging] = useState<number[] | null>(null);
  const startFlag = EXPIRED_FLAGS.find((f) => f === initialFlag) ?? EXPIRED_FLAG_DEFAULT;
  const [flag, setFlag] = useState<number>(startFlag);
  const expiredFlag = useDebounced(flag, EXPIRED_FILTER_DEBOUNCE_MS);
  const [start, setStart] = useState(1);
  const [selected, setSelected] = useState<ExpiredDevice[]>([]);
  const devices = useExpiredDevices({ accountId, expiredFlag, start });
  const reminder = useSetExpiryReminder();
  const [dontRemind, setDontRemind] = useState(false);
  const typeId = selected[0]?.typeId;
  const close = () => {
    if (dontRemind) reminder.mutate(false);
    onClose();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts on its first page.
  useEffect(() => {
    setStart(1);
    setSelected([]);
  }, [expiredFlag]);

  const columns: ColumnsType<ExpiredDevice> = [
    { dataIndex: 'deviceName', title: t('expired.deviceName') },
    { dataIndex: 'deviceGuid', title: t('expired.deviceGuid') },
    { dataIndex: 'deviceTypeName', title: t('expired.deviceTypeName') },
    {
      dataIndex: 'serviceExpiredDate',
      title: t('expired.serviceExpiredDate'),
      render: (value: string | null) => value?.slice(0, 10) ?? '-',
    },
  ];

  // The set-meal drawer opens over the modal with the chosen devices (000 §2.11, 001 §2.1).
  const recharge = () => setRecharging(selected.map((device) => device.id));

  return (
    <Modal
      open
      width={EXPIRED_MODAL_WIDTH}
      title={t('expired.title')}
      onCancel={close}
      footer={
        <Checkbox checked={dontRemind} onChange={(event) => setDontRemind(event.target.checked)}>
          {t('notice.doNotRemind')}
        </Checkbox>
      }
      data-testid="expired-modal"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('expired.dataKept')} />
        <Space>
          <span>{t('expired.filter')}</span>
          <Select
            value={flag}
            onChange={setFlag}
            style={{ minWidth: 200 }}
            options={EXPIRED_FLAGS.map((value) => ({ value, label: t(`expired.flag${value}`) }))}
          />
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={recharge}
            data-testid="expired-batch-recharge"
          >
            {t('expired.batchRecharge')}
          </Button>
        </Space>
        <Table<ExpiredDevice>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isFetching}
          rowSelection={{
            selectedRowKeys: selected.map((device) => device.id as Key),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) => {
              const kinds = new Set(rows.map((row) => row.typeId));
              if (kinds.size > 1) {
                flash('warning', t('expired.sameType'));
                return;
              }
              setSelected(rows);
            },
            getCheckboxProps: (row) => ({ disabled: typeId !== undefined && row.typeId !== typeId }),
          }}
          pagination={{
            current: start,
            pageSize: EXPIRED_PAGE_SIZE,
            total: devices.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setStart,
          }}
        />
      </Space>
      <SetMealDrawer
        open={recharging !== null}
        deviceIds={recharging ?? []}
        onClose={() => setRecharging(null)}
        onPaid={() => setSelected([])}
      />
    </Modal>
  );
}
