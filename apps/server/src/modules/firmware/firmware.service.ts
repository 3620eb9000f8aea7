import crypto from 'node:crypto';
import {
  type SoftwareVersionInsert,
  type SoftwareVersionPageRequest,
  type SoftwareVersionUpdate,
  type UpgradeBatch,
  type UpgradeBatchResult,
  type UpgradeCandidatePageRequest,
  type UpgradeCommandPayload,
  type UpgradeRecordPageRequest,
  type UpgradeReport,
  upgradeReportSchema,
} from '@coldchain/shared';
import type { RejectReason } from '@coldchain/shared/device-protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { DirectoryDevice } from '../devices/device-directory.ts';
import type { FirmwareRepo, PlatformScope, RecordRow, VersionRow } from './firmware.repo.ts';
import type { UploadStorage } from './upload-storage.ts';

/** Who acts in the back office, and which platforms' devices they reach. */
export interface FirmwareCaller {
  accountId: number;
  userName: string;
  scope: PlatformScope;
}

/** Where a device downloads the firmware of one of its upgrades (GET, with its own credentials). */
export function firmwareDownloadPath(guid: string, recordId: number): string {
  return `/api/mqtt-broker/transport/service/devices/${guid}/firmware/${recordId}`;
}

type ReportOutcome = { ok: true } | { ok: false; reason: RejectReason; detail: string };

/**
 * Firmware versions per device type (002 §3 DeviceSoftwareVersion) and online upgrades (002 §3
 * DeviceUpgradeRecord, §4 "about ten minutes"): a batch of devices of one type gets an `upgrade`
 * command each over MQTT, downloads the file over HTTP with its own credentials, reports progress and
 * comes back with its new version; the sweep fails upgrades whose device stays silent.
 */
export class FirmwareService {
  constructor(
    private readonly repo: FirmwareRepo,
    readonly files: UploadStorage,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
  ) {}

  // ---- versions

  versionPage(q: SoftwareVersionPageRequest) {
    return this.repo.versionPage(q);
  }

  async version(id: number): Promise<VersionRow> {
    const row = await this.repo.versionById(id);
    if (!row) throw new AppError('firmwareVersionNotFound');
    return row;
  }

  async insertVersion(input: SoftwareVersionInsert, accountId: number): Promise<VersionRow> {
    if (await this.repo.versionByValue(input.deviceTypeId, input.value))
      throw new AppError('firmwareVersionTaken', { value: input.value });
    const stored = await this.files.describe(input.fileKey);
    if (!stored) throw new AppError('firmwareFileMissing');
    const now = this.clock.now().toISOString();
    return this.repo.insertVersion({
      deviceTypeId: input.deviceTypeId,
      value: input.value,
      label: input.label,
      description: input.description || null,
      fileName: input.fileName,
      fileKey: stored.fileKey,
      fileSize: stored.fileSize,
      sha256: stored.sha256,
      createdBy: accountId,
      createdAt: now,
      updatedAt: now,
    });
  }

  async updateVersion(input: SoftwareVersionUpdate): Promise<{ before: VersionRow; after: VersionRow }> {
    const before = await this.version(input.id);
    const after = await this.repo.updateVersion(input.id, {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      updatedAt: this.clock.now().toISOString(),
    });
    return { before, after };
  }

  /** Deletes a version and its finished records; refused while devices still upgrade to it. */
  async deleteVersion(id: number): Promise<VersionRow> {
    const row = await this.version(id);
    if ((await this.repo.openUpgradesOfVersion(id)) > 0) throw new AppError('firmwareVersionInUse');
    await this.repo.deleteVersion(id);
    await this.files.remove(row.fileKey);
    return row;
  }

  // ---- upgrades

  candidates(q: UpgradeCandidatePageRequest, caller: FirmwareCaller) {
    return this.repo.candidates(q, caller.scope);
  }

  recordPage(q: UpgradeRecordPageRequest, caller: FirmwareCaller) {
    return this.repo.recordPage(q, caller.scope);
  }

  async record(id: number, caller: FirmwareCaller) {
    const row = await this.repo.recordView(id, caller.scope);
    if (!row) throw new AppError('upgradeRecordNotFound');
    return row;
  }

  /**
   * Starts one upgrade per chosen device: all of the version's type (002 §5: batch operations only for
   * the same type), the type allowing online upgrades, none already upgrading. Nothing starts unless
   * every device qualifies; a device outside the caller's platform counts as missing.
   */
  async batch(input: UpgradeBatch, caller: FirmwareCaller): Promise<UpgradeBatchResult> {
    const version = await this.version(input.versionId);
    const ids = [...new Set(input.deviceIds)];
    const devices = await this.repo.devicesById(ids, caller.scope);
    if (devices.length !== ids.length) throw new AppError('deviceNotFound');
    if (devices.some((d) => d.deviceTypeId !== version.deviceTypeId))
      throw new AppError('upgradeTypeMismatch', { typeName: version.typeName });
    if (devices.some((d) => d.onlineUpgradeStatus !== 1))
      throw new AppError('onlineUpgradeDisabled', { typeName: version.typeName });
    const busy = await this.repo.busyDevices(ids);
    if (busy.length > 0) {
      const guids = devices.filter((d) => busy.includes(d.id)).map((d) => d.deviceGuid);
      throw new AppError('upgradeInProgress', { devices: guids.join(', ') });
    }
    const now = this.clock.now().toISOString();
    const batchId = crypto.randomBytes(8).toString('hex');
    await this.repo.insertBatch(
      devices.map((d) => ({
        record: {
          batchId,
          platformId: d.platformId,
          versionId: version.id,
          deviceId: d.id,
          fromVersion: d.version,
          state: 'pending',
          progress: 0,
          failure: null,
          detail: null,
          commandId: null,
          operatorId: caller.accountId,
          operatorName: caller.userName,
          createdAt: now,
          updatedAt: now,
          lastReportAt: null,
          finishedAt: null,
        },
        command: (recordId: number) => {
          const payload: UpgradeCommandPayload = {
            recordId,
            version: version.value,
            url: firmwareDownloadPath(d.deviceGuid, recordId),
            size: version.fileSize,
            sha256: version.sha256,
          };
          return JSON.stringify(payload);
        },
      })),
      now,
    );
    return { batchId, count: devices.length };
  }

