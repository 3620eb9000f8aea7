import fs from 'node:fs';
import {
  ASSET_IMAGE_MAX_BYTES,
  type Asset,
  assetIdQuerySchema,
  assetImageSchema,
  assetInsertSchema,
  assetPageSchema,
  assetSchema,
  assetStateSchema,
  assetUpdateSchema,
  deviceBindingSchema,
  deviceRowSchema,
  ownedDevicePageSchema,
  pageResponseSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { nullData, ok, okSchema } from '../../http/envelope.ts';
import { mimeOf } from '../accounts/avatar-storage.ts';
import { DevicesRepo } from '../devices/devices.repo.ts';
import { callerOf } from '../devices/devices.routes.ts';
import { OrganizationsRepo } from '../organizations/organizations.repo.ts';
import { OrganizationsService } from '../organizations/organizations.service.ts';
import { ASSET_IMAGE_NAME_PATTERN } from './asset-images.ts';
import type { AssetRow } from './assets.repo.ts';
import { AssetsRepo } from './assets.repo.ts';
import { AssetsService } from './assets.service.ts';

const TAG = ['assets'];
const ASSET = '/device/DeviceComb';

function present(asset: AssetRow, canEdit: boolean, deviceCount: number): Asset {
  return {
    id: asset.id,
    combName: asset.combName,
    combTypeName: asset.combTypeName,
    combNum: asset.combNum,
    brand: asset.brand,
    model: asset.model,
    volume: asset.volume,
    organizationId: asset.organizationId,
    organizationName: asset.organizationName,
    desc: asset.description,
    customKeys: JSON.parse(asset.customKeys) as string[],
    customValues: JSON.parse(asset.customValues) as string[],
    combState: asset.combState,
    image: asset.image,
    deviceCount,
    canEdit,
    createdAt: asset.createdAt,
    updatedAt: asset.updatedAt,
  };
}

/** Reads the one uploaded file; the multipart reader stops at the size limit. */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file();
  if (!part) throw fieldError('file', 'rules.required');
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('fileTooLarge', { maxMb: ASSET_IMAGE_MAX_BYTES / (1024 * 1024) });
    throw error;
  }
}

/**
 * Assets (002 §3-§5). The spec names no path group for assets; their fields are named comb*, so the
 * calls sit under /device/DeviceComb (docs/decisions.md). Images are served like avatars.
 */
