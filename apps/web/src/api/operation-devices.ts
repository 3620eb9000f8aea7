import type { DevicePageRequest, DeviceRow, PageResponse } from '@coldchain/shared';
import { type DownloadedFile, fetchFile, http } from './http.ts';

/** Batch operations of the back office's device list (002 §5: devices of one type only). */
export type DeviceBatch = 'enable' | 'stop' | 'scrap' | 'delete';

const DEVICE = '/device/Device';

/**
 * The operators' device list (000 §2.5 device maintenance, operation.device:*): every device of the
 * platform, or of every platform for operators of the default one, with batch operations and export.
 */
export const operationDeviceApi = {
  page: (request: DevicePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<DeviceRow>>(`${DEVICE}/sysPage`, request, { signal }),
  batch: (op: DeviceBatch, ids: number[]) => {
    if (op === 'delete')
      return http.delete<{ count: number }>(`${DEVICE}/batchDelete`, { params: { ids: ids.join(',') } });
    const path = { enable: 'batchEnable', stop: 'batchStop', scrap: 'batchScrap' }[op];
    return http.put<{ count: number }>(`${DEVICE}/${path}`, { ids });
  },
  exportFile: (ids: number[]): Promise<DownloadedFile> =>
    fetchFile('POST', `${DEVICE}/export`, { body: { ids } }),
};

/** Batch operations need devices of one type (002 §5): the ids when they are, null otherwise. */
export function sameTypeIds(rows: readonly Pick<DeviceRow, 'id' | 'deviceTypeId'>[]): number[] | null {
  return new Set(rows.map((r) => r.deviceTypeId)).size > 1 ? null : rows.map((r) => r.id);
}
