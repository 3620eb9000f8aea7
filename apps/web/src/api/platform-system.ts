import type {
  ConnectionEvent,
  ConnectionEventPage,
  Contractor,
  ContractorCertify,
  ContractorPage,
  ContractorSave,
  DeviceConnection,
  DeviceConnectionPage,
  NetworkSummary,
  Overview,
  PageResponse,
  PatternImage,
  PatternImagePage,
  Platform,
  PlatformFigures,
  PlatformInsert,
  PlatformPageRequest,
  PlatformUpdate,
  TransportStatus,
  UploadedImage,
} from '@coldchain/shared';
import { http, upload } from './http.ts';

const PLATFORM = '/base/BaseCustomPage';
const SYSTEM = '/base/BaseSystem';

export const platformSystemKeys = {
  platforms: ['platformSystem', 'platforms'] as const,
  overview: ['platformSystem', 'overview'] as const,
  transport: ['platformSystem', 'transport'] as const,
  figures: ['platformSystem', 'figures'] as const,
  dtuLog: ['platformSystem', 'dtuLog'] as const,
  network: ['platformSystem', 'network'] as const,
  networkSummary: ['platformSystem', 'networkSummary'] as const,
  patterns: ['platformSystem', 'patterns'] as const,
  contractors: ['platformSystem', 'contractors'] as const,
};

/** White-label platforms (002 §3 customized platform; 002 §7 BaseCustomPage). */
export const platformsApi = {
  page: (body: PlatformPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<Platform>>(`${PLATFORM}/get/page`, body, { signal }),
  insert: (body: PlatformInsert) => http.post<Platform>(`${PLATFORM}/insert`, body),
  update: (body: PlatformUpdate) => http.put<Platform>(`${PLATFORM}/update`, body),
  delete: (id: number) => http.delete<null>(`${PLATFORM}/delete`, { params: { id } }),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return upload<UploadedImage>(`${PLATFORM}/uploadLogo`, form);
  },
};

/** The operators' system pages: overview, transport, per-platform figures, network and patterns. */
export const systemApi = {
  overview: (signal?: AbortSignal) => http.get<Overview>(`${SYSTEM}/overview`, { signal }),
  transport: (signal?: AbortSignal) => http.get<TransportStatus>(`${SYSTEM}/transport`, { signal }),
  figures: (signal?: AbortSignal) =>
    http.post<PlatformFigures[]>(`${SYSTEM}/platformFigures`, {}, { signal }),
  dtuLog: (body: ConnectionEventPage, signal?: AbortSignal) =>
    http.post<PageResponse<ConnectionEvent>>('/device/DtuLog/page', body, { signal }),
  connections: (body: DeviceConnectionPage, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceConnection>>('/device/DeviceNetwork/page', body, { signal }),
  networkSummary: (signal?: AbortSignal) =>
    http.get<NetworkSummary>('/device/DeviceNetwork/summary', { signal }),
  patterns: (body: PatternImagePage, signal?: AbortSignal) =>
    http.post<PageResponse<PatternImage>>('/device/PatternImage/page', body, { signal }),
  uploadPattern: (name: string, file: File) => {
    const form = new FormData();
    // The name goes before the file: the server reads the fields that precede it.
    form.append('name', name);
    form.append('file', file);
    return upload<PatternImage>('/device/PatternImage/upload', form);
  },
  deletePattern: (id: number) => http.delete<null>('/device/PatternImage/delete', { params: { id } }),
};

/** Engineers and contractors (002 §1, §3, §4). */
export const contractorsApi = {
  page: (body: ContractorPage, signal?: AbortSignal) =>
    http.post<PageResponse<Contractor>>('/base/BaseContractor/page', body, { signal }),
  save: (body: ContractorSave) => http.put<Contractor>('/base/BaseContractor/save', body),
  certify: (body: ContractorCertify) => http.put<Contractor>('/base/BaseContractor/certify', body),
};
