import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, IMAGE_EXTENSIONS } from '@coldchain/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../errors.ts';
import { contentMatches, extensionOf, mimeOf } from '../accounts/avatar-storage.ts';
import { tooLarge } from '../accounts/profile.service.ts';

/** Names of stored images: random, never reused, so the address itself is the capability. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|jpeg|png)$/;

/**
 * Images of one kind under DATA_DIR/uploads/<folder>, served at /api/files/<folder>/<name>: jpg, jpeg
 * or png by name and by content, at most 2 MB (002 §5 upload sizes; the multipart reader stops there).
 */
export class ImageStore {
  readonly dir: string;
  readonly urlPrefix: string;
  constructor(dataDir: string, folder: string) {
    this.dir = path.join(dataDir, 'uploads', folder);
    this.urlPrefix = `/api/files/${folder}/`;
  }

  /** Checks and writes an uploaded image; answers its stored name. */
  async save(filename: string, bytes: Buffer): Promise<{ name: string; url: string }> {
    const ext = extensionOf(filename);
    if (!ext || !contentMatches(ext, bytes))
      throw new AppError('fileType', { types: IMAGE_EXTENSIONS.join(', ') });
    if (bytes.length > AVATAR_MAX_BYTES) throw tooLarge();
    await fs.promises.mkdir(this.dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.promises.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: 0o640 });
    return { name, url: `${this.urlPrefix}${name}` };
  }

  pathOf(name: string): string | null {
    return IMAGE_NAME_PATTERN.test(name) ? path.join(this.dir, name) : null;
  }

  async remove(name: string): Promise<void> {
    const file = this.pathOf(name);
    if (file) await fs.promises.rm(file, { force: true });
  }

  /** Sends a stored image, or "file not found". */
  async send(name: string, reply: FastifyReply): Promise<FastifyReply> {
    const file = this.pathOf(name);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw new AppError('notFound', { entity: 'entities.file' });
    return reply
      .type(mimeOf(name))
      .header('content-length', stat.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  }
}

/** Reads the one uploaded file and the text fields sent before it. */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ filename: string; bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw fieldError('file', 'rules.required');
  const part = await request.file();
  if (!part) throw fieldError('file', 'rules.required');
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field' && typeof field.value === 'string') fields[key] = field.value;
  }
  try {
    return { filename: part.filename, bytes: await part.toBuffer(), fields };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
