import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DOWNLOAD_STALE_MS,
  type DownloadInsert,
  type DownloadPage,
  type DownloadRow,
  USER_EXPORT_MAX_ROWS,
} from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { devicesWorkbook } from '../devices/device-export.ts';
import { type DeviceCaller, visibleDevices } from '../devices/device-policy.ts';
import { DevicesRepo, type DeviceView } from '../devices/devices.repo.ts';
import { has, type PeopleCaller } from '../roles/role-policy.ts';
import type { UsersService } from '../users/users.service.ts';
import { usersWorkbook } from '../users/users-export.ts';
import { type DownloadFileRow, DownloadsRepo } from './downloads.repo.ts';

const CHUNK = 200;
const STORAGE_NAME = /^[a-f0-9]{32}\.xlsx$/;

/** Jobs running in this process, per app, so a test (or a shutdown) can wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once every download job of the app started so far has finished. */
export async function downloadsSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}

export function presentDownload(row: DownloadFileRow): DownloadRow {
  return {
    id: row.id,
    kind: row.kind === 'users' ? 'users' : 'devices',
    fileName: row.fileName,
    state: row.state === 'generated' ? 'generated' : row.state === 'failed' ? 'failed' : 'generating',
    progress: row.progress,
    rowCount: row.rowCount,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

type Rows =
  | { kind: 'devices'; rows: DeviceView[] }
  | { kind: 'users'; rows: Awaited<ReturnType<UsersService['exportRows']>> };

/**
 * The download centre (002 §4 "generating" then "generated"): a request records a file as generating
 * and answers at once; the export is made in this process in the background, reporting its progress,
 * then stored under DATA_DIR/downloads for its owner to download by id.
 */
export class DownloadsService {
  private readonly repo: DownloadsRepo;
  private readonly devices: DevicesRepo;
  private readonly dir: string;
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
  ) {
    this.repo = new DownloadsRepo(ctx.db);
    this.devices = new DevicesRepo(ctx.db);
    this.dir = path.join(ctx.config.dataDir, 'downloads');
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  private need(caller: PeopleCaller, key: string) {
    if (!has(caller, key)) throw new AppError('forbidden');
  }

  async page(caller: PeopleCaller, q: DownloadPage) {
    this.need(caller, 'consumer.download:query');
    const now = this.ctx.clock.now();
    await this.repo.failStale(
      caller.account.id,
      new Date(now.getTime() - DOWNLOAD_STALE_MS).toISOString(),
      now.toISOString(),
    );
    return this.repo.page(caller.account.id, q);
  }

  /** Records the file and starts making it; the answer is the file in state "generating". */
  async request(
    caller: PeopleCaller,
    devicesCaller: DeviceCaller,
    input: DownloadInsert,
    t: Translate,
  ): Promise<DownloadFileRow> {
    this.need(caller, 'consumer.download:add');
    let produce: (progress: (share: number) => Promise<void>) => Promise<Rows>;
    if (input.kind === 'devices') {
      this.need(caller, 'device.list:export');
      const scope = visibleDevices(devicesCaller, 'console');
      produce = async (progress) => {
        const rows: DeviceView[] = [];
        for (let start = 1; ; start += 1) {
          const page = await this.devices.page(scope, {
            ...input.condition,
            start,
            pageSize: CHUNK,
            sortField: 'id',
            sortOrder: 'ascend',
          });
          if (page.totalCount > USER_EXPORT_MAX_ROWS)
            throw new AppError('exportTooLarge', { max: USER_EXPORT_MAX_ROWS });
          rows.push(...page.rows);
          if (page.rows.length < CHUNK) break;
          await progress(rows.length / page.totalCount);
        }
        return { kind: 'devices', rows };
      };
    } else {
      // Checked before recording anything: no permission or too many rows refuse the request itself.
      const scope = this.users.backOfficeScope(caller, 'export');
      if ((await this.users.repo.count(scope, input.condition)) > USER_EXPORT_MAX_ROWS)
        throw new AppError('exportTooLarge', { max: USER_EXPORT_MAX_ROWS });
      produce = async (progress) => ({
        kind: 'users',
        rows: await this.users.exportRows(caller, input.condition, progress),
      });
    }
    const createdAt = this.now();
    const row = await this.repo.insert({
      platformId: caller.account.platformId,
      accountId: caller.account.id,
      kind: input.kind,
      fileName: `${input.kind}-${createdAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.xlsx`,
      condition: JSON.stringify(input.condition),
      state: 'generating',
      progress: 0,
      rowCount: null,
      sizeBytes: null,
      storageName: null,
      createdAt,
      finishedAt: null,
    });
    this.start(row.id, produce, t);
    return row;
  }

  private start(
    id: number,
    produce: (progress: (share: number) => Promise<void>) => Promise<Rows>,
    t: Translate,
  ) {
    const jobs = running.get(this.ctx) ?? new Set<Promise<void>>();
    running.set(this.ctx, jobs);
    const job = this.generate(id, produce, t).finally(() => jobs.delete(job));
    jobs.add(job);
  }

  private async generate(
    id: number,
    produce: (progress: (share: number) => Promise<void>) => Promise<Rows>,
    t: Translate,
  ): Promise<void> {
    let stored: string | null = null;
    try {
      let alive = true;
      const made = await produce(async (share) => {
        const progress = Math.min(99, Math.floor(share * 90));
        alive = alive && (await this.repo.whileGenerating(id, { progress }));
      });
      if (!alive) return;
      const bytes =
        made.kind === 'devices' ? await devicesWorkbook(made.rows, t) : await usersWorkbook(made.rows, t);
      await fs.promises.mkdir(this.dir, { recursive: true });
      stored = `${crypto.randomBytes(16).toString('hex')}.xlsx`;
      await fs.promises.writeFile(path.join(this.dir, stored), bytes, { mode: 0o600 });
      const done = await this.repo.whileGenerating(id, {
        state: 'generated',
        progress: 100,
        rowCount: made.rows.length,
        sizeBytes: bytes.length,
        storageName: stored,
        finishedAt: this.now(),
      });
      // Deleted while generating: no file without its row.
      if (!done) await this.removeFile(stored);
    } catch {
      if (stored) await this.removeFile(stored);
      await this.repo.whileGenerating(id, { state: 'failed', finishedAt: this.now() }).catch(() => false);
    }
  }

  private pathOf(storageName: string | null): string | null {
    return storageName && STORAGE_NAME.test(storageName) ? path.join(this.dir, storageName) : null;
  }

  private async removeFile(storageName: string | null) {
    const file = this.pathOf(storageName);
    if (file) await fs.promises.rm(file, { force: true });
  }

  /** The caller's own file; another account's id answers exactly like a missing one. */
  private async owned(caller: PeopleCaller, id: number, action: 'query' | 'delete') {
    this.need(caller, `consumer.download:${action}`);
    const row = await this.repo.owned(caller.account.id, id);
    if (!row || row.platformId !== caller.account.platformId)
      throw new AppError('notFound', { entity: 'entities.file' });
    return row;
  }

  async file(
    caller: PeopleCaller,
    id: number,
  ): Promise<{ row: DownloadFileRow; path: string; size: number }> {
    const row = await this.owned(caller, id, 'query');
    if (row.state !== 'generated') throw new AppError('reportNotGenerated');
    const file = this.pathOf(row.storageName);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat?.isFile()) throw new AppError('notFound', { entity: 'entities.file' });
    return { row, path: file, size: stat.size };
  }

  async delete(caller: PeopleCaller, id: number): Promise<DownloadFileRow> {
    const row = await this.owned(caller, id, 'delete');
    await this.repo.delete(row.id);
    await this.removeFile(row.storageName);
    return row;
  }
}
