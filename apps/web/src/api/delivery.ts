import type {
  ConsolePushRecord,
  ConsolePushRecordPageRequest,
  DataPushConfig,
  DataPushConfigDetail,
  DataPushConfigInsert,
  DataPushConfigPageRequest,
  DataPushConfigUpdate,
  DataPushTestResult,
  PageResponse,
  PushRecord,
  PushRecordPageRequest,
} from '@coldchain/shared';
import { http } from './http.ts';

/**
 * Notification delivery (issue 5): push records of SMS, voice, e-mail and webhook attempts and data
 * push (webhook) configurations in the back office, and the notifications about a user's devices on
 * the cloud-chain page. Paths as packages/shared/src/schemas/delivery.ts lists them, under /api.
 */

const PUSH_RECORD = '/device/PushRecord';
const DATA_PUSH = '/device/DataPushConfig';

export const deliveryKeys = {
  pushRecords: ['delivery', 'pushRecords'] as const,
  dataPush: ['delivery', 'dataPush'] as const,
};

export const pushRecordApi = {
  page: (request: PushRecordPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<PushRecord>>(`${PUSH_RECORD}/page`, request, { signal }),
  /** The caller's own, shared and organization devices (cloudChain.pushRecord). */
  consolePage: (request: ConsolePushRecordPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<ConsolePushRecord>>(`${PUSH_RECORD}/consolePage`, request, { signal }),
};

export const dataPushApi = {
  page: (request: DataPushConfigPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<DataPushConfig>>(`${DATA_PUSH}/page`, request, { signal }),
  /** The only answer carrying the signing secret. */
  detail: (id: number) => http.get<DataPushConfigDetail>(`${DATA_PUSH}/detail`, { params: { id } }),
  /** Quiet: the form shows the server's message under the field it names. */
  insert: (body: DataPushConfigInsert) =>
    http.post<DataPushConfigDetail>(`${DATA_PUSH}/insert`, body, { quiet: true }),
  update: (body: DataPushConfigUpdate) =>
    http.put<DataPushConfigDetail>(`${DATA_PUSH}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${DATA_PUSH}/delete`, { params: { id } }),
  /** Sends one signed test event now and answers how the receiver took it. */
  test: (id: number) => http.post<DataPushTestResult>(`${DATA_PUSH}/test`, { id }),
};
