import type {
  DeviceDataChart,
  DeviceDataChartRequest,
  DeviceDataPage,
  DeviceDataPageRequest,
  ExportFormat,
  QuickSearchAnswer,
  QuickSearchRequest,
} from '@coldchain/shared';
import { type DownloadedFile, fetchFile, fetchPdf, http } from './http.ts';

/**
 * A device's history (002 §7, docs/decisions.md "Device history and live data"): the downsampled
 * chart, the raw table, exports, clearing, and the public quick query. Instants are ms since the
 * epoch (UTC).
 */

const DATA = '/device/DeviceData';

export type ChartRequest = Omit<DeviceDataChartRequest, 'points'> & { points?: number };
export type DataPageRequest = Omit<DeviceDataPageRequest, 'sortOrder'> & { sortOrder?: 'ascend' | 'descend' };
export type QuickQueryRequest = Omit<QuickSearchRequest, 'points'> & { points?: number };

export interface ExportRequest {
  deviceId: number;
  startTime: number;
  endTime: number;
  format: ExportFormat;
}

export const deviceDataApi = {
  chart: (request: ChartRequest, signal?: AbortSignal) =>
    http.post<DeviceDataChart>(`${DATA}/chart`, request, { signal }),
  page: (request: DataPageRequest, signal?: AbortSignal, quiet = false) =>
    http.post<DeviceDataPage>(`${DATA}/page`, request, { signal, quiet }),
  /**
   * A range as a file named by the server: the PDF through the PDF helper (its name must end in
   * .pdf, 000 §5), CSV and XLSX as any download.
   */
  exportRange: ({ format, ...range }: ExportRequest): Promise<DownloadedFile> =>
    format === 'pdf'
      ? fetchPdf(`${DATA}/export`, { ...range, format })
      : fetchFile('GET', `${DATA}/export`, { params: { ...range, format } }),
  clear: (id: number) => http.post<{ deleted: number }>('/device/Device/clearData', { id }),
  setQuickSearch: (id: number, quickSearch: 0 | 1) =>
    http.put<null>('/device/Device/quickSearch', { id, quickSearch }),
  /** Public (no session); quiet so pages can tell "not found" apart from other failures. */
  quickQuery: (request: QuickQueryRequest, signal?: AbortSignal) =>
    http.post<QuickSearchAnswer>('/device/QuickSearch/query', request, { signal, quiet: true }),
};
