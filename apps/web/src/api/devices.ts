import type {
  DeviceCounts,
  DeviceDetail,
  DeviceInsert,
  DeviceLogPageRequest,
  DevicePageRequest,
  DevicePosition,
  DeviceRow,
  HomeTileKey,
  MaintainInsert,
  MaintainListQuery,
  MaintainRecord,
  MaintainUpdate,
  OperationLog,
  PageResponse,
  ParamSetting,
  ParamSettingUpdate,
  TimeZoneItem,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { type DownloadedFile, fetchFile, http } from './http.ts';

/**
 * Devices of the user console (002 §2-§5): the list and its batch operations, the detail page's
 * settings, log and maintenance records, and the home dashboard. Paths are under /api
 * (docs/decisions.md "Devices and the product catalogue").
 */

const DEVICE = '/device/Device';
const MAINTAIN = '/device/DeviceMaintainRecord';
const HOME = '/base/BaseHomeOption';

export const deviceKeys = {
  all: ['devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  params: (id: number) => [...deviceKeys.all, 'params', id] as const,
  log: (id: number) => [...deviceKeys.all, 'log', id] as const,
  maintain: (id: number) => [...deviceKeys.all, 'maintain', id] as const,
  timeZones: () => [...deviceKeys.all, 'timeZones'] as const,
  home: () => ['home'] as const,
};

/** The batch operations of the list (002 §4): enable, stop and scrap are PUTs, delete a DELETE. */
export type BatchOperation = 'enable' | 'stop' | 'scrap';
const BATCH_PATHS: Record<BatchOperation, string> = {
  enable: 'batchEnable',
  stop: 'batchStop',
  scrap: 'batchScrap',
};

export const devicesApi = {
  page: (request: DevicePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceRow>>(`${DEVICE}/page`, request, { signal }),
  /** Quiet: a page that opens a device says itself when it does not exist (one message, not a notice too). */
  detail: (id: number, signal?: AbortSignal) =>
    http.get<DeviceDetail>(`${DEVICE}/detail`, { params: { id }, signal, quiet: true }),
  /** Quiet: the add form shows the server's message under the field it names. */
  insert: (body: DeviceInsert) => http.post<DeviceDetail>(`${DEVICE}/insert`, body, { quiet: true }),
  updateRemark: (id: number, deviceDesc: string) =>
    http.put<DeviceDetail>(`${DEVICE}/updateRemark/${id}`, { deviceDesc }),
  batch: (operation: BatchOperation, ids: readonly number[]) =>
    http.put<{ count: number }>(`${DEVICE}/${BATCH_PATHS[operation]}`, { ids }),
  remove: (ids: readonly number[]) =>
    http.delete<{ count: number }>(`${DEVICE}/batchDelete`, { params: { ids: ids.join(',') } }),
  /** An XLSX file of the chosen devices (one type). */
  exportDevices: (ids: readonly number[]): Promise<DownloadedFile> =>
    fetchFile('POST', `${DEVICE}/export`, { body: { ids } }),
  /** The device's credential file (JSON with its secret). */
  credentials: (id: number): Promise<DownloadedFile> =>
    fetchFile('GET', `${DEVICE}/credentials`, { params: { id } }),
  paramSetting: (id: number, signal?: AbortSignal) =>
    http.get<ParamSetting>(`${DEVICE}/getParamSetting`, { params: { id }, signal }),
  /** Quiet: the settings form shows the server's message itself. */
  updateParamSetting: (body: ParamSettingUpdate) =>
    http.put<ParamSetting>(`${DEVICE}/updateParamSetting`, body, { quiet: true }),
  operationLog: (request: DeviceLogPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<OperationLog>>(`${DEVICE}/operationLog`, request, { signal }),
  maintainList: (request: MaintainListQuery, signal?: AbortSignal) =>
    http.get<PageResponse<MaintainRecord>>(`${MAINTAIN}/list`, {
      params: { ...request },
      signal,
    }),
  maintainInsert: (body: MaintainInsert) =>
    http.post<MaintainRecord>(`${MAINTAIN}/insert`, body, { quiet: true }),
  maintainUpdate: (body: MaintainUpdate) =>
    http.put<MaintainRecord>(`${MAINTAIN}/update`, body, { quiet: true }),
  maintainDelete: (id: number) => http.delete<null>(`${MAINTAIN}/delete`, { params: { id } }),
  counts: (signal?: AbortSignal) => http.get<DeviceCounts>(`${DEVICE}/getStatusCount`, { signal }),
  positions: (signal?: AbortSignal) => http.get<DevicePosition[]>(`${DEVICE}/getPositions`, { signal }),
  /** The organization home: one organization's devices, for its members. */
  organizationCounts: (organizationId: number, signal?: AbortSignal) =>
    http.get<DeviceCounts>(`${HOME}/organization/statusCount`, { params: { organizationId }, signal }),
  organizationPositions: (organizationId: number, signal?: AbortSignal) =>
    http.get<DevicePosition[]>(`${HOME}/organization/positions`, { params: { organizationId }, signal }),
  tiles: (signal?: AbortSignal) => http.get<{ tiles: HomeTileKey[] }>(`${HOME}/list`, { signal }),
  saveTiles: (tiles: readonly HomeTileKey[]) =>
    http.put<{ tiles: HomeTileKey[] }>(`${HOME}/update`, { tiles }),
};

export function useDevice(id: number) {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => devicesApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The IANA zones the server accepts, labelled with their current offset. */
export function useTimeZones(enabled = true) {
  return useQuery({
    queryKey: deviceKeys.timeZones(),
    queryFn: ({ signal }) =>
      http.get<TimeZoneItem[]>('/base/BaseDict/queryTimeZoneByType', { params: { type: 1 }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

export function useParamSetting(id: number) {
  return useQuery({
    queryKey: deviceKeys.params(id),
    queryFn: ({ signal }) => devicesApi.paramSetting(id, signal),
    // While the device has not taken the newest settings, look again every few seconds.
    refetchInterval: (query) => {
      const state = query.state.data?.command?.state;
      return state === 'pending' || state === 'sent' ? 5_000 : false;
    },
  });
}
