import {
  PARAM_COMBINE_MIN,
  PARAM_VOCATIONAL_PROBE,
  type ParamInsert,
  type ParamPageRequest,
  type ParamUpdate,
  paramRuleIssues,
} from '@coldchain/shared';
import type { Insertable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DeviceTypeParamTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { bitListOf, storeBitList, storeValueRange, valueRangeOf } from './catalogue.presenter.ts';
import type { DeviceParamsRepo, ParamRow } from './device-params.repo.ts';
import type { DeviceTypesRepo } from './device-types.repo.ts';

type ParamFields = Omit<ParamInsert, 'deviceTypeId'>;

/** The stored columns of a parameter's fields (value texts and bit names flattened). */
export function paramColumns(p: Partial<ParamFields>): Partial<Insertable<DeviceTypeParamTable>> {
  const { valueRange, bitList, ...rest } = p;
  const out: Partial<Insertable<DeviceTypeParamTable>> = { ...rest };
  if (valueRange !== undefined) out.valueRange = storeValueRange(valueRange);
  if (bitList !== undefined) out.bitList = storeBitList(bitList);
  return out;
}

/** A stored parameter read back as the fields the rules of 002 §5 speak about. */
function ruleInput(row: ParamRow) {
  return { ...row, valueRange: valueRangeOf(row.valueRange), bitList: bitListOf(row.bitList) };
}

/**
 * Device parameters (002 §3) and their rules (§5): sort number above 0, display precision not above
 * transmission precision, value texts without comma or colon, references within the same type,
 * combining at least two probe parameters and separating only members of one combination.
 */
export class DeviceParamsService {
  constructor(
    private readonly repo: DeviceParamsRepo,
    private readonly types: DeviceTypesRepo,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<ParamRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.deviceParam' });
    return row;
  }

  async page(q: ParamPageRequest) {
    await this.assertType(q.deviceTypeId);
    return this.repo.page(q);
  }

  async list(deviceTypeId: number): Promise<ParamRow[]> {
    await this.assertType(deviceTypeId);
    return this.repo.byType(deviceTypeId);
  }

  async insert(input: ParamInsert): Promise<ParamRow> {
    await this.assertType(input.deviceTypeId);
    await this.assertKeyFree(input.deviceTypeId, input.paramKey);
    await this.assertReferences(input.deviceTypeId, input);
    const now = this.clock.now().toISOString();
    const { deviceTypeId, ...fields } = input;
    return this.repo.insert({
      ...(paramColumns(fields) as Insertable<DeviceTypeParamTable>),
      deviceTypeId,
      combineGroup: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(input: ParamUpdate): Promise<{ before: ParamRow; after: ParamRow }> {
    const before = await this.get(input.id);
    const { id, ...changes } = input;
    if (changes.paramKey !== undefined && changes.paramKey !== before.paramKey)
      await this.assertKeyFree(before.deviceTypeId, changes.paramKey, id);
    const merged = { ...ruleInput(before), ...changes };
    const issue = paramRuleIssues(merged)[0];
    if (issue) throw fieldError(issue.field, issue.rule);
    if (before.combineGroup !== null && merged.vocationalWork !== PARAM_VOCATIONAL_PROBE)
      throw fieldError('vocationalWork', 'rules.separateFirst');
    await this.assertReferences(before.deviceTypeId, changes, id);
    const after = await this.repo.update(id, {
      ...paramColumns(changes),
      updatedAt: this.clock.now().toISOString(),
    });
    if (!after) throw new AppError('notFound', { entity: 'entities.deviceParam' });
    return { before, after };
  }

  async delete(id: number): Promise<ParamRow> {
    const row = await this.get(id);
    await this.repo.delete(row, this.clock.now().toISOString());
    return row;
  }

  /** Combines probe parameters of one type, none combined yet, at least PARAM_COMBINE_MIN (002 §5). */
  async combine(ids: readonly number[]): Promise<ParamRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new AppError('nothingSelected');
    const rows = await this.repo.byIds(unique);
    if (rows.length !== unique.length) throw new AppError('notFound', { entity: 'entities.deviceParam' });
    const sameType = new Set(rows.map((r) => r.deviceTypeId)).size === 1;
    const probes = rows.every((r) => r.vocationalWork === PARAM_VOCATIONAL_PROBE && r.combineGroup === null);
    if (unique.length < PARAM_COMBINE_MIN || !sameType || !probes) throw new AppError('combineProbesOnly');
    const group = Math.min(...unique);
    await this.repo.setGroup(unique, group, null, this.clock.now().toISOString());
    return this.repo.inGroup(group);
  }

  /** Separates members of one combination; a combination left with one member dissolves (002 §5). */
  async separate(ids: readonly number[]): Promise<ParamRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new AppError('nothingSelected');
    const rows = await this.repo.byIds(unique);
    if (rows.length !== unique.length) throw new AppError('notFound', { entity: 'entities.deviceParam' });
    const groups = new Set(rows.map((r) => r.combineGroup));
    const group = rows[0]?.combineGroup ?? null;
    if (group === null || groups.size !== 1) throw new AppError('paramsNotMerged');
    await this.repo.setGroup(unique, null, group, this.clock.now().toISOString());
    return this.repo.byIds(unique);
  }

  private async assertType(deviceTypeId: number) {
    if (!(await this.types.byId(deviceTypeId)))
      throw new AppError('notFound', { entity: 'entities.deviceType' });
  }

  private async assertKeyFree(deviceTypeId: number, paramKey: string, exceptId?: number) {
    const owner = await this.repo.byKey(deviceTypeId, paramKey);
    if (owner && owner.id !== exceptId) throw new AppError('paramKeyTaken');
  }

  /** Referenced parameters belong to the same type (and are not the parameter itself); units exist. */
  private async assertReferences(
    deviceTypeId: number,
    p: Partial<Pick<ParamFields, 'refParamId' | 'paramMinRefId' | 'paramMaxRefId' | 'paramUnit'>>,
    selfId?: number,
  ) {
    for (const field of ['refParamId', 'paramMinRefId', 'paramMaxRefId'] as const) {
      const id = p[field];
      if (id == null) continue;
      const ref = await this.repo.byId(id);
      if (!ref || ref.deviceTypeId !== deviceTypeId || ref.id === selfId)
        throw fieldError(field, 'rules.paramRef');
    }
    if (p.paramUnit != null && !(await this.repo.unitExists(p.paramUnit)))
      throw fieldError('paramUnit', 'rules.unknownReference');
  }
}
