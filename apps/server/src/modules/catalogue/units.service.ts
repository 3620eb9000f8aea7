import { type UnitInsert, type UnitPageRequest, type UnitUpdate, unitRuleIssues } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import { convertValue } from './unit-converter.ts';
import type { UnitRow, UnitsRepo } from './units.repo.ts';

/** Parameter units (002 §3) with formulas in X converting to and from their classification's basic unit. */
export class UnitsService {
  constructor(
    private readonly repo: UnitsRepo,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<UnitRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.unit' });
    return row;
  }

  page(q: UnitPageRequest) {
    return this.repo.page(q);
  }

  list(): Promise<UnitRow[]> {
    return this.repo.all();
  }

  async insert(input: UnitInsert): Promise<UnitRow> {
    await this.assertCodeFree(input.unitCode);
    const now = this.clock.now().toISOString();
    return this.repo.save(null, {
      unitName: input.unitName,
      unitCode: input.unitCode,
      unitClassify: input.unitClassify,
      localeCode: input.localeCode ?? null,
      basicUnitStatus: input.basicUnitStatus,
      unitPic: input.unitPic ?? null,
      alarmPic: input.alarmPic ?? null,
      toBasicFormula: input.toBasicFormula ?? null,
      formBasicFormula: input.formBasicFormula ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(input: UnitUpdate): Promise<{ before: UnitRow; after: UnitRow }> {
    const before = await this.get(input.id);
    const { id, ...changes } = input;
    if (changes.unitCode !== undefined && changes.unitCode !== before.unitCode)
      await this.assertCodeFree(changes.unitCode, id);
    const merged = { ...before, ...changes };
    const issue = unitRuleIssues(merged)[0];
    if (issue) throw fieldError(issue.field, issue.rule);
    const after = await this.repo.save(id, { ...changes, updatedAt: this.clock.now().toISOString() });
    return { before, after };
  }

  async delete(id: number): Promise<UnitRow> {
    const row = await this.get(id);
    if (await this.repo.inUse(id)) throw new AppError('entityInUse', { entity: 'entities.unit' });
    await this.repo.delete(id);
    return row;
  }

  async convert(fromUnitId: number, toUnitId: number, value: number): Promise<number> {
    const from = await this.get(fromUnitId);
    const to = await this.get(toUnitId);
    if (from.unitClassify !== to.unitClassify) throw fieldError('toUnitId', 'rules.sameClassify');
    const result = convertValue(value, from, to);
    if (result === null) throw fieldError('value', 'rules.notConvertible');
    return result;
  }

  private async assertCodeFree(unitCode: string, exceptId?: number) {
    const owner = await this.repo.byCode(unitCode);
    if (owner && owner.id !== exceptId) throw fieldError('unitCode', 'rules.taken');
  }
}
