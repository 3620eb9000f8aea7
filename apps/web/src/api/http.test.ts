import { HTTP_TIMEOUT_MS } from '@coldchain/shared';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_NOTICE_SECONDS, SESSION_END_REDIRECT_MS } from '../app/constants.ts';
import { notify } from '../app/feedback.ts';
import { currentPath, endSession } from '../app/session.ts';
import enUS from '../locales/en-US/common.json';
import { ApiError, fetchPdf, fileNameFromDisposition, http } from './http.ts';

vi.mock('../app/feedback.ts', () => ({ notify: vi.fn() }));
vi.mock('../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));
vi.mock('../app/session.ts', () => ({
  getToken: vi.fn(() => 'token-1'),
  endSession: vi.fn(),
  currentPath: vi.fn(() => '/home'),
  isEnding: () => false,
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

  it('an answer whose body is cut off on its way is a network failure, not a missing envelope', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"code":0,"msg":"ok","da'));
        controller.error(new TypeError('network error'));
      },
    });
    fetchMock.mockResolvedValueOnce(
      new Response(cut, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(http.get('/base/BaseAccount/accountInfo', { quiet: true })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(endSession).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('HTTP 401 on the login-result page leaves the session to that page', async () => {
    vi.mocked(currentPath).mockReturnValue('/user/login-result?code=x');
    fetchMock.mockResolvedValue(answer({ code: 401, msg: 'Please log in', data: null }, 401));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(endSession).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    vi.mocked(currentPath).mockReturnValue('/home');
  });

  it('a business failure of a quiet call shows nothing; HTTP 404 of an unknown call too', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1004, msg: 'Not found', data: null }, 404));
    await expect(http.get('/device/missing', { quiet: true })).rejects.toMatchObject({ kind: 'business' });
    expect(notify).not.toHaveBeenCalled();
    expect(endSession).not.toHaveBeenCalled();
  });
});

describe('PDF downloads', () => {
  it('reads the file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="cert-12.pdf"')).toBe('cert-12.pdf');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AF%81%E4%B9%A6.pdf")).toBe('证书.pdf');
    expect(fileNameFromDisposition('attachment; filename=report.PDF')).toBe('report.PDF');
    expect(fileNameFromDisposition('inline')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('takes a .pdf file and refuses any other name with the file-failed notice', async () => {
    const pdf = (name: string) =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${name}"`,
        },
      });
    fetchMock.mockResolvedValueOnce(pdf('cert.pdf'));
    const file = await fetchPdf('/calibration/Application/download', { applicationId: 3 });
    expect(file.name).toBe('cert.pdf');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/calibration/Application/download?applicationId=3');

    fetchMock.mockResolvedValueOnce(pdf('cert.exe'));
    await expect(fetchPdf('/calibration/Application/download')).rejects.toMatchObject({ kind: 'http' });
    expect(notify).toHaveBeenLastCalledWith(
      'error',
      enUS.errors.fileFailed,
      enUS.errors.notPdf,
      ERROR_NOTICE_SECONDS,
    );
  });

  it('shows the server message of an error answer (a cancelled order)', async () => {
    fetchMock.mockResolvedValueOnce(answer({ code: 3008, msg: 'This order has been cancelled', data: null }));
    await expect(fetchPdf('/calibration/Application/download')).rejects.toMatchObject({
      kind: 'business',
      code: 3008,
    });
    expect(notify).toHaveBeenLastCalledWith(
      'error',
      enUS.errors.title,
      'This order has been cancelled',
      ERROR_NOTICE_SECONDS,
    );
  });
});
