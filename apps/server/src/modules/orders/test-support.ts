import type { FastifyInstance } from 'fastify';
import { call } from '../../test/harness.ts';
import { createServiceOrder, type PurchaseWorld } from '../payments/test-support.ts';

/** A service order of the buyer's device, paid through the sandbox payer page like a real payer; its id. */
export async function paidServiceOrder(
  app: FastifyInstance,
  token: string,
  world: PurchaseWorld,
  deviceId: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await createServiceOrder(app, token, world, deviceId, overrides);
  if (created.code !== 0) throw new Error(`order creation failed: ${created.msg}`);
  const payToken = new URL(created.data.payQrCode).searchParams.get('token') ?? '';
  const paid = await call<{ payStatus: number }>(app, 'POST', '/api/payment/sandbox/pay', {
    body: { orderId: Number(created.data.orderId), token: payToken, outcome: 'pay' },
  });
  if (paid.data?.payStatus !== 2) throw new Error(`sandbox payment failed: ${paid.msg}`);
  return created.data.orderId;
}

/** An unpaid service order of the buyer's device; its id. */
export async function unpaidServiceOrder(
  app: FastifyInstance,
  token: string,
  world: PurchaseWorld,
  deviceId: number,
): Promise<string> {
  const created = await createServiceOrder(app, token, world, deviceId);
  if (created.code !== 0) throw new Error(`order creation failed: ${created.msg}`);
  return created.data.orderId;
}

/** A one-page PDF, as an operator would upload it. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A multipart body of fields then one file, for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; type: string },
) {
  const boundary = `----e3${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
