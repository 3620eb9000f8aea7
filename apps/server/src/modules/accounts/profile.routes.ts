import fs from 'node:fs';
import {
  baseAccountSchema,
  baseInfoForeignSchema,
  baseInfoSchema,
  profileUpdateSchema,
  userProfileSchema,
} from '@coldchain/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../errors.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { presentBaseAccount, presentProfile } from './accounts.presenter.ts';
import { AVATAR_NAME_PATTERN, mimeOf } from './avatar-storage.ts';
import { type Changed, type ProfileService, pick, tooLarge } from './profile.service.ts';

const TAG = ['accounts'];

function noteChange<T extends object>(
  request: FastifyRequest,
  entityType: string,
  id: number,
  change: Changed<T>,
) {
  request.auditNote = {
    entityType,
    entityId: id,
    oldValue: pick(change.before, change.fields),
    newValue: pick(change.after, change.fields),
  };
}

/** Reads the one uploaded file; the multipart reader stops at AVATAR_MAX_BYTES. */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file();
  if (!part) throw fieldError('file', 'rules.required');
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

/** The caller's base info, profile and avatar (000 §7, 002 §7); avatar files are served publicly. */
export function profileRoutes(service: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/base/BaseAccount/modifyBaseInfo',
      {
        config: { action: 'account.modifyBaseInfo', permission: 'consumer.info:edit' },
        schema: { tags: TAG, body: baseInfoSchema, response: okSchema(baseAccountSchema) },
      },
      async (request) => {
        const change = await service.modifyBaseInfo(requireAuth(request), request.body);
        noteChange(request, 'account', change.after.id, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.post(
      '/base/BaseAccount/modifyBaseInfoForForeign',
      {
        config: { action: 'account.modifyBaseInfoForForeign', permission: 'consumer.info:edit' },
        schema: { tags: TAG, body: baseInfoForeignSchema, response: okSchema(baseAccountSchema) },
      },
      async (request) => {
        const change = await service.modifyBaseInfo(requireAuth(request), request.body);
        noteChange(request, 'account', change.after.id, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.post(
      '/base/BaseUserProfile/update',
      {
        config: { action: 'userProfile.update', permission: 'consumer.info:edit' },
        schema: { tags: TAG, body: profileUpdateSchema, response: okSchema(userProfileSchema) },
      },
      async (request) => {
        const change = await service.updateProfile(requireAuth(request), request.body, request.t);
        noteChange(request, 'userProfile', change.after.accountId, change);
        return ok(request, presentProfile(change.after));
      },
    );

    app.post(
      '/base/BaseAccount/uploadHeadPhoto',
      {
        config: { action: 'account.uploadHeadPhoto', permission: 'consumer.info:edit' },
        schema: {
          tags: TAG,
          consumes: ['multipart/form-data'],
          description: 'One file part (any field name): a jpg, jpeg or png image of at most 2 MB.',
          response: okSchema(baseAccountSchema),
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { filename, bytes } = await readUpload(request);
        const change = await service.uploadAvatar(auth, filename, bytes);
        noteChange(request, 'account', change.after.id, change);
        return ok(request, presentBaseAccount(change.after));
      },
    );

    app.get(
      '/files/avatars/:fileName',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          params: z.object({
            fileName: z.string().regex(AVATAR_NAME_PATTERN, { message: 'rules.invalidFormat' }),
          }),
        },
      },
      async (request, reply) => {
        const file = service.avatars.pathOf(request.params.fileName);
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
