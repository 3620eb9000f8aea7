import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/**
 * The calls of the purchase screens (001 §2.1-§2.4, §7.1, §7.2): the catalogue reads, order creation
 * for a device, a batch of devices and SMS/voice counts, order status, auto-renew, the card and wallet
 * confirmations, the user's invoice infos, and the public sandbox payer page. Money is integer cents.
 */

const DEPOSIT = '/payment/PayDeviceDepositRecord';
const ORDER = '/payment/PayOrder';
const PAYMENT = '/payment/payment';

export type Currency = 'CNY' | 'USD';

export interface ServiceItem {
  itemCode: string;
  itemName: string;
  itemSupplement?: string | null;
  itemLabel?: string | null;
}

export interface ServiceLevel {
  levelId: number;
  levelName: string;
  levelDescribe?: string | null;
  packageId: number;
  /** Per 12 months, cents. */
  serviceFee: number;
  dataFee: number;
  /** Percent; 100 means none. */
  discount: number;
  activityDiscount: number;
  activityId: number | null;
  activityStartTime?: string | null;
  activityEndTime?: string | null;
  presentationMonth: number;
  topStatus?: number | boolean | null;
  free: boolean;
  itemLevelRelList: { itemCode: string; itemName: string }[];
}

export interface DeviceServiceItems {
  servicePackageId: number | null;
  packageName?: string | null;
  currency?: Currency;
  /** Why levelList is empty, in the caller's language. */
  message?: string | null;
  itemList: ServiceItem[];
  levelList: ServiceLevel[];
}

export interface LevelYear {
  id: number;
  /** Months. */
  timeLength: number;
  serviceFee: number;
  dataFee: number;
  discount: number;
  activityDiscount: number;
  activityId: number | null;
  presentationMonth: number;
  topStatus?: number | boolean | null;
  /** Cents actually charged per device. */
  payFee: number;
}

export interface CountsPackage {
  packageId: number;
  packageName: string;
  /** Cents charged per device. */
  packageFee: number;
  /** The list price before the package's own discount. */
  initialFee?: number;
  smsCount?: number;
  voiceCount?: number;
  discount: number;
  activityDiscount: number;
  currency?: Currency;
}

export interface DepositView {
  smsList: CountsPackage[];
  voiceList: CountsPackage[];
}

/** A device as the purchase screens show it (selectDeviceList). */
export interface PurchaseDevice {
  deviceId: number;
  deviceName: string;
  deviceTypeName: string;
  deviceTypeId: number;
  deviceGuid: string;
  levelId: number | null;
  levelName: string | null;
  serviceExpiredDate: string | null;
  dataExpiredDate?: string | null;
  smsCount: number;
  voiceCount: number;
  countryCode: string | null;
  simIccid?: string | null;
  agreementStatus: number | null;
  nodeType?: number | null;
  vipInfo?: { state: number } | null;
  nextExecutionTime?: string | null;
}

export interface DepositPrice {
  deviceId: number;
  deviceName: string;
  totalFee: number;
}

interface OrderChoice {
  payType: number;
  applyFlag: 0 | 1;
  billId?: number;
}

export interface ServiceOrderBody extends OrderChoice {
  levelId: number;
  levelYearId: number;
  servicePackageId: number;
  serviceFee: number;
  totalFee: number;
  activityId?: number;
  presentationMonth?: number;
}

export interface CountsOrderBody extends OrderChoice {
  smsPackageId?: number;
  voicePackageId?: number;
  smsCount: number;
  smsFee: number;
  voiceCount: number;
  voiceFee: number;
  countryCode: string;
  /** What the drawer showed for all devices; the server refuses a different figure. */
  totalFee?: number;
}

export interface CreatedOrder {
  orderId: string;
  orderCode: string;
  /** The address to draw as a QR code; '' for card and wallet types. */
  payQrCode: string;
  payStatus: number;
  applyFlag: number;
  billId: number | null;
  payFee: number;
  currency: Currency;
}

export interface OrderState {
  orderId: string;
  orderCode: string;
  payStatus: number;
  applyFlag: number;
  payFee: number;
  currency: Currency;
  kind: string;
}

export interface UserBill {
  billId: number;
  billDefaultStatus: boolean | number;
  companyName?: string | null;
  personalName?: string | null;
  invoiceType: number;
  taxNumber?: string | null;
  billMail?: string | null;
}

export interface SandboxOrder {
  orderCode: string;
  payFee: number;
  currency: Currency;
  description: string;
  payStatus: number;
  payType: number;
}

