import type {
  DeviceType,
  DeviceTypeInsert,
  DeviceTypeOption,
  DeviceTypePageRequest,
  DeviceTypeUpdate,
  Model,
  ModelInsert,
  ModelPageRequest,
  ModelUpdate,
  PageResponse,
  Param,
  ParamInsert,
  ParamPageRequest,
  ParamUpdate,
  Series,
  SeriesInsert,
  SeriesPageRequest,
  SeriesUpdate,
  Unit,
  UnitInsert,
  UnitPageRequest,
  UnitUpdate,
} from '@coldchain/shared';
import { PAGE_SIZE_MAX } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchFile, http, upload } from './http.ts';

/** Query keys of the product catalogue; a change invalidates its whole branch. */
export const catalogueKeys = {
  types: ['catalogue', 'types'] as const,
  typeOptions: ['catalogue', 'types', 'options'] as const,
  params: (deviceTypeId: number) => ['catalogue', 'params', deviceTypeId] as const,
  units: ['catalogue', 'units'] as const,
  models: ['catalogue', 'models'] as const,
  series: ['catalogue', 'series'] as const,
};

const TYPE = '/device/DeviceType';
const PARAM = '/device/DeviceTypeParam';
const UNIT = '/base/BaseUnit';
const MODEL = '/device/DeviceModel';
const SERIES = '/device/DeviceSeries';

/** Device types (product.deviceType:*): list, changes, release and push, JSON export and import. */
export const deviceTypeApi = {
  page: (request: DeviceTypePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<DeviceType>>(`${TYPE}/page`, request, { signal }),
  insert: (body: DeviceTypeInsert) => http.post<DeviceType>(`${TYPE}/insert`, body, { quiet: true }),
  update: (body: DeviceTypeUpdate) => http.put<DeviceType>(`${TYPE}/update`, body, { quiet: true }),
  release: (id: number) => http.put<DeviceType>(`${TYPE}/release`, { id }),
  push: (id: number) => http.put<DeviceType>(`${TYPE}/push`, { id }),
  unpush: (id: number) => http.put<DeviceType>(`${TYPE}/unpush`, { id }),
  remove: (id: number) => http.delete<null>(`${TYPE}/delete`, { params: { id } }),
  exportFile: (id: number) => fetchFile('GET', `${TYPE}/export`, { params: { id } }),
  importFile: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return upload<DeviceType>(`${TYPE}/import`, form);
  },
};

/**
 * Types to pick from: every type for the back office, published and pushed ones for others (the
 * server decides by the session's permissions).
 */
export function useDeviceTypeOptions() {
  return useQuery({
    queryKey: catalogueKeys.typeOptions,
    queryFn: ({ signal }) => http.get<DeviceTypeOption[]>(`${TYPE}/options`, { signal }),
    staleTime: 30_000,
  });
}

/** A type's parameters (product.param:*), with combining and separating probe parameters. */
export const paramApi = {
  page: (request: ParamPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<Param>>(`${PARAM}/page`, request, { signal }),
  list: (deviceTypeId: number, signal?: AbortSignal) =>
    http.get<Param[]>(`${PARAM}/list`, { params: { deviceTypeId }, signal }),
  insert: (body: ParamInsert) => http.post<Param>(`${PARAM}/insert`, body, { quiet: true }),
  update: (body: ParamUpdate) => http.put<Param>(`${PARAM}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${PARAM}/delete`, { params: { id } }),
  combine: (ids: number[]) => http.post<Param[]>(`${PARAM}/combine`, { ids }),
  separate: (ids: number[]) => http.post<Param[]>(`${PARAM}/separate`, { ids }),
};

/** Every parameter of one type: reference pickers and the combine and separate checks read it. */
export function useTypeParams(deviceTypeId: number | null) {
  return useQuery({
    queryKey: catalogueKeys.params(deviceTypeId ?? 0),
    queryFn: ({ signal }) => paramApi.list(deviceTypeId ?? 0, signal),
    enabled: deviceTypeId !== null,
  });
}

/** Parameter units (product.paramUnit:*) and the conversion between two of them. */
export const unitApi = {
  page: (request: UnitPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<Unit>>(`${UNIT}/page`, request, { signal }),
  list: (signal?: AbortSignal) => http.get<Unit[]>(`${UNIT}/list`, { signal }),
  insert: (body: UnitInsert) => http.post<Unit>(`${UNIT}/insert`, body, { quiet: true }),
  update: (body: UnitUpdate) => http.put<Unit>(`${UNIT}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${UNIT}/delete`, { params: { id } }),
  convert: (fromUnitId: number, toUnitId: number, value: number) =>
    http.get<{ value: number }>(`${UNIT}/convert`, { params: { fromUnitId, toUnitId, value }, quiet: true }),
};

/** All units; only asked for when the session may read them (a 403 would end the session). */
export function useUnits(enabled: boolean) {
  return useQuery({
    queryKey: [...catalogueKeys.units, 'all'],
    queryFn: ({ signal }) => unitApi.list(signal),
    enabled,
  });
}

/** Model codes, under the device type permission (decisions: no route key of their own). */
export const modelApi = {
  page: (request: ModelPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<Model>>(`${MODEL}/page`, request, { signal }),
  insert: (body: ModelInsert) => http.post<Model>(`${MODEL}/insert`, body, { quiet: true }),
  update: (body: ModelUpdate) => http.put<Model>(`${MODEL}/update`, body, { quiet: true }),
  setState: (id: number, modelFlag: 0 | 1) => http.put<Model>(`${MODEL}/updateState`, { id, modelFlag }),
  remove: (id: number) => http.delete<null>(`${MODEL}/delete`, { params: { id } }),
};

/** Product series (product.series:*). */
export const seriesApi = {
  page: (request: SeriesPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<Series>>(`${SERIES}/page`, request, { signal }),
  insert: (body: SeriesInsert) => http.post<Series>(`${SERIES}/insert`, body, { quiet: true }),
  update: (body: SeriesUpdate) => http.put<Series>(`${SERIES}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${SERIES}/delete`, { params: { id } }),
};

/**
 * Series to pick from in the type form. The catalogue has no series list call, so this reads the
 * largest page; only asked for when the session may read series.
 */
export function useSeriesOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...catalogueKeys.series, 'options'],
    queryFn: ({ signal }) =>
      seriesApi.page(
        { start: 1, pageSize: PAGE_SIZE_MAX, sortField: 'seriesName', sortOrder: 'ascend' },
        signal,
      ),
    select: (page) => page.data,
    enabled,
  });
}
