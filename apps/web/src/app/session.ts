import { TOKEN_STORAGE_KEY } from '@coldchain/shared';
import { HOME_PATH, LOGIN_PATHS } from './constants.ts';
import { queryClient } from './query-client.ts';
import { loginPathFor } from './redirects.ts';

/**
 * The session is the token in local storage under Access-Token (000 §4); account data lives in the
 * query cache. Navigation is bound by the router so code outside React can send the user to login.
 */
let navigate: (to: string) => void = (to) => window.location.assign(to);
let ending = false;
/** The session ending now asked to come back to its page after the next sign-in. */
let endingReturns = true;
/** A logout is under way: calls refused meanwhile are expected, not a reason to end it differently. */
let loggingOut = false;
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

export function bindNavigate(fn: (to: string) => void): void {
  navigate = fn;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: components follow the token as it comes and goes. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called when a session ends on this tab, after the cache is dropped (tabs, scene, timers reset). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
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
  emit();
}

/** Forgets the token without leaving the page (the inactivity modal stays until OK reloads). */
export function forgetToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  emit();
}

const isLoginPath = (path: string) =>
  LOGIN_PATHS.some((login) => path === login || path.startsWith(`${login}?`));

/** Only same-site paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(value: string | null | undefined, fallback: string = HOME_PATH): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (isLoginPath(value)) return fallback;
  return value;
}

/** The login page of the path's area, remembering where to come back to; `/` stays readable. */
export function loginPath(redirect?: string): string {
  const target = redirect ?? '/';
  const login = loginPathFor(target.split('?')[0] ?? '/');
  if (target === '/' || isLoginPath(target)) return login;
  return `${login}?redirect=${encodeURIComponent(target).replaceAll('%2F', '/')}`;
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Ends the session on this tab: forgets the token at once (so no further call carries it), then after
 * `delayMs` goes to the area's login (of `redirect`, else of `area`) and drops cached account data. Always completes, whatever the
 * server said (000 §4). Repeated calls while one is under way do nothing, so a burst of 401s
 * redirects once.
 */
export function endSession(
  options: { redirect?: string; delayMs?: number; area?: string; logout?: boolean } = {},
): void {
  if (ending || (loggingOut && !options.logout)) return;
  ending = true;
  endingReturns = Boolean(options.redirect);
  loggingOut = false;
  forgetToken();
  const go = () => {
    // A plain logout carries no redirect but still lands on its area's login page.
    navigate(options.redirect ? loginPath(options.redirect) : loginPathFor(options.area ?? '/'));
    // After the navigation has rendered, so the signed-in screens do not refetch on their way out.
    // The session stays "ended" until the next sign-in (setToken): a call still in flight that comes
    // back refused while a lazy login route loads must not end it a second time, with a redirect.
    setTimeout(() => {
      queryClient.clear();
      for (const listener of endListeners) listener();
    }, 0);
  };
  if (options.delayMs) setTimeout(go, options.delayMs);
  else go();
}

/** The user asked to log out: until endSession({ logout: true }), other endings are ignored. */
export function beginLogout(): void {
  loggingOut = true;
}

/** Whether a page that finds no session should offer to come back to it after login. */
export function returnsAfterLogin(): boolean {
  return !ending || endingReturns;
}

/** The session is ending on this tab: failures of calls still in flight need no notice. */
export function isEnding(): boolean {
  return ending || loggingOut;
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