export function assetsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const devices = new DevicesRepo(ctx.db);
  const organizations = new OrganizationsService(ctx, new OrganizationsRepo(ctx.db), devices);
  const service = new AssetsService(ctx, new AssetsRepo(ctx.db), devices, organizations);
  const bindingResultSchema = z.object({ deviceIds: z.array(z.number().int()) });

  const detailOf = async (request: FastifyRequest, id: number) => {
    const { asset, canEdit } = await service.load(callerOf(request), id, 'query');
    const counts = await service.deviceCounts([asset.id]);
    return present(asset, canEdit, counts.get(asset.id) ?? 0);
  };

  return async (app) => {
    app.post(
      `${ASSET}/page`,
      {
        config: { permission: 'asset.list', audit: false },
        schema: { tags: TAG, body: assetPageSchema, response: okSchema(pageResponseSchema(assetSchema)) },
      },
      async (request) => {
        const { rows, counts, totalCount } = await service.page(callerOf(request), request.body);
        return ok(request, {
          data: rows.map((r) => present(r.asset, r.canEdit, counts.get(r.asset.id) ?? 0)),
          start: request.body.start,
          totalCount,
        });
      },
    );

    app.get(
      `${ASSET}/detail`,
      {
        config: { permission: 'asset.list' },
        schema: { tags: TAG, querystring: assetIdQuerySchema, response: okSchema(assetSchema) },
      },
      async (request) => ok(request, await detailOf(request, request.query.id)),
    );

    app.post(
      `${ASSET}/insert`,
      {
        config: { permission: 'asset.list', action: 'asset.insert' },
        schema: { tags: TAG, body: assetInsertSchema, response: okSchema(assetSchema) },
      },
      async (request) => {
        const id = await service.insert(callerOf(request), request.body);
        request.auditNote = { entityType: 'asset', entityId: id, newValue: request.body };
        return ok(request, await detailOf(request, id));
      },
    );

    app.put(
      `${ASSET}/update`,
      {
        config: { permission: 'asset.list', action: 'asset.update' },
        schema: { tags: TAG, body: assetUpdateSchema, response: okSchema(assetSchema) },
      },
      async (request) => {
        const change = await service.update(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'asset',
          entityId: request.body.id,
          oldValue: change.before,
          newValue: change.after,
        };
        return ok(request, await detailOf(request, request.body.id));
      },
    );

    app.delete(
      `${ASSET}/delete`,
      {
        config: { permission: 'asset.list', action: 'asset.delete' },
        schema: { tags: TAG, querystring: assetIdQuerySchema, response: okSchema(nullData) },
      },
      async (request) => {
        const asset = await service.delete(callerOf(request), request.query.id);
        request.auditNote = {
          entityType: 'asset',
          entityId: asset.id,
          oldValue: { combName: asset.combName },
        };
        return ok(request, null);
      },
    );

    app.put(
      `${ASSET}/updateState`,
      {
        config: { permission: 'asset.list', action: 'asset.updateState' },
        schema: { tags: TAG, body: assetStateSchema, response: okSchema(assetSchema) },
      },
      async (request) => {
        const change = await service.changeState(callerOf(request), request.body);
        request.auditNote = {
          entityType: 'asset',
          entityId: request.body.id,
          oldValue: change.before,
          newValue: change.after,
        };
        return ok(request, await detailOf(request, request.body.id));
      },
    );

    app.post(
      `${ASSET}/devicePage`,
      {
        config: { permission: 'asset.list', audit: false },
        schema: {
          tags: TAG,
          body: ownedDevicePageSchema,
          response: okSchema(pageResponseSchema(deviceRowSchema)),
        },
      },
      async (request) => ok(request, await service.devicePage(callerOf(request), request.body)),
    );

    for (const [path, bind] of [
      ['bindDevices', true],
      ['unbindDevices', false],
    ] as const) {
      app.put(
        `${ASSET}/${path}`,
        {
          config: { permission: 'asset.list', action: `asset.${path}` },
          schema: { tags: TAG, body: deviceBindingSchema, response: okSchema(bindingResultSchema) },
        },
        async (request) => {
          const caller = callerOf(request);
          const deviceIds = bind
            ? await service.bindDevices(caller, request.body)
            : await service.unbindDevices(caller, request.body);
          request.auditNote = {
            entityType: 'asset',
            entityId: request.body.id,
            newValue: { [path]: deviceIds },
          };
          return ok(request, { deviceIds });
        },
      );
    }

    app.post(
      `${ASSET}/uploadImage`,
      {
        config: { permission: 'asset.list', action: 'asset.uploadImage' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description: 'One file part (any field name): a jpg, jpeg or png image of at most 2 MB.',
          response: okSchema(assetImageSchema),
        },
      },
      async (request) => {
        const { filename, bytes } = await readUpload(request);
        const url = await service.uploadImage(callerOf(request), filename, bytes);
        request.auditNote = { entityType: 'assetImage', entityId: null, newValue: { url } };
        return ok(request, { url });
      },
    );

    app.get(
      '/files/assets/:fileName',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          params: z.object({
            fileName: z.string().regex(ASSET_IMAGE_NAME_PATTERN, { message: 'rules.invalidFormat' }),
          }),
        },
      },
      async (request, reply) => {
        const file = service.images.pathOf(request.params.fileName);
        const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
        if (!file || !stat?.isFile()) throw new AppError('notFound', { entity: 'entities.file' });
        return reply
          .type(mimeOf(request.params.fileName))
          .header('content-length', stat.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(fs.createReadStream(file));
      },
    );
  };
}
