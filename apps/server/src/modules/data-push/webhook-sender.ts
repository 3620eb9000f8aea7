import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DATA_PUSH_TIMEOUT_MS } from '@coldchain/shared';
import { checkAddress } from './address-guard.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signBody } from './signature.ts';

export interface WebhookRequest {
  url: string;
  secret: string;
  allowPrivate: boolean;
  eventId: string;
  eventType: string;
  body: string;
  /** unix seconds of the signature */
  now: number;
}

export type WebhookOutcome =
  | { status: 'sent'; httpStatus: number }
  /** worth trying again: no answer, a timeout, a 5xx, 408 or 429, or another non-2xx */
  | { status: 'failed'; httpStatus: number | null; error: string }
  /** never worth trying again with this configuration: the address is not allowed or does not resolve */
  | { status: 'refused'; httpStatus: null; error: string };

/**
 * POSTs one signed event. The host is resolved and checked first, and the connection goes to that
 * very address (the lookup hook hands it back), so DNS cannot point the request elsewhere between
 * the check and the connect. Redirects are not followed.
 */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookOutcome> {
  const checked = await checkAddress(request.url, request.allowPrivate);
  if (!checked.ok)
    return {
      status: 'refused',
      httpStatus: null,
      error:
        checked.reason === 'private'
          ? `${checked.host} resolves to ${checked.address}, a private address`
          : `${checked.host} does not resolve`,
    };
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: checked.address, family: checked.family },
      ]);
    else callback(null, checked.address, checked.family);
  };
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<WebhookOutcome>((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: DATA_PUSH_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(request.body),
          'user-agent': 'Coldchain-Cloud-Webhook/1',
          [EVENT_HEADER]: request.eventType,
          [DELIVERY_HEADER]: request.eventId,
          [SIGNATURE_HEADER]: signBody(request.secret, request.body, request.now),
        },
      },
      (response) => {
        // Drain the answer so the socket is released; its content is not used.
        response.resume();
        response.on('end', () => {
          const code = response.statusCode ?? 0;
          resolve(
            code >= 200 && code < 300
              ? { status: 'sent', httpStatus: code }
              : { status: 'failed', httpStatus: code, error: `receiver answered HTTP ${code}` },
          );
        });
        response.on('error', (error) =>
          resolve({ status: 'failed', httpStatus: null, error: error.message }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${DATA_PUSH_TIMEOUT_MS} ms`)));
    outgoing.on('error', (error) => resolve({ status: 'failed', httpStatus: null, error: error.message }));
    outgoing.end(request.body);
  });
}
