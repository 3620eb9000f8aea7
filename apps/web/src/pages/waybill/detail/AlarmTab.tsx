import {
  ALARM_CAUSES,
  ALARM_MESSAGE_STATES,
  type AlarmCause,
  type AlarmMessageState,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  type WaybillAlarmRow,
  type WaybillDetail,
} from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { formatZoned } from '../../../components/clock.ts';

const isCause = (v: string | null): v is AlarmCause => ALARM_CAUSES.includes(v as AlarmCause);
const isState = (v: string | null): v is AlarmMessageState =>
  ALARM_MESSAGE_STATES.includes(v as AlarmMessageState);

/** The alarms the waybill's device raised during the waybill (or the chosen part of it), newest first. */
export function AlarmTab({
  waybill,
  range,
}: {
  waybill: WaybillDetail;
  range: { startTime?: number; endTime?: number };
}) {
  const { t } = useTranslation();
  const [start, setStart] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_DEFAULT);
  const alarms = useQuery({
    queryKey: [...waybillKeys.data(waybill.id), 'alarms', range.startTime, range.endTime, start, pageSize],
    queryFn: ({ signal }) => waybillApi.alarms({ id: waybill.id, ...range, start, pageSize }, signal),
    enabled: waybill.waybillState !== 0,
    placeholderData: keepPreviousData,
  });
  return (
    <Table<WaybillAlarmRow>
      rowKey="id"
      size="small"
      loading={alarms.isFetching}
      dataSource={alarms.data?.data ?? []}
      data-testid="waybill-alarms"
      pagination={{
        current: start,
        pageSize,
        total: alarms.data?.totalCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total) => t('common.total', { total }),
        onChange: (page, size) => {
          if (size !== pageSize) {
            setPageSize(size);
            setStart(1);
          } else setStart(page);
        },
      }}
      columns={[
        {
          dataIndex: 'ts',
          title: t('waybill.alarms.time'),
          width: 180,
          render: (ts: number) => formatZoned(ts, waybill.timeZone),
        },
        {
          dataIndex: 'alarmType',
          title: t('waybill.alarms.type'),
          render: (v: string | null) => (isCause(v) ? t(`alarms.causes.${v}`) : (v ?? '-')),
        },
        {
          dataIndex: 'level',
          title: t('waybill.alarms.level'),
          width: 80,
          render: (v: number | null) => v ?? '-',
        },
        { dataIndex: 'content', title: t('waybill.alarms.content'), render: (v: string | null) => v ?? '-' },
        {
          dataIndex: 'state',
          title: t('waybill.alarms.state'),
          width: 120,
          render: (v: string | null) => (isState(v) ? t(`alarms.states.${v}`) : (v ?? '-')),
        },
      ]}
    />
  );
}
