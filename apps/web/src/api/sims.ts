import type {
  PageResponse,
  SimBind,
  SimCondition,
  SimImportResult,
  SimInsert,
  SimPageRequest,
  SimRow,
  SimStateUpdate,
  SimUpdate,
} from '@coldchain/shared';
import { type DownloadedFile, fetchFile, http, upload } from './http.ts';

const SIM = '/device/DeviceSimCard';

export const simKeys = { all: ['operation', 'sims'] as const };

/** SIM cards of the back office (/operation/sim, 002 §3-§5). */
export const simsApi = {
  page: (request: SimPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<SimRow>>(`${SIM}/page`, request, { signal }),
  insert: (body: SimInsert) => http.post<SimRow>(`${SIM}/insert`, body),
  update: (body: SimUpdate) => http.put<SimRow>(`${SIM}/update`, body),
  updateState: (body: SimStateUpdate) => http.put<{ count: number }>(`${SIM}/updateState`, body),
  remove: (ids: number[]) =>
    http.delete<{ count: number }>(`${SIM}/delete`, { params: { ids: ids.join(',') } }),
  bind: (body: SimBind) => http.post<SimRow>(`${SIM}/bind`, body),
  unbind: (id: number) => http.post<null>(`${SIM}/unbind`, { id }),
  importFile: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return upload<SimImportResult>(`${SIM}/import`, form);
  },
  template: (): Promise<DownloadedFile> => fetchFile('GET', `${SIM}/template`),
  exportFile: (condition: SimCondition): Promise<DownloadedFile> =>
    fetchFile('POST', `${SIM}/export`, { body: condition }),
};
