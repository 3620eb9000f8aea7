import { type Envelope, HTTP_TIMEOUT_MS, SESSION_ENDED_CODE } from '@coldchain/shared';
import i18next from 'i18next';
import { ERROR_NOTICE_SECONDS, SESSION_END_REDIRECT_MS } from '../app/constants.ts';
import { notify } from '../app/feedback.ts';
import { currentLocale } from '../app/i18n.ts';
import { currentPath, endSession, getToken, isEnding } from '../app/session.ts';

/** Every API path of the spec is relative to /api (000 §7). */
export const API_BASE = '/api';

/**
 * Why a call failed. `session`, `unauthorized` and `forbidden` have already ended the session;
 * the rest have already been shown to the user unless the call was `quiet`.
 */
export type ApiErrorKind =
  | 'business'
  | 'session'
  | 'unauthorized'
  | 'forbidden'
  | 'server'
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The envelope code, when the server answered one. */
    readonly code: number | null = null,
    readonly status: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  /** The session has been ended by this failure; callers need not do anything more. */
  get endedSession(): boolean {
    return this.kind === 'session' || this.kind === 'unauthorized' || this.kind === 'forbidden';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows failures itself: no generic notice. Session handling applies regardless. */
  quiet?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface InFlight {
  key: string;
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
  /** Notices are shown unless every caller sharing the call asked for quiet. */
  quiet: boolean;
}

/**
 * Calls in flight, keyed by method, path, params and body (000 §7). A duplicate of a pending call is
 * not sent: it waits for the pending one and gets the same answer, and notices are shown once.
 */
const inFlight = new Map<string, InFlight>();

function buildUrl(path: string, params: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/**
 * The body as JSON, or null when it is not JSON. A body cut off on its way (the page being left, the
 * connection dropped) rejects like the fetch itself: read as "no envelope", it would end the session.
 */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const t = (key: 'generic' | 'network' | 'timeout' | 'code500' | 'forbidden' | 'unauthorized' | 'title') =>
  i18next.t(`errors.${key}`);

/**
 * Calls cut off because the page is being left are not failures: no notice, no logout. The browser
 * rejects them like a network error, so the page's own unload is tracked.
 */
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    unloading = true;
  });
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

/** The page third-party logins come back to (route loginResult). */
export const LOGIN_RESULT_PATH = '/user/login-result';
const onLoginResultPage = () => currentPath().split('?')[0] === LOGIN_RESULT_PATH;

/** Maps an answer to data or an ApiError, ending the session and showing notices as 000 §8 says. */
function interpret(response: Response, body: unknown, call: InFlight): unknown {
  const envelope = isEnvelope(body) ? body : null;
  const serverMsg = envelope?.msg || undefined;
  if (response.status === 401) {
    // 000 §8: without the login-result flag, log out and redirect; the login-result page (third-party
    // sign-in coming back) shows the failure itself.
    if (!onLoginResultPage() && !isEnding()) {
      notify('warning', t('unauthorized'), serverMsg);
      endSession({ redirect: currentPath() });
    }
    throw new ApiError('unauthorized', serverMsg ?? t('unauthorized'), envelope?.code ?? 401, 401);
  }
  if (response.status === 403) {
    notify('error', t('forbidden'), serverMsg);
    // 000 §8: access denied also ends the session, so the next login loads the current permissions.
    if (getToken()) endSession({ redirect: currentPath() });
    throw new ApiError('forbidden', serverMsg ?? t('forbidden'), envelope?.code ?? 403, 403);
  }
  if (response.status >= 500) {
    if (!call.quiet) notify('error', t('code500'), undefined, ERROR_NOTICE_SECONDS);
    throw new ApiError('server', t('code500'), envelope?.code ?? null, response.status);
  }
  if (!envelope) {
    const message = t('generic');
    if (!call.quiet) notify('error', t('title'), message, ERROR_NOTICE_SECONDS);
    throw new ApiError('http', message, null, response.status);
  }
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === SESSION_ENDED_CODE) {
    const message = serverMsg ?? i18next.t('errors.sessionEnded');
    notify('warning', message);
    endSession({ redirect: currentPath(), delayMs: SESSION_END_REDIRECT_MS });
    throw new ApiError('session', message, envelope.code, response.status);
  }
  const message = serverMsg ?? t('generic');
  if (!call.quiet) notify('error', t('title'), message, ERROR_NOTICE_SECONDS);
  throw new ApiError('business', message, envelope.code, response.status, envelope.data);
}

function send(method: Method, url: string, body: string | undefined, call: InFlight): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    call.controller.abort();
  }, HTTP_TIMEOUT_MS);
  const run = async () => {
    let response: Response;
    let parsed: unknown;
    try {
      response = await fetch(url, { method, headers, body, signal: call.controller.signal });
      parsed = await readJson(response);
    } catch {
      if (unloading) throw new ApiError('aborted', 'aborted');
      if (timedOut) {
        if (!call.quiet) notify('error', t('timeout'), undefined, ERROR_NOTICE_SECONDS);
        throw new ApiError('timeout', t('timeout'));
      }
      if (call.controller.signal.aborted) throw new ApiError('aborted', 'aborted');
      if (!call.quiet) notify('error', t('network'), undefined, ERROR_NOTICE_SECONDS);
      throw new ApiError('network', t('network'));
    } finally {
      clearTimeout(timer);
    }
    return interpret(response, parsed, call);
  };
  return run();
}

