import fs from 'node:fs';
import {
  FIRMWARE_FILE_MAX_BYTES,
  idParamSchema,
  pageResponseSchema,
  softwareVersionInsertSchema,
  softwareVersionPageSchema,
  softwareVersionSchema,
  softwareVersionUpdateSchema,
  upgradeBatchResultSchema,
  upgradeBatchSchema,
  upgradeCandidatePageSchema,
  upgradeCandidateSchema,
  upgradeRecordPageSchema,
  upgradeRecordSchema,
  uploadedFileSchema,
} from '@coldchain/shared';
import { DEVICE_GUID_PATTERN } from '@coldchain/shared/device-protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { deviceCredentials } from '../../ingest/ingest.routes.ts';
import type { IngestService } from '../../ingest/ingest-service.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { presentCandidate, presentRecord, presentVersion } from './firmware.presenter.ts';
import type { FirmwareCaller, FirmwareService } from './firmware.service.ts';
import { readUpload } from './read-upload.ts';

const TAG = ['firmware'];
const VERSION = '/device/DeviceSoftwareVersion';
const RECORD = '/device/DeviceUpgradeRecord';

/** The signed-in operator; the default platform's back office reaches every platform's devices. */
export function firmwareCaller(request: FastifyRequest): FirmwareCaller {
  const { account } = requireAuth(request);
  return {
    accountId: account.id,
    userName: account.userName,
    scope:
      request.platform.isDefault === 1
        ? { kind: 'all' }
        : { kind: 'platform', platformId: account.platformId },
  };
}

/**
 * Firmware versions (product.version), online upgrades (operation.upgrade) and the device's own
 * download of its upgrade's file (device credentials, like HTTP ingest).
 */
