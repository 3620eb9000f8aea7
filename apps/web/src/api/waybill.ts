import type {
  Geofence,
  GeofenceInsert,
  GeofencePageRequest,
  GeofenceUpdate,
  MapConfig,
  PageResponse,
  PublicWaybillDetail,
  PublicWaybillList,
  PublicWaybillLookup,
  TrackTemplate,
  TrackTemplateInsert,
  TrackTemplatePageRequest,
  WaybillAlarmPageAnswer,
  WaybillAlarmPageRequest,
  WaybillChangeState,
  WaybillChartAnswer,
  WaybillDetail,
  WaybillDetailQuery,
  WaybillExportQuery,
  WaybillInsertInput,
  WaybillOverview,
  WaybillPageRequest,
  WaybillRange,
  WaybillRow,
  WaybillShare,
  WaybillShareAnswer,
  WaybillTemplate,
  WaybillTemplatePageRequest,
  WaybillTrack,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { useAccess } from '../app/use-access.ts';
import { type DownloadedFile, fetchFile, fetchPdf, http } from './http.ts';

/**
 * Waybills, their templates, track templates and geofences (002 §2-§5, §7), and the public waybill
 * pages. Paths as listed at the top of packages/shared/src/schemas/waybill.ts; instants are ms.
 */

const WAYBILL = '/device/DeviceWaybillInfo';
const TEMPLATE = '/device/DeviceWaybillModel';
const TRACK_TEMPLATE = '/device/DeviceTrackModel';
const FENCE = '/device/DeviceFenceModel';
const PUBLIC = '/device/QuickSearch';

export const waybillKeys = {
  all: ['waybills'] as const,
  list: () => [...waybillKeys.all, 'list'] as const,
  detail: (key: WaybillDetailQuery) => [...waybillKeys.all, 'detail', key] as const,
  overview: (id: number) => [...waybillKeys.all, 'overview', id] as const,
  data: (id: number) => [...waybillKeys.all, 'data', id] as const,
  templates: () => [...waybillKeys.all, 'templates'] as const,
  trackTemplates: () => [...waybillKeys.all, 'trackTemplates'] as const,
  fences: () => ['geofences'] as const,
  fence: (id: number) => ['geofences', 'detail', id] as const,
  mapConfig: () => ['mapConfig'] as const,
  public: () => ['publicWaybill'] as const,
};

export const waybillApi = {
  page: (request: WaybillPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<WaybillRow>>(`${WAYBILL}/page`, request, { signal }),
  /** By id, or by the waybill's key (a number is an id). */
  detail: (key: number | WaybillDetailQuery, signal?: AbortSignal) =>
    http.get<WaybillDetail>(`${WAYBILL}/detail`, {
      params: typeof key === 'number' ? { id: key } : key,
      signal,
    }),
  /** Quiet: the form shows the server's message under the field it names. */
  insert: (body: WaybillInsertInput) => http.post<WaybillDetail>(`${WAYBILL}/insert`, body, { quiet: true }),
  update: (body: WaybillInsertInput & { id: number }) =>
    http.put<WaybillDetail>(`${WAYBILL}/update`, body, { quiet: true }),
  remove: (ids: readonly number[]) =>
    http.delete<{ deleted: number }>(`${WAYBILL}/delete`, { params: { ids: ids.join(',') } }),
  /** Quiet: an offline device answers deviceOfflineConfirm, which the page turns into a question. */
  changeState: (body: WaybillChangeState) =>
    http.post<WaybillDetail>(`${WAYBILL}/changeState`, body, { quiet: true }),
  share: (body: WaybillShare) => http.post<WaybillShareAnswer>(`${WAYBILL}/share`, body),
  overview: (id: number, signal?: AbortSignal) =>
    http.post<WaybillOverview>(`${WAYBILL}/overview`, { id }, { signal }),
  track: (request: WaybillRange, signal?: AbortSignal) =>
    http.post<WaybillTrack>(`${WAYBILL}/track`, request, { signal }),
  chart: (request: WaybillRange & { points?: number }, signal?: AbortSignal) =>
    http.post<WaybillChartAnswer>(`${WAYBILL}/chart`, request, { signal }),
  alarms: (request: WaybillAlarmPageRequest, signal?: AbortSignal) =>
    http.post<WaybillAlarmPageAnswer>(`${WAYBILL}/alarms`, request, { signal }),
  /** The list as an XLSX workbook, filtered like the table. */
  exportList: (filters: WaybillExportQuery): Promise<DownloadedFile> =>
    fetchFile('GET', `${WAYBILL}/export`, { params: { ...filters } }),
  /** The waybill's PDF report (its name must end in .pdf, 000 §5). */
  report: (id: number): Promise<DownloadedFile> => fetchPdf(`${WAYBILL}/report`, { id }),

  templates: (request: WaybillTemplatePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<WaybillTemplate>>(`${TEMPLATE}/page`, request, { signal }),
  /** A template keeps any of the waybill's fields (002 §3). */
  insertTemplate: (body: { modelName: string; content: Partial<WaybillInsertInput> }) =>
    http.post<WaybillTemplate>(`${TEMPLATE}/insert`, body, { quiet: true }),
  removeTemplates: (ids: readonly number[]) =>
    http.delete<{ deleted: number }>(`${TEMPLATE}/delete`, { params: { ids: ids.join(',') } }),

  trackTemplates: (request: TrackTemplatePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<TrackTemplate>>(`${TRACK_TEMPLATE}/page`, request, { signal }),
  insertTrackTemplate: (body: TrackTemplateInsert) =>
    http.post<TrackTemplate>(`${TRACK_TEMPLATE}/insert`, body, { quiet: true }),
  removeTrackTemplates: (ids: readonly number[]) =>
    http.delete<{ deleted: number }>(`${TRACK_TEMPLATE}/delete`, { params: { ids: ids.join(',') } }),

  fences: (request: GeofencePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<Geofence>>(`${FENCE}/page`, request, { signal }),
  fence: (id: number, signal?: AbortSignal) =>
    http.get<Geofence>(`${FENCE}/detail`, { params: { id }, signal }),
  insertFence: (body: GeofenceInsert) => http.post<Geofence>(`${FENCE}/insert`, body, { quiet: true }),
  updateFence: (body: GeofenceUpdate) => http.put<Geofence>(`${FENCE}/update`, body, { quiet: true }),
  removeFences: (ids: readonly number[]) =>
    http.delete<{ deleted: number }>(`${FENCE}/delete`, { params: { ids: ids.join(',') } }),
};

/** Public calls (no session). Quiet: the pages tell "not found" apart from other failures. */
export const publicWaybillApi = {
  mapConfig: (signal?: AbortSignal) => http.get<MapConfig>(`${PUBLIC}/mapConfig`, { signal, quiet: true }),
  lookup: (request: PublicWaybillLookup, signal?: AbortSignal) =>
    http.post<PublicWaybillList>(`${PUBLIC}/waybillList`, request, { signal, quiet: true }),
  detail: (request: { waybillPk?: string; shareToken?: string; points?: number }, signal?: AbortSignal) =>
    http.post<PublicWaybillDetail>(`${PUBLIC}/waybillDetail`, request, { signal, quiet: true }),
  receive: (request: { shareToken: string; receiverMan?: string | null }) =>
    http.post<PublicWaybillDetail>(`${PUBLIC}/waybillReceive`, request),
};

/** A waybill named by its id or its key; `null` names none (an address that is neither). */
export function useWaybill(key: WaybillDetailQuery | null) {
  return useQuery({
    queryKey: waybillKeys.detail(key ?? {}),
    queryFn: ({ signal }) => waybillApi.detail(key ?? {}, signal),
    enabled: key !== null,
  });
}

/** Every template, for the "create from template" picker (a user keeps a handful). */
export function useWaybillTemplates(enabled = true) {
  return useQuery({
    queryKey: waybillKeys.templates(),
    queryFn: ({ signal }) => waybillApi.templates({ start: 1, pageSize: 200 }, signal),
    enabled,
  });
}

export function useTrackTemplates(enabled = true) {
  return useQuery({
    queryKey: waybillKeys.trackTemplates(),
    queryFn: ({ signal }) => waybillApi.trackTemplates({ start: 1, pageSize: 200 }, signal),
    enabled,
  });
}

/**
 * Every geofence, for the waybill form's pickers and names. Asked only with the geofence page's
 * permission: a refused call (403) would end the session (000 §8).
 */
export function useFenceOptions(enabled = true) {
  const allowed = useAccess().permission('waybill.geofence', 'query');
  return useQuery({
    queryKey: [...waybillKeys.fences(), 'options'],
    queryFn: ({ signal }) => waybillApi.fences({ start: 1, pageSize: 200 }, signal),
    enabled: enabled && allowed,
  });
}

/**
 * The map tiles the server is configured with; until it answers (or when it cannot), the console's
 * build flag. Public, so the public waybill pages draw the same map.
 */
export function useMapConfig() {
  return useQuery({
    queryKey: waybillKeys.mapConfig(),
    queryFn: ({ signal }) => publicWaybillApi.mapConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