  /**
   * The firmware file of an upgrade, for the device the upgrade is for while it is open; anything
   * else is not found. A download counts as the device answering.
   */
  async fileFor(device: DirectoryDevice, recordId: number): Promise<{ path: string; version: VersionRow }> {
    const record = await this.repo.recordById(recordId);
    if (!record || record.deviceId !== device.id || record.finishedAt !== null)
      throw new AppError('upgradeRecordNotFound');
    const version = await this.version(record.versionId);
    const path = this.files.pathOf(version.fileKey);
    if (!path) throw new AppError('firmwareFileMissing');
    const now = this.clock.now().toISOString();
    await this.repo.updateRecord(record.id, { lastReportAt: now, updatedAt: now });
    return { path, version };
  }

  /** A device's report on `devices/{guid}/upgrade`: progress, failure, or the version it runs now. */
  async report(device: DirectoryDevice, payload: Buffer): Promise<ReportOutcome> {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed', detail: 'not valid JSON' };
    }
    const parsed = upgradeReportSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'payload';
      return { ok: false, reason: 'malformed', detail: `${where}: ${issue?.message ?? 'invalid'}` };
    }
    const report = parsed.data;
    const record = await this.repo.recordById(report.recordId);
    if (!record || record.deviceId !== device.id)
      return {
        ok: false,
        reason: 'malformed',
        detail: `recordId: no upgrade ${report.recordId} of this device`,
      };
    if (report.state === 'succeeded' && !report.version)
      return { ok: false, reason: 'malformed', detail: 'version: required when succeeded' };
    await this.apply(record, report);
    return { ok: true };
  }

  private async apply(record: RecordRow, report: UpgradeReport): Promise<void> {
    const now = this.clock.now().toISOString();
    const open = record.finishedAt === null;
    // A device back with its new version after the timeout did upgrade: that report still counts.
    const lateSuccess = !open && record.failure === 'timeout' && report.state === 'succeeded';
    if (!open && !lateSuccess) return;
    if (report.state === 'succeeded') {
      const version = await this.version(record.versionId);
      const reported = report.version ?? '';
      const matches = reported === version.value;
      await this.repo.applyReport(
        record,
        {
          state: matches ? 'succeeded' : 'failed',
          progress: matches ? 100 : record.progress,
          failure: matches ? null : 'versionMismatch',
          detail: reported,
          lastReportAt: now,
          updatedAt: now,
          finishedAt: now,
        },
        reported,
        now,
      );
      return;
    }
    if (report.state === 'failed') {
      await this.repo.applyReport(
        record,
        {
          state: 'failed',
          failure: 'device',
          detail: report.error ?? null,
          lastReportAt: now,
          updatedAt: now,
          finishedAt: now,
        },
        report.version ?? null,
        now,
      );
      return;
    }
    await this.repo.applyReport(
      record,
      {
        state: report.state,
        progress: report.progress ?? record.progress,
        lastReportAt: now,
        updatedAt: now,
      },
      null,
      now,
    );
  }

  /**
   * One pass of the sweep: an upgrade whose command reached the device shows as sent; one the device
   * refused fails; one whose device said nothing for the timeout (from the batch, or from its last
   * report) fails as timed out, and its undelivered command is dropped.
   */
  async sweep(now: Date = this.clock.now()): Promise<{ failed: number }> {
    const nowIso = now.toISOString();
    const cutoff = now.getTime() - this.timeoutMs;
    let failed = 0;
    for (const r of await this.repo.openRecords()) {
      if (r.commandState === 'failed') {
        if (await this.repo.failOpen(r.id, r.commandId, 'device', commandDetail(r.commandResult), nowIso))
          failed += 1;
        continue;
      }
      const lastHeard = Date.parse(r.lastReportAt ?? r.createdAt);
      if (lastHeard < cutoff) {
        if (await this.repo.failOpen(r.id, r.commandId, 'timeout', null, nowIso)) failed += 1;
        continue;
      }
      if (r.state === 'pending' && (r.commandState === 'sent' || r.commandState === 'acked'))
        await this.repo.updateRecord(r.id, {
          state: 'sent',
          lastReportAt: r.commandSentAt ?? nowIso,
          updatedAt: nowIso,
        });
    }
    return { failed };
  }
}

function commandDetail(result: string | null): string | null {
  if (result === null) return null;
  return result.slice(0, 200);
}
