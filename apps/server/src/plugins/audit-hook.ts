import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../audit/audit.service.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful mutating call writes an operation-log entry before its answer is sent, so a caller
 * never hears "done" for a change the trail does not show. Services that must commit the entry with
 * the change itself write it in their transaction and mark the note as recorded.
 */
export function registerAuditHook(app: FastifyInstance, audit: AuditService): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (!MUTATING.has(request.method) || config.audit === false || !request.routeOptions.url) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !payload.startsWith('{"code":0,'))
      return payload;
    const note = request.auditNote;
    if (note?.recorded) return payload;
    const actor =
      note?.actor ??
      (request.auth
        ? {
            id: request.auth.account.id,
            name: request.auth.account.userName,
            platformId: request.auth.account.platformId,
          }
        : null);
    await audit.append({
      platformId: actor?.platformId ?? request.platform?.id ?? null,
      accountId: actor?.id ?? null,
      accountName: actor?.name ?? null,
      action: config.action ?? `${request.method} ${request.routeOptions.url}`,
      entityType: note?.entityType ?? 'request',
      entityId: note?.entityId ?? null,
      oldValue: note?.oldValue,
      newValue: note?.newValue,
      sourceIp: request.ip,
    });
    return payload;
  });
}
