import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionsService } from '../auth/sessions.service.ts';
import { AppError } from '../errors.ts';
import type { PermissionsService } from '../modules/roles/permissions.service.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const legacy = request.headers['access-token'];
  return typeof legacy === 'string' && legacy ? legacy : undefined;
}

/**
 * Resolves the session before validation, so an anonymous caller learns nothing about a route's rules,
 * then checks the route's permission key (HTTP 403 otherwise).
 */
export function registerAuth(
  app: FastifyInstance,
  sessions: SessionsService,
  permissions: PermissionsService,
) {
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const token = bearerToken(request);
    if (config.access === 'public') return;
    if (!token) {
      if (config.access === 'optional') return;
      throw new AppError('unauthorized');
    }
    let found: Awaited<ReturnType<SessionsService['authenticate']>>;
    try {
      found = await sessions.authenticate(token);
    } catch (error) {
      if (config.access === 'optional') return;
      throw error;
    }
    if (found.account.platformId !== request.platform.id) throw new AppError('unauthorized');
    const keys = await permissions.forAccount(found.account.roleCode, request.platform);
    request.auth = { ...found, permissions: keys };
    if (config.permission && !keys.includes(config.permission)) throw new AppError('forbidden');
  });
}

/** The signed-in caller; only for routes that require a session. */
export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}
