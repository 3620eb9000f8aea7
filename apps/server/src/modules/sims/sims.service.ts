import {
  DEVICE_ICCID_MAX,
  SIM_EXPORT_MAX_ROWS,
  type SimBind,
  type SimCondition,
  type SimImportError,
  type SimImportResult,
  type SimInsert,
  type SimPageRequest,
  type SimStateUpdate,
  type SimUpdate,
} from '@coldchain/shared';
import type { Insertable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import type { SimCardTable } from '../../db/tables/sims-guids.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { parseLine, readSimFile } from './sim-file.ts';
import type { SimCardRow, SimsRepo, SimView } from './sims.repo.ts';

/** Who acts: an operator of one platform; everything they reach belongs to that platform. */
export interface SimsCaller {
  accountId: number;
  userName: string;
  platformId: number;
}

/** A unique-constraint violation on either dialect (two imports or inserts racing for one ICCID). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e.message ?? '')
  );
}

/**
 * SIM cards of a platform's fleet (002 §3-§5): add, edit, import from a file with a report per row,
 * bind to and unbind from a device (the device's iccId follows), use and recharge states, export.
 * Another platform's card answers exactly like a missing one.
 */
export class SimsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SimsRepo,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  page(caller: SimsCaller, q: SimPageRequest) {
    return this.repo.page(caller.platformId, q);
  }

  async get(caller: SimsCaller, id: number): Promise<SimView> {
    const card = await this.repo.view(caller.platformId, id);
    if (!card) throw new AppError('simNotFound');
    return card;
  }

  private row(caller: SimsCaller, input: SimInsert, now: string): Insertable<SimCardTable> {
    return {
      platformId: caller.platformId,
      iccId: input.iccId,
      cardNum: input.cardNum ?? null,
      operator: input.operator || null,
      source: input.source || null,
      openTime: input.openTime ?? null,
      activeTime: input.activeTime ?? null,
      expiredTime: input.expiredTime ?? null,
      lastOnline: null,
      useState: input.useState ?? 'notActivated',
      rechargeState: input.rechargeState ?? 'notRecharged',
      balance: input.balance ?? null,
      plan: input.plan || null,
      freeMonth: input.freeMonth ?? null,
      description: input.description || null,
      deviceId: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  async insert(caller: SimsCaller, input: SimInsert): Promise<SimView> {
    if (await this.repo.byIccId(caller.platformId, input.iccId))
      throw new AppError('simIccidTaken', { iccId: input.iccId });
    let saved: SimCardRow;
    try {
      saved = await this.repo.insert(this.row(caller, input, this.now()));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('simIccidTaken', { iccId: input.iccId });
      throw error;
    }
    return this.get(caller, saved.id);
  }

  async update(caller: SimsCaller, input: SimUpdate): Promise<{ before: SimView; after: SimView }> {
    const before = await this.get(caller, input.id);
    const { id, ...changes } = input;
    if (changes.iccId !== undefined && changes.iccId !== before.iccId) {
      // The device carries the ICCID: change it by unbinding, editing, binding again.
      if (before.deviceId !== null) throw new AppError('simAlreadyBound');
      const other = await this.repo.byIccId(caller.platformId, changes.iccId);
      if (other && other.id !== id) throw new AppError('simIccidTaken', { iccId: changes.iccId });
    }
    try {
      await this.repo.update(caller.platformId, id, { ...changes, updatedAt: this.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('simIccidTaken', { iccId: changes.iccId ?? '' });
      throw error;
    }
    return { before, after: await this.get(caller, id) };
  }

  /** Use and/or recharge state of several cards of the platform; ids of other platforms change nothing. */
  async updateStates(caller: SimsCaller, input: SimStateUpdate): Promise<number> {
    const ids = [...new Set(input.ids)];
    const found = await Promise.all(ids.map((id) => this.repo.view(caller.platformId, id)));
    if (found.some((card) => !card)) throw new AppError('simNotFound');
    return this.repo.updateStates(caller.platformId, ids, {
      ...(input.useState ? { useState: input.useState } : {}),
      ...(input.rechargeState ? { rechargeState: input.rechargeState } : {}),
      updatedAt: this.now(),
    });
  }

  async delete(caller: SimsCaller, ids: readonly number[]): Promise<SimView[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new AppError('nothingSelected');
    const cards: SimView[] = [];
    for (const id of unique) {
      const card = await this.get(caller, id);
      if (card.deviceId !== null) throw new AppError('simBoundDelete', { iccId: card.iccId });
      cards.push(card);
    }
    await this.repo.delete(caller.platformId, unique);
    return cards;
  }

  /**
   * Binds a card to a device of the same platform, found by GUID: the device's iccId becomes the
   * card's. A card in another device, or a device holding another card, is refused; unbind first.
   */
  async bind(caller: SimsCaller, input: SimBind): Promise<{ card: SimView; deviceId: number }> {
    const card = await this.get(caller, input.id);
    if (card.deviceId !== null) throw new AppError('simAlreadyBound');
    const device = await this.db
      .selectFrom('device')
      .select(['id', 'iccId'])
      .where('deviceGuid', '=', input.deviceGuid)
      .where('platformId', '=', caller.platformId)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
    if (!device) throw new AppError('deviceNotFound');
    if (await this.repo.byDevice(device.id)) throw new AppError('deviceHasSim');
    if (card.iccId.length > DEVICE_ICCID_MAX)
      throw fieldError('iccId', 'rules.deviceIccId', { max: DEVICE_ICCID_MAX });
    try {
      await this.repo.bind(caller.platformId, card.id, device.id, card.iccId, this.now());
    } catch (error) {
      // Two binds racing for one device: the unique device column lets one through.
      if (isUniqueViolation(error)) throw new AppError('deviceHasSim');
      throw error;
    }
    return { card: await this.get(caller, card.id), deviceId: device.id };
  }

  async unbind(caller: SimsCaller, id: number): Promise<SimView> {
    const card = await this.get(caller, id);
    if (card.deviceId === null) throw new AppError('simNotBound');
    await this.repo.unbind(caller.platformId, card, this.now());
    return card;
  }

  /**
   * Imports a CSV or XLSX file. Every line is checked (format, limits, ICCID repeated in the file or
   * already on the platform); the good lines are stored together in one transaction and the bad ones
   * reported with their line, field and reason. A bad line never blocks the good ones.
   */
  async import(caller: SimsCaller, fileName: string, bytes: Buffer, t: Translate): Promise<SimImportResult> {
    const lines = await readSimFile(fileName, bytes);
    const errors: SimImportError[] = [];
    const good: { line: number; card: SimInsert }[] = [];
    const seen = new Map<string, number>();
    for (const line of lines) {
      const parsed = parseLine(line, t);
      if (!parsed.card) {
        errors.push({
          line: parsed.line,
          iccId: parsed.iccId,
          ...(parsed.problem ?? { field: 'iccId', message: '' }),
        });
        continue;
      }
      const first = seen.get(parsed.card.iccId);
      if (first !== undefined) {
        errors.push({
          line: parsed.line,
          iccId: parsed.card.iccId,
          field: 'iccId',
          message: t('simImport.repeated', { iccId: parsed.card.iccId, line: first }),
        });
        continue;
      }
      seen.set(parsed.card.iccId, parsed.line);
      good.push({ line: parsed.line, card: parsed.card });
    }
    const taken = await this.repo.takenIccIds(
      caller.platformId,
      good.map((g) => g.card.iccId),
    );
    const now = this.now();
    const rows: Insertable<SimCardTable>[] = [];
    for (const g of good) {
      if (taken.has(g.card.iccId))
        errors.push({
          line: g.line,
          iccId: g.card.iccId,
          field: 'iccId',
          message: t('errors.simIccidTaken', { iccId: g.card.iccId }),
        });
      else rows.push(this.row(caller, g.card, now));
    }
    try {
      await this.repo.insertMany(rows);
    } catch (error) {
      // Another import stored one of these ICCIDs meanwhile: nothing of this one was kept; try again.
      if (isUniqueViolation(error)) throw new AppError('simIccidTaken', { iccId: '' });
      throw error;
    }
    errors.sort((a, b) => a.line - b.line);
    return { total: lines.length, imported: rows.length, errors };
  }

  async exportRows(caller: SimsCaller, condition: SimCondition): Promise<SimView[]> {
    if ((await this.repo.count(caller.platformId, condition)) > SIM_EXPORT_MAX_ROWS)
      throw new AppError('exportTooLarge', { max: SIM_EXPORT_MAX_ROWS });
    return this.repo.all(caller.platformId, condition);
  }
}
