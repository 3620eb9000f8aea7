import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionsRepo } from '../auth/sessions.repo.ts';
import { isProtected, type SessionsService } from '../auth/sessions.service.ts';
import { sha256 } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { HistoryRepo } from '../history/history.repo.ts';
import { type AlarmFeedItem, alarmFeedOf } from '../modules/alarms/alarm-feed.ts';
import type { DeviceCaller } from '../modules/devices/device-policy.ts';
import { loadDeviceGrants } from '../modules/permission-models/device-grants.ts';
import type { PermissionsService } from '../modules/roles/permissions.service.ts';
import type { TelemetryEventMap } from '../telemetry/telemetry-events.ts';
import { createFanout } from './fanout.ts';
import { LiveHub, type LiveSessions } from './live-hub.ts';

/** Largest message a client may send (auth and subscription lists), in bytes. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
/** Either of these lets a caller watch devices (console or back office); the policy decides which. */
const WATCH_PERMISSIONS = ['device.list:query', 'operation.device:query'];

interface PlatformRef {
  id: number;
  isDefault: number;
  styleModel: number;
}

/** Sessions for the live channel: the same checks as HTTP, and a liveness check that does not touch. */
function liveSessions(ctx: AppContext, sessions: SessionsService, permissions: PermissionsService) {
  const repo = new SessionsRepo(ctx.db);
  return (platform: PlatformRef, sourceIp: string): LiveSessions => ({
    async authenticate(token): Promise<DeviceCaller> {
      const { account } = await sessions.authenticate(token);
      if (account.platformId !== platform.id) throw new AppError('unauthorized');
      const keys = await permissions.forAccount(account.roleCode, platform);
      if (!WATCH_PERMISSIONS.some((k) => keys.includes(k))) throw new AppError('forbidden');
      return {
        accountId: account.id,
        userName: account.userName,
        platformId: account.platformId,
        platformIsDefault: platform.isDefault === 1,
        permissions: keys,
        temperatureUnit: account.temperatureUnit,
        sourceIp,
        grants: await loadDeviceGrants(ctx.db, account.id, ctx.clock.now().toISOString()),
      };
    },
    async alive(token): Promise<boolean> {
      const session = await repo.byTokenHash(sha256(token));
      const now = ctx.clock.now();
      if (!session || session.revokedAt || session.expiresAt <= now.toISOString()) return false;
      const found = await repo.accountWithProfile(session.accountId);
      if (!found || found.account.deletedFlag === 1) return false;
      const idleMs = now.getTime() - Date.parse(session.lastSeenAt);
      return !(isProtected(found.profile) && idleMs > ctx.config.inactivityTimeoutMs);
    },
    async refresh(caller): Promise<DeviceCaller> {
      return {
        ...caller,
        grants: await loadDeviceGrants(ctx.db, caller.accountId, ctx.clock.now().toISOString()),
      };
    },
  });
}

/**
 * Builds the node's live hub and feeds it what ingest commits on this node. With REDIS_URL the hub's
 * events travel over Redis, so a socket on any node sees readings ingested on any other.
 */
export function createLiveHub(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: SessionsService,
  permissions: PermissionsService,
  log: FastifyBaseLogger = app.log,
) {
  const repo = new HistoryRepo(ctx.db);
  const hub = new LiveHub(
    createFanout(ctx.config, log),
    {
      load: (ids) => repo.devicesWithProbes(ids),
      typeProbeParams: (deviceTypeId) => repo.typeProbeParams(deviceTypeId),
    },
    log,
  );
  const sessionsFor = liveSessions(ctx, sessions, permissions);
  const onReadings = (...[batch]: TelemetryEventMap['readings']) =>
    hub.publish({ type: 'readings', deviceId: batch.deviceId, readings: batch.readings });
  const onState = (...[state]: TelemetryEventMap['deviceState']) =>
    hub.publish({
      type: 'status',
      deviceId: state.deviceId,
      state: {
        status: state.status,
        lastSeenAt: state.lastSeenAt,
        battery: state.battery,
        signal: state.signal,
        latitude: state.latitude,
        longitude: state.longitude,
      },
    });
  ctx.telemetryEvents.on('readings', onReadings);
  ctx.telemetryEvents.on('deviceState', onState);
  // New and changed alarm messages reach the owner's console at once (alarm engine of this node).
  const alarms = alarmFeedOf(ctx.db);
  const onAlarm = ({ accountId, message }: AlarmFeedItem) =>
    hub.publish({ type: 'alarm', deviceId: message.deviceId ?? 0, accountId, message });
  alarms.on('message', onAlarm);
  app.addHook('onClose', async () => {
    ctx.telemetryEvents.off('readings', onReadings);
    ctx.telemetryEvents.off('deviceState', onState);
    alarms.off('message', onAlarm);
    await hub.close();
  });
  return { hub, sessionsFor };
}

/**
 * GET /api/ws (WebSocket). The session token travels in the first message, `{"type":"auth","token"}`,
 * never in the URL (URLs end up in logs); then `subscribe` / `unsubscribe` with device ids.
 */
export function realtimeRoutes(live: ReturnType<typeof createLiveHub>): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
    app.get(
      '/ws',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      (socket, request) => {
        live.hub.accept(socket, request.t, live.sessionsFor(request.platform, request.ip));
      },
    );
  };
}