export function firmwareRoutes(service: FirmwareService, ingest: IngestService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${VERSION}/page`,
      {
        config: { permission: 'product.version:query', audit: false },
        schema: {
          tags: TAG,
          body: softwareVersionPageSchema,
          response: okSchema(pageResponseSchema(softwareVersionSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.versionPage(request.body);
        return ok(request, { data: rows.map(presentVersion), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${VERSION}/upload`,
      {
        config: { permission: 'product.version:add', action: 'deviceSoftwareVersion.upload' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description: 'One file part: the firmware image, at most 20 MB. Answers the key the insert names.',
          response: okSchema(uploadedFileSchema),
        },
      },
      async (request) => {
        const { fileName, bytes } = await readUpload(request, FIRMWARE_FILE_MAX_BYTES);
        const stored = await service.files.save(bytes);
        const answer = { ...stored, fileName };
        request.auditNote = { entityType: 'firmwareFile', entityId: null, newValue: answer };
        return ok(request, answer);
      },
    );

    app.post(
      `${VERSION}/insert`,
      {
        config: { permission: 'product.version:add', action: 'deviceSoftwareVersion.insert' },
        schema: { tags: TAG, body: softwareVersionInsertSchema, response: okSchema(softwareVersionSchema) },
      },
      async (request) => {
        const row = presentVersion(
          await service.insertVersion(request.body, requireAuth(request).account.id),
        );
        request.auditNote = { entityType: 'deviceSoftwareVersion', entityId: row.id, newValue: row };
        return ok(request, row);
      },
    );

    app.put(
      `${VERSION}/update`,
      {
        config: { permission: 'product.version:edit', action: 'deviceSoftwareVersion.update' },
        schema: { tags: TAG, body: softwareVersionUpdateSchema, response: okSchema(softwareVersionSchema) },
      },
      async (request) => {
        const { before, after } = await service.updateVersion(request.body);
        request.auditNote = {
          entityType: 'deviceSoftwareVersion',
          entityId: after.id,
          oldValue: presentVersion(before),
          newValue: presentVersion(after),
        };
        return ok(request, presentVersion(after));
      },
    );

    app.delete(
      `${VERSION}/delete`,
      {
        config: { permission: 'product.version:delete', action: 'deviceSoftwareVersion.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.deleteVersion(request.query.id);
        request.auditNote = {
          entityType: 'deviceSoftwareVersion',
          entityId: row.id,
          oldValue: presentVersion(row),
        };
        return ok(request, null);
      },
    );

    // ---- online upgrade

    app.post(
      `${RECORD}/versions`,
      {
        config: { permission: 'operation.upgrade:query', audit: false },
        schema: {
          tags: TAG,
          description: 'The versions an upgrade may choose from (the same list as the version page).',
          body: softwareVersionPageSchema,
          response: okSchema(pageResponseSchema(softwareVersionSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.versionPage(request.body);
        return ok(request, { data: rows.map(presentVersion), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${RECORD}/candidates`,
      {
        config: { permission: 'operation.upgrade:query', audit: false },
        schema: {
          tags: TAG,
          body: upgradeCandidatePageSchema,
          response: okSchema(pageResponseSchema(upgradeCandidateSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.candidates(request.body, firmwareCaller(request));
        return ok(request, { data: rows.map(presentCandidate), start: request.body.start, totalCount });
      },
    );

    app.post(
      `${RECORD}/batchUpgrade`,
      {
        config: { permission: 'operation.upgrade:add', action: 'deviceUpgradeRecord.batchUpgrade' },
        schema: { tags: TAG, body: upgradeBatchSchema, response: okSchema(upgradeBatchResultSchema) },
      },
      async (request) => {
        const result = await service.batch(request.body, firmwareCaller(request));
        request.auditNote = {
          entityType: 'deviceUpgradeRecord',
          entityId: result.batchId,
          newValue: { ...request.body, ...result },
        };
        return ok(request, result);
      },
    );

    app.post(
      `${RECORD}/page`,
      {
        config: { permission: 'operation.upgrade:query', audit: false },
        schema: {
          tags: TAG,
          body: upgradeRecordPageSchema,
          response: okSchema(pageResponseSchema(upgradeRecordSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.recordPage(request.body, firmwareCaller(request));
        return ok(request, { data: rows.map(presentRecord), start: request.body.start, totalCount });
      },
    );

    app.get(
      `${RECORD}/detail`,
      {
        config: { permission: 'operation.upgrade:get', audit: false },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(upgradeRecordSchema) },
      },
      async (request) =>
        ok(request, presentRecord(await service.record(request.query.id, firmwareCaller(request)))),
    );

    // ---- the device's download (docs/protocol.md, online upgrade)

    app.get(
      '/mqtt-broker/transport/service/devices/:guid/firmware/:recordId',
      {
        config: { access: 'public', audit: false },
        schema: {
          tags: ['ingest'],
          security: [],
          description:
            'The firmware file of an open upgrade of this device; device credentials as for HTTP ingest.',
          params: z.object({
            guid: z.string().regex(DEVICE_GUID_PATTERN),
            recordId: z.coerce.number().int().positive(),
          }),
        },
      },
      async (request, reply) => {
        const credentials = deviceCredentials(request);
        if (!credentials) throw new AppError('unauthorized');
        const auth = await ingest.authenticate(credentials.guid, credentials.secret);
        if (!auth.ok) throw new AppError(auth.why === 'notAccepted' ? 'forbidden' : 'unauthorized');
        if (auth.device.guid !== request.params.guid) throw new AppError('forbidden');
        const { path, version } = await service.fileFor(auth.device, request.params.recordId);
        const stat = await fs.promises.stat(path).catch(() => null);
        if (!stat?.isFile()) throw new AppError('firmwareFileMissing');
        return reply
          .type('application/octet-stream')
          .header('content-length', stat.size)
          .header('x-firmware-version', version.value)
          .header('x-checksum-sha256', version.sha256)
          .header('cache-control', 'no-store')
          .send(fs.createReadStream(path));
      },
    );
  };
}
