import type { AccountInfo, LoginRequest } from '@coldchain/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { notify } from '../app/feedback.ts';
import { queryClient } from '../app/query-client.ts';
import { beginLogout, currentPath, endSession, setToken } from '../app/session.ts';
import { useToken } from '../app/use-session.ts';
import { ApiError, type ApiErrorKind, http } from './http.ts';

const TRANSPORT_FAILURES = new Set<ApiErrorKind>(['aborted', 'network', 'timeout']);

export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
};

/** loginType 1 password, 2 verification code, 4 the query-string login of 000 §3; captcha when asked. */
export type LoginBody = LoginRequest;

/** Signs in and keeps the token; the caller shows failures (the login page shows the server's words). */
export async function login(body: LoginBody): Promise<string> {
  const data = await http.post<{ token: string }>('/base/BaseAccount/login', body, { quiet: true });
  setToken(data.token);
  return data.token;
}

async function fetchAccountInfo(signal: AbortSignal): Promise<AccountInfo> {
  try {
    const info = await http.get<AccountInfo | null>('/base/BaseAccount/accountInfo', {
      params: { timeStamp: Date.now() },
      signal,
      quiet: true,
    });
    // The spec's own wording for an answer without permissions (000 §6).
    if (!info || !Array.isArray(info.permissionRoutes))
      throw new Error('getInfo: roles must be a non-null array!');
    return info;
  } catch (error) {
    // Already handled (the session ended), cut off, or the network is down: nothing says the
    // account is gone, so the session stays and the page offers a reload.
    if (error instanceof ApiError && (error.endedSession || TRANSPORT_FAILURES.has(error.kind))) throw error;
    // 000 §8: account info fails -> warning notice of logout, forced logout.
    notify('warning', i18next.t('errors.logout'), i18next.t('errors.accountInfoFailed'));
    endSession({ redirect: currentPath() });
    throw error;
  }
}

/** Account info is loaded once per session and reloaded explicitly (after a profile change). */
export const accountInfoQuery = () =>
  queryOptions({
    queryKey: accountKeys.info(),
    queryFn: ({ signal }) => fetchAccountInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAccountInfo(options: { enabled?: boolean } = {}) {
  const token = useToken();
  return useQuery({ ...accountInfoQuery(), enabled: (options.enabled ?? true) && token !== null });
}

/** Login, then load permissions before the caller navigates (000 §2.10). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.prefetchQuery(accountInfoQuery()),
  });
}

/** Logout always completes: the token goes even if the call fails (000 §4). */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      beginLogout();
      try {
        await http.get<null>('/base/BaseAccount/loginOut', { quiet: true });
      } catch {
        // The server may be unreachable or the session already gone; this side still signs out.
      }
    },
    onSettled: () => endSession({ area: window.location.pathname, logout: true }),
  });
}
