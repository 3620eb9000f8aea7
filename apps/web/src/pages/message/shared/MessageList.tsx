import {
  ALARM_MESSAGE_STATES,
  ALARM_MESSAGE_TYPES,
  type AlarmMessage,
  type AlarmMessageCategory,
  type AlarmMessageState,
  type AlarmMessageType,
  type AlarmReason,
  type AlarmTreatment,
  DEVICE_NAME_MAX,
} from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, DatePicker, Form, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmMessageApi, alarmQueryKeys } from '../../../api/alarm.ts';
import { useAlarmCount, useMarkAlarmsRead } from '../../../api/alarms.ts';
import { devicesApi } from '../../../api/devices.ts';
import { operationDeviceApi } from '../../../api/operation-devices.ts';
import { deviceTime } from '../../../app/account-zone.ts';
import { flash } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { type ListFilters, ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { formatTime } from '../../product/form-values.ts';
import { HandleModal } from './HandleModal.tsx';
import { canHandle, STATE_COLORS, sameCategory, TYPE_COLORS, withPeriod } from './message-view.ts';

const ALARM_TYPES = ALARM_MESSAGE_TYPES.filter((type) => type !== 'system');

/**
 * Devices to filter by, found by name as the user types: the device list's own query, or the back
 * office's device list for the back office's alarm list.
 */
function DeviceFilter({ backOffice }: { backOffice: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useQuery({
    queryKey: ['alarm', 'deviceFilter', backOffice, search],
    queryFn: ({ signal }) => {
      const request = { start: 1, pageSize: 20, ...(search ? { deviceName: search } : {}) };
      return backOffice ? operationDeviceApi.page(request, signal) : devicesApi.page(request, signal);
    },
    staleTime: 30_000,
  });
  return (
    <Form.Item name="deviceId" label={t('alarms.fields.device')}>
      <Select
        allowClear
        showSearch={{ filterOption: false, onSearch: (text) => setSearch(text.slice(0, DEVICE_NAME_MAX)) }}
        style={{ width: 200 }}
        placeholder={t('common.select')}
        loading={devices.isFetching}
        data-testid="message-filter-device"
        options={(devices.data?.data ?? []).map((d) => ({
          value: d.id,
          label: `${d.deviceName} (${d.deviceGuid})`,
        }))}
      />
    </Form.Item>
  );
}

export interface MessageListProps {
  /** The message centre's tab; absent: both kinds. */
  category?: AlarmMessageCategory;
  /** One device's messages (the device detail's alarm record); its filter and column are left out. */
  deviceId?: number;
  /** One organization's messages (the organization home). */
  organizationId?: number;
  /**
   * The back office's list (operation.alarm): every account's messages on the platform, read-only;
   * handling and "mark read" stay with the accounts that receive them.
   */
  backOffice?: boolean;
  /** data-testid prefix of the list's controls. */
  testId: string;
}

/**
 * Alarm messages with their filters (device, type, state, time), handling and "mark read" (002 §2,
 * §4). The list follows the header badge's count: when it changes, a new or changed message is
 * about, so the list is read again.
 */
export function MessageList({
  category,
  deviceId,
  organizationId,
  backOffice = false,
  testId,
}: MessageListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useAccess();
  const [handling, setHandling] = useState<AlarmMessage[] | null>(null);
  const mayHandle = !backOffice && access.permission('message.list');
  const count = useAlarmCount(access.permission('message.list'));
  const markRead = useMarkAlarmsRead();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: alarmQueryKeys.messages });
    void queryClient.invalidateQueries({ queryKey: alarmQueryKeys.count });
  };

  const fresh = count.data?.newFlagOneCount;
  // A new message, or one that changed state, changes the count.
  const countSeen = count.data ? `${count.data.totalCount}:${count.data.newFlagOneCount}` : null;
  useEffect(() => {
    if (countSeen === null) return;
    void queryClient.invalidateQueries({ queryKey: alarmQueryKeys.messages });
  }, [countSeen, queryClient]);

  const request = useMemo<ListFilters>(
    () => ({
      ...(category ? { category } : {}),
      ...(deviceId ? { deviceId } : {}),
      ...(organizationId ? { organizationId } : {}),
    }),
    [category, deviceId, organizationId],
  );

  const types = category === 'system' ? [] : category === 'alarm' ? ALARM_TYPES : ALARM_MESSAGE_TYPES;

  const handle = (rows: AlarmMessage[]) => {
    if (!requireSelection(rows.length, 'some')) return;
    if (!sameCategory(rows)) {
      flash('warning', t('alarms.handle.mixed'));
      return;
    }
    if (!rows.every(canHandle)) {
      flash('warning', t('alarms.handle.alreadyHandled'));
      return;
    }
    setHandling(rows);
  };

  const columns: ColumnsType<AlarmMessage> = [
    {
      dataIndex: 'createdAt',
      title: t('alarms.fields.createdAt'),
      width: 190,
      render: (value: string, row) => (
        <Space size={6}>
          {row.newFlag === 1 ? <Badge status="error" title={t('alarms.message.unread')} /> : null}
          {deviceTime(value, row.timeZone)}
        </Space>
      ),
    },
    ...(deviceId
      ? []
      : [
          {
            key: 'device',
            title: t('alarms.fields.device'),
            width: 150,
            render: (_: unknown, row: AlarmMessage) =>
              row.deviceId ? (
                <Link to={`/device/detail/${row.deviceId}?tab=alarms`}>
                  {row.deviceName ?? row.deviceGuid ?? row.deviceId}
                </Link>
              ) : (
                '-'
              ),
          },
        ]),
    {
      dataIndex: 'messageType',
      title: t('alarms.fields.messageType'),
      width: 120,
      render: (type: AlarmMessageType, row) => (
        <Tag color={TYPE_COLORS[type]}>
          {t(`alarms.types.${type}`)}
          {row.level ? ` · ${t('alarms.levels.short', { level: row.level })}` : ''}
        </Tag>
      ),
    },
    {
      dataIndex: 'text',
      title: t('alarms.fields.text'),
      render: (text: string, row) => (
        <span data-testid={`message-text-${row.id}`}>
          {text || t(`alarms.causes.${row.cause}`)}
          {row.faultMeaning ? (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {[row.faultCode, row.faultMeaning].filter(Boolean).join(' · ')}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'period',
      title: t('alarms.fields.period'),
      width: 200,
      render: (_: unknown, row) =>
        row.startTime
          ? `${deviceTime(row.startTime, row.timeZone)} ~ ${row.endTime ? deviceTime(row.endTime, row.timeZone) : t('alarms.message.ongoing')}`
          : '-',
    },
    {
      dataIndex: 'state',
      title: t('alarms.fields.state'),
      width: 130,
      render: (state: AlarmMessageState, row) => (
        <Space size={4} wrap data-testid={`message-state-${row.id}`} data-state={state}>
          <Tag color={STATE_COLORS[state]}>{t(`alarms.states.${state}`)}</Tag>
          {row.treatment ? <Tag>{t(`alarms.treatments.${row.treatment as AlarmTreatment}`)}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'handling',
      title: t('alarms.fields.handling'),
      width: 200,
      render: (_: unknown, row) =>
        row.handledAt ? (
          <span>
            {row.reason ? t(`alarms.reasons.${row.reason as AlarmReason}`) : null}
            {row.result ? ` · ${row.result}` : null}
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {[row.handledBy, formatTime(row.handledAt)].filter(Boolean).join(' · ')}
            </Typography.Text>
          </span>
        ) : (
          '-'
        ),
    },
    ...(mayHandle
      ? [
          {
            key: 'action',
            title: t('alarms.message.action'),
            width: 90,
            render: (_: unknown, row: AlarmMessage) =>
              canHandle(row) ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setHandling([row])}
                  data-testid={`message-handle-${row.id}`}
                >
                  {t('alarms.handle.action')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<AlarmMessage>
        queryKey={[...alarmQueryKeys.messages, testId]}
        fetchPage={(values, signal) =>
          (backOffice ? alarmMessageApi.sysPage : alarmMessageApi.page)(withPeriod(values), signal)
        }
        columns={columns}
        rowKey="id"
        selectable={mayHandle}
        request={request}
        filters={
          <>
            {deviceId || !access.permission(backOffice ? 'operation.device' : 'device.list') ? null : (
              <DeviceFilter backOffice={backOffice} />
            )}
            {types.length > 0 ? (
              <Form.Item name="messageType" label={t('alarms.fields.messageType')}>
                <Select
                  allowClear
                  style={{ width: 150 }}
                  placeholder={t('common.select')}
                  data-testid={`${testId}-filter-type`}
                  options={types.map((type) => ({ value: type, label: t(`alarms.types.${type}`) }))}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="state" label={t('alarms.fields.state')}>
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('common.select')}
                data-testid={`${testId}-filter-state`}
                options={ALARM_MESSAGE_STATES.map((s) => ({ value: s, label: t(`alarms.states.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="period" label={t('alarms.fields.createdAt')}>
              <DatePicker.RangePicker showTime />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            {mayHandle ? (
              <Button type="primary" onClick={() => handle(rows)} data-testid={`${testId}-handle`}>
                {t('alarms.handle.batch')}
              </Button>
            ) : null}
            {backOffice ? null : (
              <Button
                loading={markRead.isPending}
                disabled={(fresh ?? 0) === 0}
                onClick={() => markRead.mutate(undefined, { onSettled: refresh })}
                data-testid={`${testId}-mark-read`}
              >
                {t('alarms.message.markRead')}
              </Button>
            )}
          </>
        )}
      />
      <HandleModal
        messages={handling}
        onClose={() => setHandling(null)}
        onDone={() => {
          setHandling(null);
          refresh();
        }}
      />
    </>
  );
}
