import type {
  AppType,
  AppVersion,
  AppVersionInsert,
  AppVersionPageRequest,
  AppVersionUpdate,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { UploadStorage } from '../firmware/upload-storage.ts';
import type { AppVersionRow, AppVersionsRepo } from './app-versions.repo.ts';

/** Where an uploaded package downloads from. */
export const appDownloadPath = (id: number) => `/api/base/BaseAppVersion/download?id=${id}`;

export function presentAppVersion(row: AppVersionRow): AppVersion {
  return {
    id: row.id,
    appType: row.appType as AppType,
    version: row.version,
    releaseNotes: row.releaseNotes,
    forced: row.forced === 1 ? 1 : 0,
    storeUrl: row.storeUrl,
    fileName: row.fileName,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    downloadUrl: row.fileKey ? appDownloadPath(row.id) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * App releases of one platform: apk packages (an uploaded file or a store link) and iOS entries (the
 * App Store link), each with release notes and a forced flag. The apps ask for the latest; the console
 * shows the notes at /version/manage.
 */
export class AppVersionsService {
  constructor(
    private readonly repo: AppVersionsRepo,
    readonly files: UploadStorage,
    private readonly clock: Clock,
  ) {}

  page(platformId: number, appType: AppType, q: AppVersionPageRequest) {
    return this.repo.page(platformId, { ...q, appType });
  }

  releaseNotes(platformId: number, q: AppVersionPageRequest) {
    return this.repo.page(platformId, q);
  }

  latest(platformId: number, appType: AppType) {
    return this.repo.latest(platformId, appType);
  }

  /** A version of the platform and of the type its route manages; anything else is not found. */
  async get(platformId: number, id: number, appType?: AppType): Promise<AppVersionRow> {
    const row = await this.repo.byId(platformId, id);
    if (!row || (appType && row.appType !== appType)) throw new AppError('appVersionNotFound');
    return row;
  }

  async insert(platformId: number, input: AppVersionInsert, accountId: number): Promise<AppVersionRow> {
    if (await this.repo.byVersion(platformId, input.appType, input.version))
      throw new AppError('appVersionTaken', { version: input.version });
    const wantsFile = input.appType === 'android' && input.fileKey !== undefined;
    if (input.appType === 'ios' ? !input.storeUrl : !wantsFile && !input.storeUrl)
      throw new AppError('appVersionSourceMissing');
    const stored = wantsFile && input.fileKey ? await this.files.describe(input.fileKey) : undefined;
    if (wantsFile && !stored) throw new AppError('firmwareFileMissing');
    const now = this.clock.now().toISOString();
    return this.repo.insert({
      platformId,
      appType: input.appType,
      version: input.version,
      releaseNotes: input.releaseNotes,
      forced: input.forced,
      storeUrl: input.storeUrl ?? null,
      fileName: stored ? (input.fileName ?? `${input.version}.apk`) : null,
      fileKey: stored?.fileKey ?? null,
      fileSize: stored?.fileSize ?? null,
      createdBy: accountId,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(
    platformId: number,
    appType: AppType,
    input: AppVersionUpdate,
  ): Promise<{ before: AppVersionRow; after: AppVersionRow }> {
    const before = await this.get(platformId, input.id, appType);
    const storeUrl = input.storeUrl === undefined ? before.storeUrl : input.storeUrl;
    if (!storeUrl && (appType === 'ios' || !before.fileKey)) throw new AppError('appVersionSourceMissing');
    const after = await this.repo.update(platformId, input.id, {
      ...(input.releaseNotes !== undefined ? { releaseNotes: input.releaseNotes } : {}),
      ...(input.forced !== undefined ? { forced: input.forced } : {}),
      storeUrl,
      updatedAt: this.clock.now().toISOString(),
    });
    return { before, after };
  }

  async delete(platformId: number, appType: AppType, id: number): Promise<AppVersionRow> {
    const row = await this.get(platformId, id, appType);
    await this.repo.delete(platformId, id);
    if (row.fileKey) await this.files.remove(row.fileKey);
    return row;
  }
}
