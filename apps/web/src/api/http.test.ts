import { HTTP_TIMEOUT_MS } from '@coldchain/shared';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_NOTICE_SECONDS, SESSION_END_REDIRECT_MS } from '../app/constants.ts';
import { notify } from '../app/feedback.ts';
import { endSession } from '../app/session.ts';
import enUS from '../locales/en-US/common.json';
import { ApiError, http } from './http.ts';

vi.mock('../app/feedback.ts', () => ({ notify: vi.fn() }));
vi.mock('../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));
vi.mock('../app/session.ts', () => ({
  getToken: vi.fn(() => 'token-1'),
  endSession: vi.fn(),
  currentPath: () => '/home',
}));

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers every pending call when told to, and rejects like the browser on abort. */
function deferredFetch() {
  const pending: Array<(response: Response) => void> = [];
  fetchMock.mockImplementation(
    (_url, init) =>
      new Promise<Response>((resolve, reject) => {
        pending.push(resolve);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return (response: () => Response) => {
    for (const resolve of pending.splice(0)) resolve(response());
  };
}

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { common: enUS } }, defaultNS: 'common' });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  fetchMock.mockReset();
});

describe('http client', () => {
  it('unwraps code 0 and sends the token, the language and the params', async () => {
    fetchMock.mockResolvedValue(answer({ code: 0, msg: 'ok', data: { a: 1 } }));
    await expect(
      http.get('/base/X/y', { params: { topDomain: 'localhost', skip: undefined } }),
    ).resolves.toEqual({
      a: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/base/X/y?topDomain=localhost');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Accept-Language': 'en-US' });
  });

  it('rejects other codes with the server message, shown for 4 s unless quiet', async () => {
    fetchMock.mockResolvedValue(answer({ code: 2001, msg: 'Wrong user name or password', data: null }));
    const failure = await http.post('/base/BaseAccount/login', { userName: 'a' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'business', code: 2001, message: 'Wrong user name or password' });
    expect(notify).toHaveBeenCalledWith(
      'error',
      enUS.errors.title,
      'Wrong user name or password',
      ERROR_NOTICE_SECONDS,
    );

    vi.mocked(notify).mockClear();
    await http.post('/base/BaseAccount/login', { userName: 'b' }, { quiet: true }).catch(() => undefined);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends one request for identical calls in flight and answers both', async () => {
    const release = deferredFetch();
    const first = http.post('/p', { x: 1 });
    const second = http.post('/p', { x: 1 });
    const other = http.post('/p', { x: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    release(() => answer({ code: 0, msg: 'ok', data: 'done' }));
    await expect(Promise.all([first, second, other])).resolves.toEqual(['done', 'done', 'done']);
  });

  it('a caller that aborts leaves the shared call to the others; the last one out cancels it', async () => {
    const release = deferredFetch();
    const leaving = new AbortController();
    const staying = http.get('/q', { signal: new AbortController().signal });
    const gone = http.get('/q', { signal: leaving.signal });
    leaving.abort();
    await expect(gone).rejects.toMatchObject({ kind: 'aborted' });
    release(() => answer({ code: 0, msg: 'ok', data: 7 }));
    await expect(staying).resolves.toBe(7);

    deferredFetch();
    const alone = new AbortController();
    const call = http.get('/r', { signal: alone.signal });
    alone.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    expect(fetchMock.mock.calls.at(-1)?.[1]?.signal?.aborted).toBe(true);
  });

  it('code 2010 shows the notice and ends the session after 1.5 s', async () => {
    fetchMock.mockResolvedValue(answer({ code: 2010, msg: 'Session ended', data: null }));
    await expect(http.get('/base/BaseAccount/accountInfo')).rejects.toMatchObject({ kind: 'session' });
    expect(notify).toHaveBeenCalledWith('warning', 'Session ended');
    expect(endSession).toHaveBeenCalledWith({ redirect: '/home', delayMs: SESSION_END_REDIRECT_MS });
  });

  it('HTTP 401 ends the session at once, even for a quiet call', async () => {
    fetchMock.mockResolvedValue(answer({ code: 401, msg: 'Please log in', data: null }, 401));
    await expect(http.get('/x', { quiet: true })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(endSession).toHaveBeenCalledWith({ redirect: '/home' });
  });

  it('HTTP 403 shows access denied with the server message', async () => {
    fetchMock.mockResolvedValue(answer({ code: 403, msg: 'No permission for this', data: null }, 403));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'forbidden', status: 403 });
    expect(notify).toHaveBeenCalledWith('error', enUS.errors.forbidden, 'No permission for this');
  });

  it('HTTP 500, network failures and timeouts become notices', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 500, msg: 'Server error', data: null }, 500));
    await expect(http.get('/a')).rejects.toMatchObject({ kind: 'server' });
    expect(notify).toHaveBeenLastCalledWith('error', enUS.errors.code500, undefined, ERROR_NOTICE_SECONDS);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/b')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenLastCalledWith('error', enUS.errors.network, undefined, ERROR_NOTICE_SECONDS);

    vi.useFakeTimers();
    deferredFetch();
    const slow = http.get('/c');
    vi.advanceTimersByTime(HTTP_TIMEOUT_MS);
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
    expect(notify).toHaveBeenLastCalledWith('error', enUS.errors.timeout, undefined, ERROR_NOTICE_SECONDS);
  });
});
