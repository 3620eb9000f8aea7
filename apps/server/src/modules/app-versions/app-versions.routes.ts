import fs from 'node:fs';
import {
  APP_PACKAGE_MAX_BYTES,
  type AppType,
  appVersionInsertSchema,
  appVersionPageSchema,
  appVersionSchema,
  appVersionUpdateSchema,
  idParamSchema,
  type PermissionKey,
  pageResponseSchema,
  releaseNotesQuerySchema,
  uploadedFileSchema,
} from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { readUpload } from '../firmware/read-upload.ts';
import { UploadStorage } from '../firmware/upload-storage.ts';
import { AppVersionsRepo } from './app-versions.repo.ts';
import { AppVersionsService, presentAppVersion } from './app-versions.service.ts';

const TAG = ['appVersions'];

/** The two back-office lists: apk package management and iOS upgrade entries. */
const GROUPS: { appType: AppType; prefix: string; route: 'operation.apk' | 'operation.iosUpgrade' }[] = [
  { appType: 'android', prefix: '/base/BaseApkVersion', route: 'operation.apk' },
  { appType: 'ios', prefix: '/base/BaseIosVersion', route: 'operation.iosUpgrade' },
];

const key = (route: string, action: string) => `${route}:${action}` as PermissionKey;

/**
 * App versions of the caller's platform (operation.apk, operation.iosUpgrade), their release notes
 * (001 §7.8 BaseNotice/releaseNotes: public, by the platform the address names), the latest version an
 * app asks for, and the download of an uploaded apk.
 */
export function appVersionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new AppVersionsService(
    new AppVersionsRepo(ctx.db),
    new UploadStorage(ctx.config.dataDir, 'apps'),
    ctx.clock,
  );
  const insertBody = appVersionInsertSchema.omit({ appType: true });

  return async (app) => {
    for (const { appType, prefix, route } of GROUPS) {
      const platformOf = (request: Parameters<typeof requireAuth>[0]) =>
        requireAuth(request).account.platformId;
      const entity = appType === 'android' ? 'apkVersion' : 'iosVersion';

      app.post(
        `${prefix}/page`,
        {
          config: { permission: key(route, 'query'), audit: false },
          schema: {
            tags: TAG,
            body: appVersionPageSchema,
            response: okSchema(pageResponseSchema(appVersionSchema)),
          },
        },
        async (request) => {
          const { rows, totalCount } = await service.page(platformOf(request), appType, request.body);
          return ok(request, { data: rows.map(presentAppVersion), start: request.body.start, totalCount });
        },
      );

      if (appType === 'android')
        app.post(
          `${prefix}/upload`,
          {
            config: { permission: key(route, 'add'), action: 'appVersion.upload' },
            schema: {
              tags: TAG,
              consumes: ['multipart/form-data'],
              description: 'One .apk file part, at most 20 MB. Answers the key the insert names.',
              response: okSchema(uploadedFileSchema),
            },
          },
          async (request) => {
            const { fileName, bytes } = await readUpload(request, APP_PACKAGE_MAX_BYTES, ['.apk']);
            const answer = { ...(await service.files.save(bytes)), fileName };
            request.auditNote = { entityType: 'appPackage', entityId: null, newValue: answer };
            return ok(request, answer);
          },
        );

      app.post(
        `${prefix}/insert`,
        {
          config: { permission: key(route, 'add'), action: `appVersion.insert` },
          schema: { tags: TAG, body: insertBody, response: okSchema(appVersionSchema) },
        },
        async (request) => {
          const { account } = requireAuth(request);
          const row = presentAppVersion(
            await service.insert(account.platformId, { ...request.body, appType }, account.id),
          );
          request.auditNote = { entityType: entity, entityId: row.id, newValue: row };
          return ok(request, row);
        },
      );

      app.put(
        `${prefix}/update`,
        {
          config: { permission: key(route, 'edit'), action: 'appVersion.update' },
          schema: { tags: TAG, body: appVersionUpdateSchema, response: okSchema(appVersionSchema) },
        },
        async (request) => {
          const { before, after } = await service.update(platformOf(request), appType, request.body);
          request.auditNote = {
            entityType: entity,
            entityId: after.id,
            oldValue: presentAppVersion(before),
            newValue: presentAppVersion(after),
          };
          return ok(request, presentAppVersion(after));
        },
      );

      app.delete(
        `${prefix}/delete`,
        {
          config: { permission: key(route, 'delete'), action: 'appVersion.delete' },
          schema: { tags: TAG, querystring: idParamSchema, response: okSchema(z.null()) },
        },
        async (request) => {
          const row = await service.delete(platformOf(request), appType, request.query.id);
          request.auditNote = { entityType: entity, entityId: row.id, oldValue: presentAppVersion(row) };
          return ok(request, null);
        },
      );
    }

    app.post(
      '/base/BaseNotice/releaseNotes',
      {
        config: { access: 'public', audit: false },
        schema: {
          tags: TAG,
          security: [],
          description: 'Release notes of the apps of the platform the address names, newest first.',
          body: appVersionPageSchema,
          response: okSchema(pageResponseSchema(appVersionSchema)),
        },
      },
      async (request) => {
        const { rows, totalCount } = await service.releaseNotes(request.platform.id, request.body);
        return ok(request, { data: rows.map(presentAppVersion), start: request.body.start, totalCount });
      },
    );

    app.get(
      '/base/BaseAppVersion/latest',
      {
        config: { access: 'public', audit: false },
        schema: {
          tags: TAG,
          security: [],
          description: 'What an app asks at start: the newest version of its kind, or null.',
          querystring: z.object({ appType: releaseNotesQuerySchema.shape.appType.unwrap() }),
          response: okSchema(appVersionSchema.nullable()),
        },
      },
      async (request) => {
        const row = await service.latest(request.platform.id, request.query.appType);
        return ok(request, row ? presentAppVersion(row) : null);
      },
    );

    app.get(
      '/base/BaseAppVersion/download',
      {
        config: { access: 'public', audit: false },
        schema: { tags: TAG, security: [], querystring: idParamSchema },
      },
      async (request, reply) => {
        const row = await service.get(request.platform.id, request.query.id);
        const file = row.fileKey ? service.files.pathOf(row.fileKey) : null;
        const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
        if (!file || !stat?.isFile()) throw new AppError('appVersionNotFound');
        const name = (row.fileName ?? `${row.version}.apk`).replace(/[^\w.-]/g, '_');
        return reply
          .type('application/vnd.android.package-archive')
          .header('content-length', stat.size)
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(fs.createReadStream(file));
      },
    );
  };
}
