import crypto from 'node:crypto';

/** The header carrying the signature of a webhook body. */
export const SIGNATURE_HEADER = 'x-coldchain-signature';
/** The event's unique id; the same on every retry of one event. */
export const DELIVERY_HEADER = 'x-coldchain-delivery';
export const EVENT_HEADER = 'x-coldchain-event';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp is signed with the body,
 * so a receiver can refuse a replayed request older than its tolerance.
 */
export function signBody(secret: string, body: string, unixSeconds: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does with the header (published in docs/decisions.md; the tests use it): recompute
 * and compare in constant time, and refuse timestamps further than toleranceSeconds from now.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1;
  if (!Number.isInteger(t) || !given || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = signBody(secret, body, t).split('v1=')[1] ?? '';
  return (
    given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}
