import type { FastifyRequest } from 'fastify';

/** A per-route limit per source address and minute (route config `rateLimit`). */
export function perAddress(max: number) {
  return { max, timeWindow: '1 minute' };
}

/**
 * A per-route limit per signed-in account and minute, so that colleagues behind one address do not
 * share it. It runs after authentication (preHandler), when the account is known.
 */
export function perAccount(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `account:${request.auth.account.id}` : request.ip,
  };
}
