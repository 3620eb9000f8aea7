import {
  type CurrentNotice,
  NOTICE_PLATFORM_WEB,
  NOTICE_TYPE_SYSTEM,
  type Notice,
  type NoticeInsert,
  type NoticePageRequest,
  type NoticeUpdate,
  type PageResponse,
} from '@coldchain/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { NOTICE_CAMP } from '../app/edition.ts';
import { http } from './http.ts';

export const noticeKeys = { current: ['notice', 'current'] as const };

/** The notice for this account, once per session (000 §2.11); failures stay silent. */
export function useCurrentNotice(enabled: boolean) {
  return useQuery({
    queryKey: noticeKeys.current,
    queryFn: ({ signal }) =>
      http.get<CurrentNotice | null>('/base/BaseNotice/getNotice', {
        params: {
          noticeCamp: NOTICE_CAMP,
          noticePlatform: NOTICE_PLATFORM_WEB,
          noticeType: NOTICE_TYPE_SYSTEM,
        },
        signal,
        quiet: true,
      }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "Do not remind me": kept on the server per account and notice id. */
export function useDismissNotice() {
  return useMutation({
    mutationFn: (noticeId: number) =>
      http.post<null>('/base/BaseNotice/dismiss', { noticeId }, { quiet: true }),
  });
}

/** The back office's notice list (notice.list:*). */
export const noticeAdmin = {
  page: (request: NoticePageRequest, signal: AbortSignal) =>
    http.post<PageResponse<Notice>>('/base/BaseNotice/page', request, { signal }),
  insert: (body: NoticeInsert) => http.post<Notice>('/base/BaseNotice/insert', body),
  update: (body: NoticeUpdate) => http.put<Notice>('/base/BaseNotice/update', body),
  remove: (id: number) => http.delete<null>('/base/BaseNotice/delete', { params: { id } }),
};
