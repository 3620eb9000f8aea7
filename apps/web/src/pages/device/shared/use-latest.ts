import type { DeviceDataPage } from '@coldchain/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { deviceDataApi } from '../../../api/device-data.ts';
import { deviceKeys } from '../../../api/devices.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Device clocks may run up to an hour ahead of the server's (docs/protocol.md). */
const AHEAD = HOUR;

/**
 * The newest history rows of a device, the starting point live readings are merged onto. The window
 * ends an hour past now (device clocks run ahead at most that much) and starts `lookBack` before the
 * device was last heard from, so a long-silent device still shows its last values.
 */
function newestRows(
  deviceId: number,
  lastSeenAt: string,
  lookBack: number,
  rows: number,
  signal: AbortSignal,
): Promise<DeviceDataPage> {
  const seen = Date.parse(lastSeenAt);
  return deviceDataApi.page(
    {
      deviceId,
      startTime: Math.max(0, seen - lookBack),
      endTime: Math.max(Date.now(), seen) + AHEAD,
      start: 1,
      pageSize: rows,
      sortOrder: 'descend',
    },
    signal,
    true,
  );
}

interface Reporting {
  id: number;
  lastSeenAt: string;
}

const reported = (row: { id: number; lastSeenAt: string | null }): row is Reporting =>
  row.lastSeenAt !== null;

/** The newest rows of each listed device that has ever reported, by device id (one small call each). */
export function useLatestOfRows(rows: readonly { id: number; lastSeenAt: string | null }[]) {
  const reporting = rows.filter(reported);
  return useQueries({
    queries: reporting.map((row) => ({
      queryKey: [...deviceKeys.all, 'latest', row.id, row.lastSeenAt],
      queryFn: ({ signal }: { signal: AbortSignal }) => newestRows(row.id, row.lastSeenAt, DAY, 5, signal),
      staleTime: 60_000,
    })),
    combine: (results) => {
      const byId = new Map<number, DeviceDataPage>();
      results.forEach((result, i) => {
        const row = reporting[i];
        if (row && result.data) byId.set(row.id, result.data);
      });
      return byId;
    },
  });
}

/** The newest rows of one device (its real-time tab), looking back a week from when it was last heard. */
export function useLatestOfDevice(id: number, lastSeenAt: string | null, session: number) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'latest', id, lastSeenAt, 'detail', session],
    queryFn: ({ signal }) => newestRows(id, lastSeenAt ?? new Date().toISOString(), 7 * DAY, 20, signal),
    enabled: lastSeenAt !== null,
    staleTime: 60_000,
  });
}
