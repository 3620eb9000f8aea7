import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_NOTICE_SECONDS } from '../app/constants.ts';
import { notify } from '../app/feedback.ts';
import enUS from '../locales/en-US/common.json';
import { ApiError, fetchFile, upload } from './http.ts';

vi.mock('../app/feedback.ts', () => ({ notify: vi.fn() }));
vi.mock('../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));
vi.mock('../app/session.ts', () => ({
  getToken: vi.fn(() => 'token-1'),
  endSession: vi.fn(),
  currentPath: vi.fn(() => '/product/deviceType'),
  isEnding: () => false,
}));

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { common: enUS } }, defaultNS: 'common' });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
});

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

describe('file downloads', () => {
  it('takes a JSON file named by Content-Disposition as a file, sending the body and the token', async () => {
    fetchMock.mockResolvedValue(
      json(
        { format: 'coldchain.deviceType', version: 1 },
        {
          'content-disposition': 'attachment; filename="device-type-8A01.json"',
        },
      ),
    );
    const file = await fetchFile('POST', '/device/Device/export', { body: { ids: [1, 2] } });
    expect(file.name).toBe('device-type-8A01.json');
    expect(JSON.parse(await file.blob.text())).toEqual({ format: 'coldchain.deviceType', version: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/device/Device/export');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"ids":[1,2]}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Content-Type': 'application/json',
    });
  });

  it('reads a JSON answer without a file name as the envelope: the refusal is shown', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 4101, msg: 'Batch operations need devices of one type', data: null }),
    );
    const failure = await fetchFile('GET', '/device/DeviceType/export', { params: { id: 3 } }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ kind: 'business', code: 4101 });
    expect(notify).toHaveBeenCalledWith(
      'error',
      enUS.errors.title,
      'Batch operations need devices of one type',
      ERROR_NOTICE_SECONDS,
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/device/DeviceType/export?id=3');
  });

  it('a success envelope where a file was expected is the file-failed notice', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'ok', data: null }));
    await expect(fetchFile('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify).toHaveBeenCalledWith('error', enUS.errors.fileFailed, undefined, ERROR_NOTICE_SECONDS);
  });

  it('a network failure is the network notice', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchFile('GET', '/x')).rejects.toMatchObject({ kind: 'network' });
    expect(notify).toHaveBeenCalledWith('error', enUS.errors.network, undefined, ERROR_NOTICE_SECONDS);
  });
});

describe('uploads', () => {
  it('sends the multipart form as is and unwraps the answer', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'ok', data: { id: 9 } }));
    const form = new FormData();
    form.append('file', new Blob(['{}'], { type: 'application/json' }), 'type.json');
    await expect(upload('/device/DeviceType/import', form)).resolves.toEqual({ id: 9 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/device/DeviceType/import');
    expect(init?.body).toBe(form);
    // The browser writes the multipart boundary: no Content-Type of ours.
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
  });

  it('shows a refused upload with the server message', async () => {
    fetchMock.mockResolvedValue(json({ code: 1001, msg: 'Type code: must be …', data: { fields: [] } }));
    const form = new FormData();
    await expect(upload('/device/DeviceType/import', form)).rejects.toMatchObject({ code: 1001 });
    expect(notify).toHaveBeenCalledWith(
      'error',
      enUS.errors.title,
      'Type code: must be …',
      ERROR_NOTICE_SECONDS,
    );
  });
});
