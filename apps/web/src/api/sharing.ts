import type {
  DevicePermission,
  DeviceShare,
  DeviceShareBatch,
  DeviceShareBatchResult,
  DeviceSharePageRequest,
  DeviceTransfer,
  DeviceTransferBatch,
  DeviceTransferPageRequest,
  PageResponse,
  PendingRequests,
  PermissionCatalogue,
  PermissionModel,
  PermissionModelInsert,
  PermissionModelPageRequest,
  PermissionModelUpdate,
  ShareLink,
  ShareLinkCreate,
  SharePageInfo,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/**
 * Permission templates, sharing and transfer (002 §3-§9). Paths under /api are recorded in
 * docs/decisions.md ("Permission templates, sharing and transfer").
 */

const MODEL = '/device/DevicePermissionModel';
const SHARE = '/device/DeviceShare';
const TRANSFER = '/device/DeviceTransfer';

export const sharingKeys = {
  all: ['sharing'] as const,
  models: () => [...sharingKeys.all, 'models'] as const,
  catalogue: (deviceTypeId: number | null) => [...sharingKeys.all, 'catalogue', deviceTypeId] as const,
  devicePermission: (deviceId: number) => [...sharingKeys.all, 'devicePermission', deviceId] as const,
  shares: () => [...sharingKeys.all, 'shares'] as const,
  transfers: () => [...sharingKeys.all, 'transfers'] as const,
  pending: () => [...sharingKeys.all, 'pending'] as const,
  link: (token: string) => [...sharingKeys.all, 'link', token] as const,
};

export const sharingApi = {
  models: (request: PermissionModelPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<PermissionModel>>(`${MODEL}/page`, request, { signal }),
  catalogue: (deviceTypeId: number | null, signal?: AbortSignal) =>
    http.get<PermissionCatalogue>(`${MODEL}/catalogue`, {
      params: { deviceTypeId: deviceTypeId ?? undefined },
      signal,
    }),
  /** Quiet: the template form shows the server's message under the field it names. */
  insertModel: (body: PermissionModelInsert) =>
    http.post<PermissionModel>(`${MODEL}/insert`, body, { quiet: true }),
  updateModel: (body: PermissionModelUpdate) =>
    http.put<PermissionModel>(`${MODEL}/update`, body, { quiet: true }),
  deleteModel: (id: number) => http.delete<null>(`${MODEL}/delete`, { params: { id } }),
  /** Quiet: it comes with the device's page, which reports a missing device once. */
  devicePermission: (deviceId: number, signal?: AbortSignal) =>
    http.get<DevicePermission>(`${MODEL}/devicePermission`, { params: { deviceId }, signal, quiet: true }),

  batchShare: (body: DeviceShareBatch) =>
    http.post<DeviceShareBatchResult>(`${SHARE}/batchShare`, body, { quiet: true }),
  shares: (request: DeviceSharePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceShare>>(`${SHARE}/page`, request, { signal }),
  pending: (signal?: AbortSignal) => http.get<PendingRequests>(`${SHARE}/pendingRequests`, { signal }),
  answerShare: (id: number, answer: 'accept' | 'refuse') =>
    http.put<DeviceShare>(`${SHARE}/${answer}`, { id }),
  cancelShare: (id: number) => http.delete<DeviceShare>(`${SHARE}/cancel`, { params: { id } }),
  shareModel: (id: number, permissionModelId: number | null) =>
    http.put<DeviceShare>(`${SHARE}/updateModel`, { id, permissionModelId }),
  createLink: (body: ShareLinkCreate) => http.post<ShareLink>(`${SHARE}/createLink`, body, { quiet: true }),
  linkInfo: (token: string, signal?: AbortSignal) =>
    http.get<SharePageInfo>(`${SHARE}/pageInfo`, { params: { token }, signal }),
  acceptLink: (token: string) => http.post<{ shares: DeviceShare[] }>(`${SHARE}/acceptLink`, { token }),

  batchTransfer: (body: DeviceTransferBatch) =>
    http.post<{ transfers: DeviceTransfer[] }>(`${TRANSFER}/batchTransfer`, body, { quiet: true }),
  transfers: (request: DeviceTransferPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceTransfer>>(`${TRANSFER}/page`, request, { signal }),
  answerTransfer: (id: number, answer: 'accept' | 'refuse') =>
    http.put<DeviceTransfer>(`${TRANSFER}/${answer}`, { id }),
  cancelTransfer: (id: number) => http.delete<DeviceTransfer>(`${TRANSFER}/cancel`, { params: { id } }),
};

/** The caller's templates for pickers (the first page is plenty: each account has a handful). */
export function usePermissionModels(enabled = true) {
  return useQuery({
    queryKey: [...sharingKeys.models(), 'options'],
    queryFn: ({ signal }) => sharingApi.models({ start: 1, pageSize: 100 }, signal),
    enabled,
  });
}

export function usePermissionCatalogue(deviceTypeId: number | null) {
  return useQuery({
    queryKey: sharingKeys.catalogue(deviceTypeId),
    queryFn: ({ signal }) => sharingApi.catalogue(deviceTypeId, signal),
    staleTime: 60_000,
  });
}

export function useDevicePermission(deviceId: number) {
  return useQuery({
    queryKey: sharingKeys.devicePermission(deviceId),
    queryFn: ({ signal }) => sharingApi.devicePermission(deviceId, signal),
    enabled: Number.isInteger(deviceId) && deviceId > 0,
  });
}

export function usePendingRequests() {
  return useQuery({ queryKey: sharingKeys.pending(), queryFn: ({ signal }) => sharingApi.pending(signal) });
}

export function useShareLinkInfo(token: string | null) {
  return useQuery({
    queryKey: sharingKeys.link(token ?? ''),
    queryFn: ({ signal }) => sharingApi.linkInfo(token ?? '', signal),
    enabled: token !== null && token.length > 0,
    retry: false,
  });
}
