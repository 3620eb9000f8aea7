import type {
  CatalogueSortRequest,
  DeviceTypeRelation,
  DeviceTypeRelationUpdate,
  PageResponse,
  ServiceItem,
  ServiceItemInsert,
  ServiceItemUpdate,
  ServicePackageDetail,
  ServicePackageInsert,
  ServicePackagePageRequest,
  ServicePackageSummary,
  ServicePackageUpdate,
  SmsImportResult,
  SmsPackage,
  SmsPackageInsert,
  SmsPackageListRequest,
  SmsPackageUpdate,
} from '@coldchain/shared';
import { http, upload } from './http.ts';

const ITEM = '/payment/PayServiceItem';
const PACKAGE = '/payment/PayServicePackages';
const RELATION = '/payment/PayDeviceTypeService';
const SMS = '/payment/PaySmsPackages';

export const servicePackageKeys = {
  all: ['servicePackages'] as const,
  list: ['servicePackages', 'list'] as const,
  detail: (id: number) => ['servicePackages', 'detail', id] as const,
  items: ['servicePackages', 'items'] as const,
  sms: ['servicePackages', 'sms'] as const,
};

/** The back office's service catalogue (order.servicePackage), 001 §7.4. */
export const servicePackagesApi = {
  items: (signal?: AbortSignal) => http.post<ServiceItem[]>(`${ITEM}/selectItemList`, {}, { signal }),
  insertItem: (body: ServiceItemInsert) => http.post<ServiceItem>(`${ITEM}/insert`, body),
  updateItem: (body: ServiceItemUpdate) => http.put<ServiceItem>(`${ITEM}/update`, body),
  sortItems: (body: CatalogueSortRequest) => http.post<null>(`${ITEM}/sort`, body),

  page: (request: ServicePackagePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<ServicePackageSummary>>(`${PACKAGE}/selectPackageList`, request, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.post<ServicePackageDetail>(`${PACKAGE}/detail`, { id }, { signal }),
  insert: (body: ServicePackageInsert) => http.post<ServicePackageDetail>(`${PACKAGE}/insert`, body),
  update: (body: ServicePackageUpdate) => http.put<ServicePackageDetail>(`${PACKAGE}/update`, body),
  enable: (id: number) => http.post<ServicePackageSummary>(`${PACKAGE}/enablePackage`, { id }),
  stop: (id: number) => http.post<ServicePackageSummary>(`${PACKAGE}/stopPackage`, { id }),
  sort: (body: CatalogueSortRequest) => http.post<null>(`${PACKAGE}/sort`, body),
  uploadIcon: (id: number, file: File) => {
    const form = new FormData();
    form.append('id', String(id));
    form.append('file', file, file.name);
    return upload<{ url: string }>(`${PACKAGE}/uploadIcon`, form);
  },

  relations: (packageId?: number) =>
    http.get<DeviceTypeRelation[]>(`${RELATION}/selectServiceList`, {
      params: packageId === undefined ? {} : { packageId },
    }),
  setRelations: (body: DeviceTypeRelationUpdate) =>
    http.put<{ packageId: number; deviceTypeIds: number[] }>(`${RELATION}/update`, body),

  smsPackages: (body: SmsPackageListRequest, signal?: AbortSignal) =>
    http.post<SmsPackage[]>(`${SMS}/selectSmsPackage`, body, { signal }),
  insertSms: (body: SmsPackageInsert) => http.post<SmsPackage>(`${SMS}/insert`, body),
  updateSms: (body: SmsPackageUpdate) => http.put<SmsPackage>(`${SMS}/update`, body),
  removeSms: (id: number) => http.delete<null>(`${SMS}/delete`, { params: { id } }),
  sortSms: (body: CatalogueSortRequest) => http.post<null>(`${SMS}/sortPackage`, body),
  importSms: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return upload<SmsImportResult>(`${SMS}/importSmsPackages`, form);
  },
};
