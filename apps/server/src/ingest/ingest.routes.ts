import { pageRequestSchema, pageResponseSchema } from '@coldchain/shared';
import {
  DEVICE_GUID_PATTERN,
  DEVICE_TOPICS,
  type DeviceCommandMessage,
  deviceTopic,
  MAX_PAYLOAD_BYTES,
  REJECT_REASONS,
  type UplinkKind,
} from '@coldchain/shared/device-protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { ok, okSchema } from '../http/envelope.ts';
import type { DirectoryDevice } from '../modules/devices/device-directory.ts';
import { requireAuth } from '../plugins/auth.ts';
import { IngestRepo } from './ingest.repo.ts';
import type { Ingest } from './ingest.ts';

const BASE = '/mqtt-broker/transport/service';

/** The device's GUID and secret: HTTP Basic (guid:secret) or the X-Device-Guid / X-Device-Secret headers. */
export function deviceCredentials(request: FastifyRequest): { guid: string; secret: string } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { guid: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    return undefined;
  }
  const guid = request.headers['x-device-guid'];
  const secret = request.headers['x-device-secret'];
  if (typeof guid === 'string' && typeof secret === 'string') return { guid, secret };
  return undefined;
}

const guidParams = z.object({ guid: z.string().regex(DEVICE_GUID_PATTERN) });
const storedSchema = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  events: z.number().int(),
  commandState: z.enum(['acked', 'failed']).nullable(),
});
const commandSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  payload: z.unknown(),
  createdAt: z.string(),
});
const rejectSchema = z.object({
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  reason: z.enum(REJECT_REASONS),
  count: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  lastTopic: z.string(),
  lastDetail: z.string(),
});
const rejectsQuerySchema = pageRequestSchema
  .pick({ start: true, pageSize: true })
  .extend({ deviceGuid: z.string().regex(DEVICE_GUID_PATTERN).optional() });
const statusSchema = z.object({
  mode: z.enum(['embedded', 'external', 'off']),
  port: z.number().int().nullable(),
  connectedClients: z.number().int().nullable(),
  messages: z.number().int(),
  rejected: z.number().int(),
  readingsStored: z.number().int(),
  duplicates: z.number().int(),
  batches: z.number().int(),
  failedBatches: z.number().int(),
});

/**
 * HTTP ingest for gateways and devices without MQTT (docs/protocol.md), mirroring the MQTT topics:
 * POST .../devices/{guid}/telemetry | events | commands/ack, GET .../devices/{guid}/commands; and two
 * back-office reads: refused payloads per device (rejects) and the transport's status.
 */
export function ingestRoutes(ctx: AppContext, ingest: Ingest): FastifyPluginAsyncZod {
  const repo = new IngestRepo(ctx.db);

  /** The authenticated device named by the path, or the HTTP answer that refuses it. */
  async function deviceOf(request: FastifyRequest, guid: string, topic: string): Promise<DirectoryDevice> {
    const credentials = deviceCredentials(request);
    if (!credentials) throw new AppError('unauthorized');
    const auth = await ingest.service.authenticate(credentials.guid, credentials.secret);
    if (!auth.ok) {
      if (auth.why === 'notAccepted') {
        const device = await ingest.service.current(credentials.guid);
        if (device) ingest.service.reject(device, topic, 'notAccepted', `use state ${device.useState}`);
        throw new AppError('forbidden');
      }
      throw new AppError('unauthorized');
    }
    if (auth.device.guid !== guid) {
      ingest.service.reject(auth.device, topic, 'foreignTopic', `logged in as ${auth.device.guid}`);
      throw new AppError('forbidden');
    }
    return auth.device;
  }

  return async (app) => {
    // Payloads are read as bytes and decoded by the same code as MQTT, so a malformed body is counted
    // against its device instead of being refused before anyone knows who sent it.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );

    const uplink = (suffix: string, kind: UplinkKind) =>
      app.post(
        `${BASE}/devices/:guid/${suffix}`,
        {
          bodyLimit: MAX_PAYLOAD_BYTES * 2,
          config: { access: 'public', audit: false },
          schema: {
            tags: ['ingest'],
            params: guidParams,
            response: okSchema(storedSchema),
          },
        },
        async (request) => {
          const topic = deviceTopic(request.params.guid, kind);
          const device = await deviceOf(request, request.params.guid, topic);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await ingest.service.handle(device, kind, topic, body);
          if (!result.ok) {
            throw new AppError(
              result.reason === 'oversized'
                ? 'payloadTooLarge'
                : result.reason === 'serviceLapsed'
                  ? 'deviceUploadLapsed'
                  : 'badRequest',
              {},
              {
                reason: result.reason,
                detail: result.detail,
              },
            );
          }
          return ok(request, result.outcome);
        },
      );
    uplink(DEVICE_TOPICS.telemetry, 'telemetry');
    uplink(DEVICE_TOPICS.events, 'events');
    uplink(DEVICE_TOPICS.commandAck, 'commandAck');
    uplink(DEVICE_TOPICS.upgrade, 'upgrade');

    app.get(
      `${BASE}/devices/:guid/commands`,
      {
        config: { access: 'public' },
        schema: { tags: ['ingest'], params: guidParams, response: okSchema(z.array(commandSchema)) },
      },
      async (request) => {
        const topic = deviceTopic(request.params.guid, 'commands');
        const device = await deviceOf(request, request.params.guid, topic);
        const commands: DeviceCommandMessage[] = await repo.takeCommands(
          device.id,
          ctx.clock.now().toISOString(),
        );
        return ok(request, commands);
      },
    );

    app.get(
      `${BASE}/rejects`,
      {
        config: { permission: 'operation.device:query' },
        schema: {
          tags: ['ingest'],
          querystring: rejectsQuerySchema,
          response: okSchema(pageResponseSchema(rejectSchema)),
        },
      },
      async (request) => {
        requireAuth(request);
        const platform = request.platform;
        const scope = platform.isDefault === 1 ? {} : { platformId: platform.id };
        const { rows, totalCount } = await repo.rejects(request.query, scope);
        return ok(request, { data: rows, start: request.query.start, totalCount });
      },
    );

    app.get(
      `${BASE}/status`,
      {
        config: { permission: 'operation.device:query' },
        schema: { tags: ['ingest'], response: okSchema(statusSchema) },
      },
      async (request) => ok(request, ingest.status()),
    );
  };
}