/** Calls that place orders answer their own failures: the drawer shows them as 001 §8 says. */
export const purchaseApi = {
  serviceItems: (deviceId: number, signal?: AbortSignal) =>
    http.get<DeviceServiceItems>('/payment/PayServiceItem/selectAllServiceItemByDevice', {
      params: { deviceId },
      signal,
      quiet: true,
    }),
  levelYears: (query: { deviceId: number; levelId: number; packageId: number }, signal?: AbortSignal) =>
    http.get<{ levelYearList: LevelYear[] }>('/payment/PayServiceLevel/selectLevelYear', {
      params: query,
      signal,
    }),
  depositView: (countryCode: string, signal?: AbortSignal) =>
    http.post<DepositView>('/payment/PaySmsPackages/selectDepositView', { countryCode }, { signal }),
  devices: (deviceIdList: readonly number[], signal?: AbortSignal) =>
    http.post<PurchaseDevice[]>(`${DEPOSIT}/selectDeviceList`, { deviceIdList }, { signal }),
  depositList: (
    body: { deviceIdList: readonly number[]; levelId: number; levelYearId: number; servicePackageId: number },
    signal?: AbortSignal,
  ) => http.post<DepositPrice[]>(`${DEPOSIT}/selectDepositList`, body, { signal }),
  createDevice: (body: ServiceOrderBody & { deviceId: number; simIccid?: string }) =>
    http.post<CreatedOrder>(`${DEPOSIT}/createDeviceDeposit`, body),
  createDeviceList: (body: ServiceOrderBody & { deviceIdList: readonly number[] }) =>
    http.post<CreatedOrder>(`${DEPOSIT}/createDeviceListDeposit`, body),
  createSms: (body: CountsOrderBody & { deviceId: number }) =>
    http.post<CreatedOrder>(`${DEPOSIT}/createSmsDeposit`, body),
  createSmsList: (body: CountsOrderBody & { deviceIdList: readonly number[] }) =>
    http.post<CreatedOrder>(`${DEPOSIT}/createSmsListDeposit`, body),
  unAgreement: (deviceId: number) => http.get<unknown>(`${DEPOSIT}/unAgreement`, { params: { deviceId } }),
  /** Quiet: the drawer polls it every 3 s and a passing failure is tried again at the next tick. */
  order: (orderId: string, signal?: AbortSignal) =>
    http.get<OrderState>(`${ORDER}/get`, { params: { pk: orderId }, signal, quiet: true }),
  confirmPay: (query: { orderId: string; payType: number; paymentPlatformId: string; payFee: number }) =>
    http.get<OrderState>(`${ORDER}/confirmPay`, { params: query, quiet: true }),
  internationalPay: (orderId: string) =>
    http.post<{ approveUrl: string }>(
      `${PAYMENT}/internationalPay`,
      { orderId, payType: 20 },
      { quiet: true },
    ),
  successPaypal: (query: { orderId: string; token: string }) =>
    http.get<{ payStatus: number }>('/payment/app/PayService/successPaypal', { params: query, quiet: true }),
  bills: (signal?: AbortSignal) => http.post<UserBill[]>('/payment/PayUserBill/list', {}, { signal }),
  sandboxOrder: (query: { orderId: string; token: string }, signal?: AbortSignal) =>
    http.get<SandboxOrder>('/payment/sandbox/order', { params: query, signal, quiet: true }),
  sandboxPay: (body: { orderId: string; token: string; outcome: 'pay' | 'decline' }) =>
    http.post<{ payStatus: number }>('/payment/sandbox/pay', body, { quiet: true }),
};

export const purchaseKeys = {
  all: ['purchase'] as const,
  devices: (ids: readonly number[]) => [...purchaseKeys.all, 'devices', ids.join(',')] as const,
  items: (deviceId: number) => [...purchaseKeys.all, 'items', deviceId] as const,
  years: (deviceId: number, levelId: number, packageId: number) =>
    [...purchaseKeys.all, 'years', deviceId, levelId, packageId] as const,
  depositList: (ids: readonly number[], levelYearId: number) =>
    [...purchaseKeys.all, 'depositList', ids.join(','), levelYearId] as const,
  depositView: (countryCode: string) => [...purchaseKeys.all, 'depositView', countryCode] as const,
  bills: () => [...purchaseKeys.all, 'bills'] as const,
};

export function usePurchaseDevices(ids: readonly number[], enabled = true) {
  return useQuery({
    queryKey: purchaseKeys.devices(ids),
    queryFn: ({ signal }) => purchaseApi.devices(ids, signal),
    enabled: enabled && ids.length > 0,
  });
}

export function useServiceItems(deviceId: number | undefined) {
  return useQuery({
    queryKey: purchaseKeys.items(deviceId ?? 0),
    queryFn: ({ signal }) => purchaseApi.serviceItems(deviceId ?? 0, signal),
    enabled: deviceId !== undefined,
    retry: false,
  });
}

export function useLevelYears(query: { deviceId: number; levelId: number; packageId: number } | null) {
  return useQuery({
    queryKey: purchaseKeys.years(query?.deviceId ?? 0, query?.levelId ?? 0, query?.packageId ?? 0),
    queryFn: ({ signal }) =>
      purchaseApi.levelYears(query ?? { deviceId: 0, levelId: 0, packageId: 0 }, signal),
    enabled: query !== null,
    select: (answer) => answer.levelYearList,
  });
}

export function useDepositList(
  query: {
    deviceIdList: readonly number[];
    levelId: number;
    levelYearId: number;
    servicePackageId: number;
  } | null,
) {
  return useQuery({
    queryKey: purchaseKeys.depositList(query?.deviceIdList ?? [], query?.levelYearId ?? 0),
    queryFn: ({ signal }) =>
      purchaseApi.depositList(
        query ?? { deviceIdList: [], levelId: 0, levelYearId: 0, servicePackageId: 0 },
        signal,
      ),
    enabled: query !== null && query.deviceIdList.length > 0,
  });
}

export function useDepositView(countryCode: string | null) {
  return useQuery({
    queryKey: purchaseKeys.depositView(countryCode ?? ''),
    queryFn: ({ signal }) => purchaseApi.depositView(countryCode ?? '', signal),
    enabled: countryCode !== null && countryCode !== '',
  });
}

export function useUserBills(enabled: boolean) {
  return useQuery({
    queryKey: purchaseKeys.bills(),
    queryFn: ({ signal }) => purchaseApi.bills(signal),
    enabled,
  });
}
