import {
  idParamSchema,
  pageResponseSchema,
  platformInsertSchema,
  platformPageSchema,
  platformSchema,
  platformUpdateSchema,
  publicPlatformSchema,
  topDomainQuerySchema,
  uploadedImageSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { IMAGE_NAME_PATTERN, ImageStore, readImageUpload } from './image-store.ts';
import { presentPlatform, presentPublicPlatform } from './platforms.presenter.ts';
import type { PlatformsService } from './platforms.service.ts';

const TAG = ['platforms'];

export function platformsRoutes(service: PlatformsService, dataDir: string): FastifyPluginAsyncZod {
  const logos = new ImageStore(dataDir, 'platform-logos');
  return async (app) => {
    app.post(
      '/base/BaseCustomPage/uploadLogo',
      {
        config: { permission: 'customized.list:edit', action: 'platform.uploadLogo' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description:
            'One file part: a jpg, jpeg or png image of at most 2 MB. Answers its address, to be saved in a logo field.',
          response: okSchema(uploadedImageSchema),
        },
      },
      async (request) => {
        const { filename, bytes } = await readImageUpload(request);
        const saved = await logos.save(filename, bytes);
        request.auditNote = { entityType: 'platform', newValue: { url: saved.url } };
        return ok(request, { url: saved.url });
      },
    );

    app.get(
      '/files/platform-logos/:fileName',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          params: z.object({
            fileName: z.string().regex(IMAGE_NAME_PATTERN, { message: 'rules.invalidFormat' }),
          }),
        },
      },
      async (request, reply) => logos.send(request.params.fileName, reply),
    );

    app.get(
      '/base/BaseCustomPage/queryByTopDomain',
      {
        config: { access: 'public' },
        schema: { tags: TAG, querystring: topDomainQuerySchema, response: okSchema(publicPlatformSchema) },
      },
      async (request) =>
        ok(
          request,
          presentPublicPlatform(await service.byTopDomain(request.query.topDomain, request.platform)),
        ),
    );

    app.post(
      '/base/BaseCustomPage/get/page',
      {
        config: { permission: 'customized.list:query', audit: false },
        schema: {
          tags: TAG,
          body: platformPageSchema,
          response: okSchema(pageResponseSchema(platformSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.page(request.body);
        return ok(request, { data: rows.map(presentPlatform), start: request.body.start, totalCount });
      },
    );

    app.post(
      '/base/BaseCustomPage/selectCustomList',
      {
        config: { permission: 'customized.list:query', audit: false },
        schema: {
          tags: TAG,
          response: okSchema(
            z.array(z.object({ id: z.number().int(), title: z.string(), topDomain: z.string() })),
          ),
        },
      },
      async (request) =>
        ok(
          request,
          (await service.list()).map((p) => ({ id: p.id, title: p.title, topDomain: p.topDomain })),
        ),
    );

    app.post(
      '/base/BaseCustomPage/insert',
      {
        config: { permission: 'customized.list:add', action: 'platform.insert' },
        schema: { tags: TAG, body: platformInsertSchema, response: okSchema(platformSchema) },
      },
      async (request) => {
        const row = await service.insert(request.body);
        request.auditNote = { entityType: 'platform', entityId: row.id, newValue: presentPlatform(row) };
        return ok(request, presentPlatform(row));
      },
    );

    app.put(
      '/base/BaseCustomPage/update',
      {
        config: { permission: 'customized.list:edit', action: 'platform.update' },
        schema: { tags: TAG, body: platformUpdateSchema, response: okSchema(platformSchema) },
      },
      async (request) => {
        const { before, after } = await service.update(request.body);
        request.auditNote = {
          entityType: 'platform',
          entityId: after.id,
          oldValue: presentPlatform(before),
          newValue: presentPlatform(after),
        };
        return ok(request, presentPlatform(after));
      },
    );

    app.delete(
      '/base/BaseCustomPage/delete',
      {
        config: { permission: 'customized.list:delete', action: 'platform.delete' },
        schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
      },
      async (request) => {
        const row = await service.delete(request.query.id);
        request.auditNote = { entityType: 'platform', entityId: row.id, oldValue: presentPlatform(row) };
        return ok(request, null);
      },
    );
  };
}
