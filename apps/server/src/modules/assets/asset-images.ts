import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageExtension } from '../accounts/avatar-storage.ts';

/** Asset images are served like avatars: the URL is the capability, a random name never reused. */
export const ASSET_IMAGE_URL_PREFIX = '/api/files/assets/';
export const ASSET_IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.(jpg|jpeg|png)$/;

/** Whether a URL is one of the images this storage answered. */
export function isAssetImageUrl(url: string): boolean {
  return (
    url.startsWith(ASSET_IMAGE_URL_PREFIX) &&
    ASSET_IMAGE_NAME_PATTERN.test(url.slice(ASSET_IMAGE_URL_PREFIX.length))
  );
}

/** Files of asset images under DATA_DIR/uploads/assets. */
export class AssetImageStorage {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads', 'assets');
  }

  async save(ext: ImageExtension, bytes: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx', mode: 0o640 });
    return `${ASSET_IMAGE_URL_PREFIX}${name}`;
  }

  pathOf(name: string): string | null {
    return ASSET_IMAGE_NAME_PATTERN.test(name) ? path.join(this.dir, name) : null;
  }
}
