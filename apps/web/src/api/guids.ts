import type {
  AllDevicesExport,
  DownloadRow,
  GuidBatch,
  GuidBatchInsert,
  GuidBatchPageRequest,
  GuidDomain,
  GuidPageRequest,
  GuidRow,
  PageResponse,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { type DownloadedFile, fetchFile, http } from './http.ts';

const EXPORT = '/device/DeviceGuidExport';
const GUID = '/device/DeviceGuid';

export const guidKeys = {
  guids: ['operation', 'guids'] as const,
  batches: ['operation', 'guidBatches'] as const,
  domains: ['operation', 'guidDomains'] as const,
};

/** Device GUID batches (/operation/guid, /operation/guid/record, 002 §3-§5, §9). */
export const guidsApi = {
  guidPage: (request: GuidPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<GuidRow>>(`${GUID}/page`, request, { signal }),
  batchPage: (request: GuidBatchPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<GuidBatch>>(`${EXPORT}/page`, request, { signal }),
  generate: (body: GuidBatchInsert) => http.post<GuidBatch>(`${EXPORT}/insert`, body),
  exportBatch: (id: number): Promise<DownloadedFile> =>
    fetchFile('GET', `${EXPORT}/export`, { params: { id } }),
  lock: (ids: number[]) => http.put<{ count: number }>(`${GUID}/lock`, { ids }),
  unlock: (ids: number[]) => http.put<{ count: number }>(`${GUID}/unlock`, { ids }),
  /** /system/exportDevice: every account's devices, made in the download centre. */
  exportAllDevices: (body: AllDevicesExport) => http.post<DownloadRow>('/device/Device/exportAll', body),
};

/** Platforms a batch may name as its domain. */
export function useGuidDomains(enabled: boolean) {
  return useQuery({
    queryKey: guidKeys.domains,
    queryFn: ({ signal }) => http.get<GuidDomain[]>(`${EXPORT}/domains`, { signal }),
    enabled,
  });
}
