import type { SimImportResult } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';

/** Helpers for the SIM and GUID tests. */

let iccCounter = 0;

/** An ICCID no other test process uses: the pid keeps parallel test files apart. */
export function nextIccId(): string {
  iccCounter += 1;
  return `8986${String(process.pid % 100_000).padStart(5, '0')}${String(iccCounter).padStart(10, '0')}`;
}

export function multipart(filename: string, content: Buffer, type = 'text/csv') {
  const boundary = `----coldchain${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function importSims(
  app: FastifyInstance,
  token: string,
  filename: string,
  content: Buffer | string,
  host?: string,
): Promise<{ status: number; code: number; msg: string; data: SimImportResult }> {
  const { payload, headers } = multipart(filename, Buffer.isBuffer(content) ? content : Buffer.from(content));
  const response = await app.inject({
    method: 'POST',
    url: '/api/device/DeviceSimCard/import',
    payload,
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      'accept-language': 'en-US',
      ...(host ? { host } : {}),
    },
  });
  return {
    status: response.statusCode,
    ...(JSON.parse(response.body) as { code: number; msg: string; data: SimImportResult }),
  };
}
