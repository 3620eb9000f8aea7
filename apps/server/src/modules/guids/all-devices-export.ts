import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AllDevicesExport as ExportRequest, USER_EXPORT_MAX_ROWS } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { devicesWorkbook } from '../devices/device-export.ts';
import { type DeviceCaller, visibleDevices } from '../devices/device-policy.ts';
import { DevicesRepo, type DeviceView } from '../devices/devices.repo.ts';
import { type DownloadFileRow, DownloadsRepo } from '../downloads/downloads.repo.ts';

const CHUNK = 500;

/** Exports running in this process, per app, so a test (or a shutdown) can wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

export async function allDevicesExportsSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(running.get(ctx) ?? [])]);
}

/**
 * /system/exportDevice: every device of every account the operator's back office sees (the default
 * platform's operators: all platforms), as a download-centre file made in the background. The file
 * is the operator's own in the download centre, with its progress, as the device list's export is.
 */
export class AllDevicesExport {
  private readonly downloads: DownloadsRepo;
  private readonly devices: DevicesRepo;
  private readonly dir: string;

  constructor(private readonly ctx: AppContext) {
    this.downloads = new DownloadsRepo(ctx.db);
    this.devices = new DevicesRepo(ctx.db);
    this.dir = path.join(ctx.config.dataDir, 'downloads');
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  /** Records the file as generating and starts making it; refused at once when it would be too large. */
  async request(caller: DeviceCaller, input: ExportRequest, t: Translate): Promise<DownloadFileRow> {
    const scope = visibleDevices(caller, 'backOffice');
    const query = { ...input.condition, sortField: 'id', sortOrder: 'ascend' as const };
    const first = await this.devices.page(scope, { ...query, start: 1, pageSize: 1 });
    if (first.totalCount > USER_EXPORT_MAX_ROWS)
      throw new AppError('exportTooLarge', { max: USER_EXPORT_MAX_ROWS });
    const createdAt = this.now();
    const row = await this.downloads.insert({
      platformId: caller.platformId,
      accountId: caller.accountId,
      kind: 'devices',
      fileName: `all-devices-${createdAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.xlsx`,
      condition: JSON.stringify({ allAccounts: true, ...input.condition }),
      state: 'generating',
      progress: 0,
      rowCount: null,
      sizeBytes: null,
      storageName: null,
      createdAt,
      finishedAt: null,
    });
    const produce = async (progress: (share: number) => Promise<boolean>): Promise<DeviceView[] | null> => {
      const rows: DeviceView[] = [];
      for (let start = 1; ; start += 1) {
        const page = await this.devices.page(scope, { ...query, start, pageSize: CHUNK });
        rows.push(...page.rows);
        if (page.rows.length < CHUNK) return rows;
        if (!(await progress(rows.length / Math.max(page.totalCount, 1)))) return null;
      }
    };
    const jobs = running.get(this.ctx) ?? new Set<Promise<void>>();
    running.set(this.ctx, jobs);
    const job = this.generate(row.id, produce, t).finally(() => jobs.delete(job));
    jobs.add(job);
    return row;
  }

  private async generate(
    id: number,
    produce: (progress: (share: number) => Promise<boolean>) => Promise<DeviceView[] | null>,
    t: Translate,
  ): Promise<void> {
    let stored: string | null = null;
    try {
      const rows = await produce((share) =>
        this.downloads.whileGenerating(id, { progress: Math.min(90, Math.floor(share * 90)) }),
      );
      if (!rows) return;
      const bytes = await devicesWorkbook(rows, t);
      await fs.promises.mkdir(this.dir, { recursive: true });
      stored = `${crypto.randomBytes(16).toString('hex')}.xlsx`;
      await fs.promises.writeFile(path.join(this.dir, stored), bytes, { mode: 0o600 });
      const done = await this.downloads.whileGenerating(id, {
        state: 'generated',
        progress: 100,
        rowCount: rows.length,
        sizeBytes: bytes.length,
        storageName: stored,
        finishedAt: this.now(),
      });
      // Deleted while generating: no file without its row.
      if (!done) await fs.promises.rm(path.join(this.dir, stored), { force: true });
    } catch {
      if (stored) await fs.promises.rm(path.join(this.dir, stored), { force: true });
      await this.downloads
        .whileGenerating(id, { state: 'failed', finishedAt: this.now() })
        .catch(() => false);
    }
  }
}
