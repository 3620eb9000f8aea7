import { TOKEN_STORAGE_KEY } from '@coldchain/shared';
import { HOME_PATH, LOGIN_PATH } from './constants.ts';
import { queryClient } from './query-client.ts';

/**
 * The session is the token in local storage under Access-Token (000 §4); account data lives in the
 * query cache. Navigation is bound by the router so code outside React can send the user to login.
 */
let navigate: (to: string) => void = (to) => window.location.assign(to);
let ending = false;

export function bindNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  ending = false;
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** Only same-site paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return value;
}

/** The login page, remembering where to come back to; `/` is kept readable in the query. */
export function loginPath(redirect?: string): string {
  if (!redirect || redirect === '/' || redirect.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect).replaceAll('%2F', '/')}`;
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Ends the session on this tab: forgets the token at once (so no further call carries it), then after
 * `delayMs` goes to login and drops cached account data. Always completes, whatever the server said
 * (000 §4). Repeated calls while one is under way do nothing, so a burst of 401s redirects once.
 */
export function endSession(options: { redirect?: string; delayMs?: number } = {}): void {
  if (ending) return;
  ending = true;
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  const go = () => {
    navigate(loginPath(options.redirect));
    // After the navigation has rendered, so the signed-in screens do not refetch on their way out.
    setTimeout(() => {
      queryClient.clear();
      ending = false;
    }, 0);
  };
  if (options.delayMs) setTimeout(go, options.delayMs);
  else go();
}

/** A token changed in another tab (login, logout, another account): reload to follow it (000 §4). */
export function reloadOnTokenChangeElsewhere(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
    if (event.key !== null && event.oldValue === event.newValue) return;
    window.location.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
