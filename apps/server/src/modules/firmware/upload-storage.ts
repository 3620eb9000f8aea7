import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_KEY_PATTERN } from '@coldchain/shared';

export interface StoredFile {
  fileKey: string;
  fileSize: number;
  sha256: string;
}

/**
 * Uploaded firmware files and app packages under DATA_DIR/uploads/<area>, each under a random key the
 * upload answers; the insert that names the key makes it a version. Files are never served by key to
 * the public: firmware goes to the devices of an upgrade, packages through their version's link.
 */
export class UploadStorage {
  readonly dir: string;

  constructor(dataDir: string, area: 'firmware' | 'apps') {
    this.dir = path.join(dataDir, 'uploads', area);
  }

  async save(bytes: Buffer): Promise<StoredFile> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const fileKey = crypto.randomBytes(16).toString('hex');
    await fs.promises.writeFile(this.pathOf(fileKey) as string, bytes, { flag: 'wx', mode: 0o640 });
    return {
      fileKey,
      fileSize: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    };
  }

  /** The stored file of a key, with its size and hash; undefined when there is none. */
  async describe(fileKey: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(fileKey);
    if (!file) return undefined;
    const bytes = await fs.promises.readFile(file).catch(() => null);
    if (!bytes) return undefined;
    return {
      fileKey,
      fileSize: bytes.length,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    };
  }

  pathOf(fileKey: string): string | null {
    return UPLOAD_KEY_PATTERN.test(fileKey) ? path.join(this.dir, `${fileKey}.bin`) : null;
  }

  async remove(fileKey: string): Promise<void> {
    const file = this.pathOf(fileKey);
    if (file) await fs.promises.rm(file, { force: true });
  }
}
