import { type DeviceDataRow, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDataApi } from '../../../api/device-data.ts';
import { deviceKeys } from '../../../api/devices.ts';
import { currentLocale } from '../../../app/i18n.ts';
import { formatZoned } from '../../../components/clock.ts';
import { RangeSelect } from '../../../components/RangeSelect.tsx';
import { formatValue } from '../shared/device-view.ts';
import { useChannelTitle } from '../shared/use-channel-title.ts';
import { ExportButtons } from './ExportButtons.tsx';
import type { RangeTabProps } from './index.tsx';

/**
 * The raw readings of the range, one row per instant with a column per channel (as the server pages
 * them), newest first unless the time column is sorted the other way.
 */
export function DataTableTab({ device, zone, range, onRange }: RangeTabProps) {
  const { t } = useTranslation();
  const channelTitle = useChannelTitle();
  const [start, setStart] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_DEFAULT);
  const [ascending, setAscending] = useState(false);
  const { startTime, endTime } = range.range;
  const page = useQuery({
    queryKey: [...deviceKeys.all, 'data', device.id, startTime, endTime, start, pageSize, ascending],
    queryFn: ({ signal }) =>
      deviceDataApi.page(
        {
          deviceId: device.id,
          startTime,
          endTime,
          start,
          pageSize,
          sortOrder: ascending ? 'ascend' : 'descend',
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const locale = currentLocale();

  const columns: ColumnsType<DeviceDataRow> = [
    {
      key: 'ts',
      title: t('device.table.time'),
      sorter: true,
      sortOrder: ascending ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_: unknown, row) => formatZoned(row.ts, zone),
      width: 190,
    },
    ...(page.data?.channels ?? []).map((channel, i) => ({
      key: String(channel.channel),
      title: `${channelTitle(channel)}${channel.unit ? ` (${channel.unit})` : ''}`,
      render: (_: unknown, row: DeviceDataRow) => {
        const value = row.values[i];
        return value === null || value === undefined ? '' : formatValue(value, locale);
      },
    })),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <RangeSelect
          value={range}
          onChange={(next) => {
            setStart(1);
            onRange(next);
          }}
          timeZone={zone}
        />
        <ExportButtons deviceId={device.id} range={range.range} />
      </Space>
      <Table<DeviceDataRow>
        rowKey="ts"
        size="small"
        columns={columns}
        dataSource={page.data?.data ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        data-testid="device-data-table"
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const nextAscending = one?.order === 'ascend';
          if (nextAscending !== ascending) {
            setAscending(nextAscending);
            setStart(1);
            return;
          }
          if (pagination.pageSize && pagination.pageSize !== pageSize) {
            setPageSize(pagination.pageSize);
            setStart(1);
            return;
          }
          if (pagination.current) setStart(pagination.current);
        }}
        pagination={{
          current: start,
          pageSize,
          total: page.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => t('common.total', { total }),
        }}
      />
    </Space>
  );
}
