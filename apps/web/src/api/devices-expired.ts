import { EXPIRED_PAGE_SIZE } from '@coldchain/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/** The expired-info answer (000 §3): whether to remind the account, and which filter to start with. */
export interface ExpiredInfo {
  id: number;
  pushMessages: number | boolean | null;
  expiredFlag: number | null;
}

/** A row of the expired-device list (000 §3). */
export interface ExpiredDevice {
  id: number;
  deviceName: string;
  deviceGuid: string;
  deviceTypeName: string;
  typeId: number;
  serviceExpiredDate: string | null;
}

export interface ExpiredDevicePage {
  list: ExpiredDevice[];
  total: number;
}

/**
 * Fired once when the token is set (000 §4, type 1). Quiet: the device calls may not be served
 * (another part of the platform); then the modal simply does not open.
 */
export function useExpiredInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['expired', 'info'],
    queryFn: ({ signal }) =>
      http.get<ExpiredInfo | null>('/device/DeviceExpireInfo/getExpiredInfoByType', {
        params: { type: 1 },
        signal,
        quiet: true,
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useExpiredDevices(params: { accountId: number; expiredFlag: number; start: number }) {
  return useQuery({
    queryKey: ['expired', 'devices', params],
    queryFn: ({ signal }) =>
      http.get<ExpiredDevicePage>('/device/Device/getExpiredServiceDevice', {
        params: { ...params, pageSize: EXPIRED_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Reminders of expiring service on or off for this account (type 1, service expiry). */
export function useSetExpiryReminder() {
  return useMutation({
    mutationFn: (remind: boolean) =>
      http.put<ExpiredInfo>('/device/DeviceExpireInfo/update', { type: 1, pushMessages: remind ? 1 : 0 }),
  });
}