/** Follows a shared call; a caller's own abort rejects only that caller, and the last one out cancels. */
function follow<T>(call: InFlight, signal: AbortSignal | undefined): Promise<T> {
  const shared = call.promise as Promise<T>;
  if (!signal) return shared;
  if (signal.aborted) {
    leave(call);
    return Promise.reject(new ApiError('aborted', 'aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      leave(call);
      reject(new ApiError('aborted', 'aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function leave(call: InFlight): void {
  call.callers -= 1;
  if (call.callers > 0) return;
  // Nobody waits any more: cancel it, and let a later identical call start afresh.
  if (inFlight.get(call.key) === call) inFlight.delete(call.key);
  call.controller.abort();
}

/** One API call: envelope unwrapped to its data, failures handled per the error catalogue. */
export function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.params);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const key = `${method} ${url} ${body ?? ''}`;
  let call = inFlight.get(key);
  if (call) {
    call.quiet = call.quiet && options.quiet === true;
  } else {
    const fresh: InFlight = {
      key,
      promise: Promise.resolve(),
      controller: new AbortController(),
      callers: 0,
      quiet: options.quiet === true,
    };
    fresh.promise = send(method, url, body, fresh).finally(() => {
      if (inFlight.get(key) === fresh) inFlight.delete(key);
    });
    // Rejections reach every caller through follow(); this keeps the shared copy from being "unhandled".
    fresh.promise.catch(() => undefined);
    inFlight.set(key, fresh);
    call = fresh;
  }
  call.callers += 1;
  return follow<T>(call, options.signal);
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};

/**
 * The file name of a download from its Content-Disposition header: RFC 5987 `filename*` first, then
 * `filename`. Answers null when there is none.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : null;
}

export interface PdfFile {
  name: string;
  blob: Blob;
}

/**
 * Downloads a PDF (the calibration certificate of 000 §7): the name comes from Content-Disposition
 * and must end in .pdf, otherwise the file-failed notice is shown (000 §5, §8). Error answers in the
 * envelope (a cancelled order) are handled like any other call.
 */
export async function fetchPdf(path: string, params?: Record<string, QueryValue>): Promise<PdfFile> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const call: InFlight = {
    key: '',
    promise: Promise.resolve(),
    controller: new AbortController(),
    callers: 1,
    quiet: false,
  };
  const timer = setTimeout(() => call.controller.abort(), HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, params), { headers, signal: call.controller.signal });
  } catch {
    const timedOut = call.controller.signal.aborted;
    notify('error', t(timedOut ? 'timeout' : 'network'), undefined, ERROR_NOTICE_SECONDS);
    throw new ApiError(timedOut ? 'timeout' : 'network', t(timedOut ? 'timeout' : 'network'));
  } finally {
    clearTimeout(timer);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    interpret(response, await readJson(response), call);
    // An envelope with code 0 where a file was expected is no file either.
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'));
  if (!name?.toLowerCase().endsWith('.pdf')) {
    notify('error', i18next.t('errors.fileFailed'), i18next.t('errors.notPdf'), ERROR_NOTICE_SECONDS);
    throw new ApiError('http', i18next.t('errors.notPdf'), null, response.status);
  }
  return { name, blob: await response.blob() };
}

/** Saves a fetched PDF under its own name. */
export function saveFile(file: PdfFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file the server sent: its name from Content-Disposition and its bytes. */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

/** One call outside the shared in-flight map (files and uploads are never deduplicated). */
async function fetchOnce(url: string, init: RequestInit, call: InFlight): Promise<Response> {
  const timer = setTimeout(() => call.controller.abort(), HTTP_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: call.controller.signal });
  } catch {
    if (unloading) throw new ApiError('aborted', 'aborted');
    const timedOut = call.controller.signal.aborted;
    notify('error', t(timedOut ? 'timeout' : 'network'), undefined, ERROR_NOTICE_SECONDS);
    throw new ApiError(timedOut ? 'timeout' : 'network', t(timedOut ? 'timeout' : 'network'));
  } finally {
    clearTimeout(timer);
  }
}

function standaloneCall(): InFlight {
  return { key: '', promise: Promise.resolve(), controller: new AbortController(), callers: 1, quiet: false };
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Downloads a file (a device type's JSON, a device workbook). An answer is a file only when
 * Content-Disposition names one: a JSON file and a JSON refusal share a content type, so anything
 * without a name is read as an envelope and handled like any other call (000 §8).
 */
export async function fetchFile(
  method: 'GET' | 'POST',
  path: string,
  options: { params?: Record<string, QueryValue>; body?: unknown } = {},
): Promise<DownloadedFile> {
  const headers = authHeaders();
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const call = standaloneCall();
  const response = await fetchOnce(
    buildUrl(path, options.params),
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    call,
  );
  const name = fileNameFromDisposition(response.headers.get('content-disposition'));
  if (!response.ok || !name) {
    interpret(response, await readJson(response), call);
    // A success envelope where a file was expected is no file either.
    notify('error', i18next.t('errors.fileFailed'), undefined, ERROR_NOTICE_SECONDS);
    throw new ApiError('http', i18next.t('errors.fileFailed'), null, response.status);
  }
  return { name, blob: await response.blob() };
}

/** Sends a multipart form (file uploads); the answer is an envelope like any other call's. */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  const call = standaloneCall();
  // No Content-Type: the browser writes the multipart boundary itself.
  const response = await fetchOnce(
    buildUrl(path, undefined),
    { method: 'POST', headers: { Accept: 'application/json', ...authHeaders() }, body: form },
    call,
  );
  return interpret(response, await readJson(response), call) as T;
}
