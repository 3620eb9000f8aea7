import type { DeviceDetail } from '@coldchain/shared';
import { channelOf } from '@coldchain/shared/device-protocol';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDataApi } from '../../../api/device-data.ts';
import { deviceKeys } from '../../../api/devices.ts';
import { formatZonedIso } from '../../../components/clock.ts';
import { DeviceMap, type MapPoint } from '../../../components/map/DeviceMap.tsx';
import { statusColor } from '../shared/status-color.ts';

const LATITUDE = channelOf('latitude', 0);
const LONGITUDE = channelOf('longitude', 0);
/** The track covers the last day, at most this many fixes (a truck's route for the map). */
const TRACK_MS = 86_400_000;
const TRACK_FIXES = 200;

/** Where the device is (its newest position) and, for moving devices, its track over the last day. */
export function MapTab({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const track = useQuery({
    queryKey: [...deviceKeys.all, 'track', device.id],
    queryFn: ({ signal }) => {
      const endTime = Date.now() + 3_600_000;
      return deviceDataApi.page(
        {
          deviceId: device.id,
          startTime: endTime - TRACK_MS,
          endTime,
          channels: [LATITUDE, LONGITUDE],
          start: 1,
          pageSize: TRACK_FIXES,
          sortOrder: 'descend',
        },
        signal,
        true,
      );
    },
    staleTime: 60_000,
  });
  const line = useMemo<[number, number][]>(() => {
    const rows = track.data?.data ?? [];
    const lat = track.data?.channels.findIndex((c) => c.channel === LATITUDE) ?? -1;
    const lon = track.data?.channels.findIndex((c) => c.channel === LONGITUDE) ?? -1;
    return rows
      .map((row): [number, number] | null => {
        const a = row.values[lat];
        const b = row.values[lon];
        return typeof a === 'number' && typeof b === 'number' ? [a, b] : null;
      })
      .filter((p): p is [number, number] => p !== null)
      .reverse();
  }, [track.data]);

  const points = useMemo<MapPoint[]>(
    () =>
      device.latitude === null || device.longitude === null
        ? []
        : [
            {
              id: device.id,
              lat: device.latitude,
              lon: device.longitude,
              label: device.deviceName,
              details: [device.address ?? '', formatZonedIso(device.lastSeenAt, device.timeZone)].filter(
                Boolean,
              ),
              color: statusColor(device.status, device.useState),
            },
          ],
    [device],
  );

  if (points.length === 0 && line.length === 0)
    return <Empty description={t('device.map.noPosition')} data-testid="map-no-position" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <DeviceMap points={points} track={line} height={460} testId="device-detail-map" />
      {device.address ? <Typography.Text type="secondary">{device.address}</Typography.Text> : null}
    </Space>
  );
}
