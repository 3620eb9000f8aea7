import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session.ts';

/** The token, following logins and logouts on this tab. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, getToken);
}
