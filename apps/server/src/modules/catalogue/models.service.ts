import type { ModelInsert, ModelPageRequest, ModelUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { DeviceTypesRepo } from './device-types.repo.ts';
import type { ModelRow, ModelsRepo } from './models.repo.ts';

/** Model codes (002 §3): enabled or disabled (§4); a disabled model cannot be given to new devices. */
export class ModelsService {
  constructor(
    private readonly repo: ModelsRepo,
    private readonly types: DeviceTypesRepo,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<ModelRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.deviceModel' });
    return row;
  }

  page(q: ModelPageRequest) {
    return this.repo.page(q);
  }

  async insert(input: ModelInsert): Promise<ModelRow> {
    await this.assertCodeFree(input.modelCode);
    await this.assertType(input.deviceTypeId);
    const now = this.clock.now().toISOString();
    return this.repo.insert({
      modelName: input.modelName,
      modelCode: input.modelCode,
      deviceTypeId: input.deviceTypeId ?? null,
      modelType: input.modelType ?? null,
      modelPic: input.modelPic ?? null,
      modelLogo: input.modelLogo ?? null,
      modelVolume: input.modelVolume ?? null,
      temperatureRange: input.temperatureRange ?? null,
      modelVoltage: input.modelVoltage ?? null,
      modelRefrigerationPower: input.modelRefrigerationPower ?? null,
      modelDefrostPower: input.modelDefrostPower ?? null,
      modelDesc: input.modelDesc ?? null,
      modelFlag: input.modelFlag,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(input: ModelUpdate): Promise<{ before: ModelRow; after: ModelRow }> {
    const before = await this.get(input.id);
    const { id, ...changes } = input;
    if (changes.modelCode !== undefined) await this.assertCodeFree(changes.modelCode, id);
    await this.assertType(changes.deviceTypeId);
    const after = await this.repo.update(id, { ...changes, updatedAt: this.clock.now().toISOString() });
    if (!after) throw new AppError('notFound', { entity: 'entities.deviceModel' });
    return { before, after };
  }

  setState(id: number, modelFlag: 0 | 1) {
    return this.update({ id, modelFlag });
  }

  async delete(id: number): Promise<ModelRow> {
    const row = await this.get(id);
    if (await this.repo.inUse(id)) throw new AppError('entityInUse', { entity: 'entities.deviceModel' });
    await this.repo.delete(id);
    return row;
  }

  private async assertCodeFree(modelCode: string, exceptId?: number) {
    const owner = await this.repo.byCode(modelCode);
    if (owner && owner.id !== exceptId) throw new AppError('modelCodeTaken');
  }

  private async assertType(deviceTypeId: number | null | undefined) {
    if (deviceTypeId == null) return;
    if (!(await this.types.byId(deviceTypeId))) throw fieldError('deviceTypeId', 'rules.unknownReference');
  }
}
