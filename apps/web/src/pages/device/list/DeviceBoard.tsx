import type { DeviceRow } from '@coldchain/shared';
import { Card, Col, Descriptions, Empty, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatZonedIso } from '../../../components/clock.ts';
import type { ShownReading } from '../shared/device-view.ts';
import { LatestValues } from '../shared/LatestValues.tsx';
import { StatusTag } from '../shared/StatusTag.tsx';

/** The board (card) mode of the device list: one card per device with its newest values. */
export function DeviceBoard({
  rows,
  loading,
  readingsOf,
  onOpen,
}: {
  rows: readonly DeviceRow[];
  loading: boolean;
  readingsOf: (row: DeviceRow) => ShownReading[];
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return loading ? <Spin /> : <Empty />;
  return (
    <Row gutter={[16, 16]} data-testid="device-board">
      {rows.map((row) => (
        <Col key={row.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            hoverable
            size="small"
            title={row.deviceName}
            extra={<StatusTag status={row.status} useState={row.useState} expired={row.expired} />}
            onClick={() => onOpen(row.id)}
            data-testid={`device-card-${row.id}`}
          >
            <div style={{ minHeight: 40, marginBottom: 8 }}>
              <LatestValues
                readings={readingsOf(row)}
                size="large"
                max={3}
                testId={`device-card-latest-${row.id}`}
              />
            </div>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'guid', label: t('device.fields.deviceGuid'), children: row.deviceGuid },
                { key: 'type', label: t('device.fields.typeName'), children: row.typeName },
                {
                  key: 'battery',
                  label: t('device.fields.battery'),
                  children: row.battery === null ? '-' : `${row.battery}%`,
                },
                {
                  key: 'seen',
                  label: t('device.fields.lastSeenAt'),
                  children: formatZonedIso(row.lastSeenAt, row.timeZone),
                },
              ]}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
