import type {
  AppType,
  AppVersion,
  AppVersionInsert,
  AppVersionPageRequest,
  AppVersionUpdate,
  PageResponse,
  SoftwareVersion,
  SoftwareVersionInsert,
  SoftwareVersionPageRequest,
  SoftwareVersionUpdate,
  UpgradeBatch,
  UpgradeBatchResult,
  UpgradeCandidate,
  UpgradeCandidatePageRequest,
  UpgradeRecord,
  UpgradeRecordPageRequest,
  UploadedFile,
} from '@coldchain/shared';
import { http, upload } from './http.ts';

const VERSION = '/device/DeviceSoftwareVersion';
const RECORD = '/device/DeviceUpgradeRecord';

export const firmwareKeys = {
  versions: ['firmware', 'versions'] as const,
  records: ['firmware', 'records'] as const,
  candidates: ['firmware', 'candidates'] as const,
  apps: ['firmware', 'apps'] as const,
  releaseNotes: ['firmware', 'releaseNotes'] as const,
};

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** Firmware versions per device type (product.version:*). */
export const versionApi = {
  page: (request: SoftwareVersionPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<SoftwareVersion>>(`${VERSION}/page`, request, { signal }),
  upload: (file: File) => upload<UploadedFile>(`${VERSION}/upload`, fileForm(file)),
  insert: (body: SoftwareVersionInsert) => http.post<SoftwareVersion>(`${VERSION}/insert`, body),
  update: (body: SoftwareVersionUpdate) => http.put<SoftwareVersion>(`${VERSION}/update`, body),
  remove: (id: number) => http.delete<null>(`${VERSION}/delete`, { params: { id } }),
};

/** Online upgrades (operation.upgrade:*): versions to choose, devices of a type, batches and records. */
export const upgradeApi = {
  versions: (request: SoftwareVersionPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<SoftwareVersion>>(`${RECORD}/versions`, request, { signal }),
  candidates: (request: UpgradeCandidatePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<UpgradeCandidate>>(`${RECORD}/candidates`, request, { signal }),
  batch: (body: UpgradeBatch) => http.post<UpgradeBatchResult>(`${RECORD}/batchUpgrade`, body),
  page: (request: UpgradeRecordPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<UpgradeRecord>>(`${RECORD}/page`, request, { signal }),
};

const APP_PREFIX: Record<AppType, string> = {
  android: '/base/BaseApkVersion',
  ios: '/base/BaseIosVersion',
};

/** App versions of the platform: apk packages (operation.apk:*) and iOS entries (operation.iosUpgrade:*). */
export function appVersionApi(appType: AppType) {
  const prefix = APP_PREFIX[appType];
  return {
    page: (request: AppVersionPageRequest, signal: AbortSignal) =>
      http.post<PageResponse<AppVersion>>(`${prefix}/page`, request, { signal }),
    upload: (file: File) => upload<UploadedFile>(`${prefix}/upload`, fileForm(file)),
    insert: (body: Omit<AppVersionInsert, 'appType'>) => http.post<AppVersion>(`${prefix}/insert`, body),
    update: (body: AppVersionUpdate) => http.put<AppVersion>(`${prefix}/update`, body),
    remove: (id: number) => http.delete<null>(`${prefix}/delete`, { params: { id } }),
  };
}

/** Release notes of the platform's apps, newest first (public). */
export const releaseNotesApi = {
  page: (request: AppVersionPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<AppVersion>>('/base/BaseNotice/releaseNotes', request, { signal }),
};
