import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_EXTENSIONS } from '@coldchain/shared';

export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

/** Avatars are public: the URL is the capability, a random name that is never reused. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/';
export const AVATAR_NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|jpeg|png)$/;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function extensionOf(filename: string): ImageExtension | null {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as ImageExtension) : null;
}

/** Whether the bytes are what the extension says: JPEG for jpg and jpeg, PNG for png. */
export function contentMatches(ext: ImageExtension, bytes: Buffer): boolean {
  const magic = ext === 'png' ? PNG_MAGIC : JPEG_MAGIC;
  return bytes.length > magic.length && bytes.subarray(0, magic.length).equals(magic);
}

export function mimeOf(name: string): string {
  return name.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

/** Files of avatars under DATA_DIR/uploads/avatars. */
export class AvatarStorage {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads', 'avatars');
  }

  /** Writes the image under a new random name and answers its URL path. */
  async save(ext: ImageExtension, bytes: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: 0o640 });
    return `${AVATAR_URL_PREFIX}${name}`;
  }

  /** The file behind a stored name, or null for anything that is not one of ours. */
  pathOf(name: string): string | null {
    return AVATAR_NAME_PATTERN.test(name) ? path.join(this.dir, name) : null;
  }

  /** Removes a replaced avatar; URLs set some other way (none today) are left alone. */
  async remove(url: string | null): Promise<void> {
    if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
    const file = this.pathOf(url.slice(AVATAR_URL_PREFIX.length));
    if (file) await fs.rm(file, { force: true });
  }
}
