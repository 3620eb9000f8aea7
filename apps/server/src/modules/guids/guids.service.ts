import crypto from 'node:crypto';
import {
  GUID_GENERATED_DIGITS,
  type GuidBatchInsert,
  type GuidBatchPageRequest,
  type GuidPageRequest,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { SimsCaller } from '../sims/sims.service.ts';
import type { GuidBatchView, GuidsRepo, GuidView } from './guids.repo.ts';

/** An operator of one platform; the default platform's operators may name any platform as domain. */
export interface GuidsCaller extends SimsCaller {
  platformIsDefault: boolean;
}

const DRAW_ATTEMPTS = 5;

/** A GUID of GUID_GENERATED_DIGITS digits, never starting with 0 (spreadsheets drop leading zeros). */
function drawGuid(): string {
  let text = String(crypto.randomInt(1, 10));
  while (text.length < GUID_GENERATED_DIGITS) text += String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  return text.slice(0, GUID_GENERATED_DIGITS);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e.message ?? '')
  );
}

/**
 * Device GUID batches (002 §3 Device GUID export, §4, §5, §9): an operator asks for at most 999 new
 * GUIDs of one device type, tag and domain; each is unique among generated GUIDs and device GUIDs.
 * The batch downloads as XLSX as often as needed (each download counted); single GUIDs are locked
 * or unlocked, and a device can be added with an unlocked one (guid-gate.ts).
 */
export class GuidsService {
  constructor(
    private readonly db: Db,
    private readonly repo: GuidsRepo,
    private readonly clock: Clock,
  ) {}

  batchPage(caller: GuidsCaller, q: GuidBatchPageRequest) {
    return this.repo.batchPage(caller.platformId, q);
  }

  guidPage(caller: GuidsCaller, q: GuidPageRequest) {
    return this.repo.guidPage(caller.platformId, q);
  }

  domains(caller: GuidsCaller) {
    return this.repo.domains(caller.platformId, caller.platformIsDefault);
  }

  async batch(caller: GuidsCaller, id: number): Promise<GuidBatchView> {
    const batch = await this.repo.batch(caller.platformId, id);
    if (!batch) throw new AppError('guidBatchNotFound');
    return batch;
  }

  async generate(caller: GuidsCaller, input: GuidBatchInsert): Promise<GuidBatchView> {
    const domainId = input.domainId ?? caller.platformId;
    const domains = await this.repo.domains(caller.platformId, caller.platformIsDefault);
    // Another platform's id answers like a missing one.
    if (!domains.some((d) => d.id === domainId)) throw fieldError('domainId', 'rules.unknownReference');
    const type = await this.db
      .selectFrom('deviceType')
      .select('id')
      .where('id', '=', input.deviceTypeId)
      .executeTakeFirst();
    if (!type) throw fieldError('deviceTypeId', 'rules.unknownReference');
    const now = this.clock.now().toISOString();
    for (let attempt = 0; attempt < DRAW_ATTEMPTS; attempt += 1) {
      const drawn = new Set<string>();
      while (drawn.size < input.num) drawn.add(drawGuid());
      const taken = await this.repo.takenGuids([...drawn]);
      for (const guid of taken) drawn.delete(guid);
      while (drawn.size < input.num) {
        const extra = drawGuid();
        if (!(await this.repo.takenGuids([extra])).has(extra)) drawn.add(extra);
      }
      try {
        const saved = await this.repo.insertBatch(
          {
            platformId: caller.platformId,
            orderCode: input.orderCode,
            num: input.num,
            deviceTypeId: input.deviceTypeId,
            deviceTag: input.deviceTag,
            domainId,
            exportCount: 0,
            lastExportedAt: null,
            creatorId: caller.accountId,
            creatorName: caller.userName,
            createdAt: now,
          },
          [...drawn],
        );
        return this.batch(caller, saved.id);
      } catch (error) {
        // Another request drew one of these numbers meanwhile: nothing was kept, draw again.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new AppError('guidGenerationFailed');
  }

  /** The batch's GUIDs as XLSX; each download is counted on the batch (the export records). */
  async exportBatch(
    caller: GuidsCaller,
    id: number,
    t: Translate,
  ): Promise<{ batch: GuidBatchView; file: Buffer; guids: GuidView[] }> {
    const batch = await this.batch(caller, id);
    const guids = await this.repo.batchGuids(caller.platformId, id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(t('entities.guidBatch'));
    sheet.columns = [
      { header: t('fields.deviceGuid'), key: 'guid', width: 24, style: { numFmt: '@' } },
      { header: t('fields.typeName'), key: 'typeName', width: 24 },
      { header: t('fields.deviceTag'), key: 'deviceTag', width: 14 },
      { header: t('fields.domainId'), key: 'domain', width: 28 },
      { header: t('fields.orderCode'), key: 'orderCode', width: 22 },
      { header: t('fields.usedFlag'), key: 'used', width: 12 },
      { header: t('fields.lockedFlag'), key: 'locked', width: 12 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const g of guids)
      sheet.addRow({
        guid: g.guid,
        typeName: g.typeName,
        deviceTag: t(`guidDeviceTag.${g.deviceTag}`),
        domain: g.domain,
        orderCode: g.orderCode,
        used: t(g.usedFlag === 1 ? 'guidUse.used' : 'guidUse.unused'),
        locked: t(g.lockedFlag === 1 ? 'guidLock.locked' : 'guidLock.unlocked'),
      });
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    await this.repo.markExported(caller.platformId, id, this.clock.now().toISOString());
    return { batch, file, guids };
  }

  /** Locks or unlocks GUIDs of the platform; an id of another platform answers like a missing one. */
  async setLocked(caller: GuidsCaller, ids: readonly number[], locked: boolean): Promise<string[]> {
    const unique = [...new Set(ids)];
    const owned = await this.repo.owned(caller.platformId, unique);
    if (owned.length !== unique.length) throw new AppError('guidNotFound');
    await this.repo.setLocked(caller.platformId, unique, locked ? 1 : 0);
    return owned.map((g) => g.guid);
  }
}
