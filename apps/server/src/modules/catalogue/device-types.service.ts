import {
  DEVICE_TYPE_FILE_FORMAT,
  DEVICE_TYPE_PUBLISHED,
  type DeviceTypeFile,
  type DeviceTypeInsert,
  type DeviceTypePageRequest,
  type DeviceTypeUpdate,
  PARAM_COMBINE_MIN,
  PARAM_VOCATIONAL_PROBE,
  paramRuleIssues,
} from '@coldchain/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DeviceTypeParamTable, DeviceTypeTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { bitListOf, storeScenes, valueRangeOf } from './catalogue.presenter.ts';
import type { DeviceParamsRepo, ParamRow } from './device-params.repo.ts';
import { paramColumns } from './device-params.service.ts';
import type { DeviceTypeRow, DeviceTypesRepo } from './device-types.repo.ts';
import type { SeriesRepo } from './series.repo.ts';
import type { UnitsRepo } from './units.repo.ts';

/**
 * Device types (002 §3): to be tested, testing, published (§4); release publishes, push offers a
 * published type to users, unpush withdraws it. A type with devices cannot be deleted. A type travels
 * between platforms as a JSON file holding the type and its parameters.
 */
export class DeviceTypesService {
  constructor(
    private readonly repo: DeviceTypesRepo,
    private readonly params: DeviceParamsRepo,
    private readonly series: SeriesRepo,
    private readonly units: UnitsRepo,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<DeviceTypeRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.deviceType' });
    return row;
  }

  page(q: DeviceTypePageRequest) {
    return this.repo.page(q);
  }

  options(all: boolean) {
    return this.repo.options(all);
  }

  async insert(input: DeviceTypeInsert): Promise<DeviceTypeRow> {
    await this.assertCodeFree(input.typeCode);
    await this.assertSeries(input.typeSeries);
    // A new type has no parameters yet, so it cannot name one for energy.
    if (input.energyParamId != null) throw fieldError('energyParamId', 'rules.paramRef');
    const now = this.clock.now().toISOString();
    return this.repo.insert({
      ...typeColumns(input),
      pushStatus: 0,
      createdAt: now,
      updatedAt: now,
    } as Insertable<DeviceTypeTable>);
  }

  async update(input: DeviceTypeUpdate): Promise<{ before: DeviceTypeRow; after: DeviceTypeRow }> {
    const before = await this.get(input.id);
    const { id, ...changes } = input;
    if (changes.typeCode !== undefined) await this.assertCodeFree(changes.typeCode, id);
    await this.assertSeries(changes.typeSeries);
    if (changes.energyParamId != null) {
      const param = await this.params.byId(changes.energyParamId);
      if (!param || param.deviceTypeId !== id) throw fieldError('energyParamId', 'rules.paramRef');
    }
    const columns: Updateable<DeviceTypeTable> = {
      ...typeColumns(changes),
      updatedAt: this.clock.now().toISOString(),
    };
    // Moving a type back into testing withdraws it from users.
    if (changes.typeStatus !== undefined) columns.pushStatus = 0;
    const after = await this.repo.update(id, columns);
    if (!after) throw new AppError('notFound', { entity: 'entities.deviceType' });
    return { before, after };
  }

  async release(id: number) {
    return this.transition(id, { typeStatus: DEVICE_TYPE_PUBLISHED });
  }

  async push(id: number) {
    const row = await this.get(id);
    if (row.typeStatus !== DEVICE_TYPE_PUBLISHED) throw new AppError('deviceTypeNotPublished');
    return this.transition(id, { pushStatus: 1 });
  }

  async unpush(id: number) {
    return this.transition(id, { pushStatus: 0 });
  }

  async delete(id: number): Promise<DeviceTypeRow> {
    const row = await this.get(id);
    if (await this.repo.hasDevices(id)) throw new AppError('entityInUse', { entity: 'entities.deviceType' });
    await this.repo.delete(id);
    return row;
  }

  /** The type and its parameters as a file another platform can import; ids become keys and codes. */
  async exportFile(id: number): Promise<DeviceTypeFile> {
    const type = await this.get(id);
    const params = await this.params.byType(id);
    const keyOf = new Map(params.map((p) => [p.id, p.paramKey]));
    const unitCodes = new Map((await this.units.all()).map((u) => [u.id, u.unitCode]));
    const key = (ref: number | null) => (ref === null ? null : (keyOf.get(ref) ?? null));
    return {
      format: DEVICE_TYPE_FILE_FORMAT,
      version: 1,
      deviceType: {
        typeName: type.typeName,
        typeCode: type.typeCode,
        seriesName: type.seriesName,
        mapMode: type.mapMode,
        connectType: type.connectType,
        typeStatus: type.typeStatus === 1 ? 1 : 0,
        energyStatus: bit(type.energyStatus),
        energyParamKey: key(type.energyParamId),
        energyType: type.energyType === 1 || type.energyType === 2 ? type.energyType : null,
        phoneStatus: bit(type.phoneStatus),
        autoSms: bit(type.autoSms),
        autoEmail: bit(type.autoEmail),
        batchParamStatus: bit(type.batchParamStatus),
        onlineUpgradeStatus: bit(type.onlineUpgradeStatus),
        waybillStatus: bit(type.waybillStatus),
        convertStatus: bit(type.convertStatus),
        netType: type.netType,
        wifiType: type.wifiType,
        nodeType: type.nodeType,
        gatewayDataStatus: bit(type.gatewayDataStatus),
        deviceImg: type.deviceImg,
        manualUrl: type.manualUrl,
        typeDesc: type.typeDesc,
        pushParamModified: bit(type.pushParamModified),
        typeScenes: type.typeScenes.split(',').map(Number) as DeviceTypeFile['deviceType']['typeScenes'],
        addType: type.addType as DeviceTypeFile['deviceType']['addType'],
      },
      params: params.map((p) => fileParam(p, key, unitCodes)),
    };
  }

  /**
   * Creates a type from an exported file: a new type "to be tested", never pushed. Keys inside the
   * file must resolve within it; units by code and the series by name must exist here.
   */
  async importFile(file: DeviceTypeFile): Promise<DeviceTypeRow> {
    const t = file.deviceType;
    await this.assertCodeFree(t.typeCode);
    const series = t.seriesName ? await this.series.byName(t.seriesName) : undefined;
    const keys = new Set<string>();
    const byKey = new Map(file.params.map((p) => [p.paramKey, p]));
    const unitIds = new Map((await this.units.all()).map((u) => [u.unitCode, u.id]));
    const groups = new Map<string, number>();
    for (const [i, p] of file.params.entries()) {
      const at = (field: string) => `params.${i}.${field}`;
      if (keys.has(p.paramKey)) throw fieldError(at('paramKey'), 'rules.duplicates');
      keys.add(p.paramKey);
      const issue = paramRuleIssues({
        ...p,
        paramMinRefId: p.paramMinRefKey ? 1 : null,
        paramMaxRefId: p.paramMaxRefKey ? 1 : null,
      })[0];
      if (issue) throw fieldError(at(issue.field), issue.rule);
      for (const field of ['refParamKey', 'paramMinRefKey', 'paramMaxRefKey', 'combineKey'] as const) {
        const ref = p[field];
        if (ref && (!byKey.has(ref) || (field !== 'combineKey' && ref === p.paramKey)))
          throw fieldError(at(field), 'rules.paramRef');
      }
      if (p.paramUnitCode && !unitIds.has(p.paramUnitCode))
        throw fieldError(at('paramUnitCode'), 'rules.unknownReference');
      if (p.combineKey) {
        if (p.vocationalWork !== PARAM_VOCATIONAL_PROBE) throw new AppError('combineProbesOnly');
        groups.set(p.combineKey, (groups.get(p.combineKey) ?? 0) + 1);
      }
    }
    if ([...groups.values()].some((n) => n < PARAM_COMBINE_MIN)) throw new AppError('combineProbesOnly');
    if (t.energyParamKey && !byKey.has(t.energyParamKey))
      throw fieldError('deviceType.energyParamKey', 'rules.paramRef');

    const now = this.clock.now().toISOString();
    const { seriesName: _series, energyParamKey, ...typeFields } = t;
    const rows = file.params.map((p) => {
      const { refParamKey, paramMinRefKey, paramMaxRefKey, paramUnitCode, combineKey, ...fields } = p;
      return {
        ...(paramColumns(fields) as Omit<Insertable<DeviceTypeParamTable>, 'deviceTypeId'>),
        paramUnit: paramUnitCode ? (unitIds.get(paramUnitCode) ?? null) : null,
        combineGroup: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    const id = await this.repo.insertWithParams(
      {
        ...(typeColumns(typeFields) as Insertable<DeviceTypeTable>),
        typeSeries: series?.id ?? null,
        typeStatus: 0,
        pushStatus: 0,
        energyParamId: null,
        createdAt: now,
        updatedAt: now,
      },
      rows,
      (ids) => ({
        params: file.params.map((p) => {
          const ref = (k: string | null | undefined) => (k ? (ids.get(k) ?? null) : null);
          const changes: Updateable<DeviceTypeParamTable> = {};
          if (p.refParamKey) changes.refParamId = ref(p.refParamKey);
          if (p.paramMinRefKey) changes.paramMinRefId = ref(p.paramMinRefKey);
          if (p.paramMaxRefKey) changes.paramMaxRefId = ref(p.paramMaxRefKey);
          if (p.combineKey) changes.combineGroup = ref(p.combineKey);
          return { paramKey: p.paramKey, changes };
        }),
        type: energyParamKey ? { energyParamId: ids.get(energyParamKey) ?? null } : {},
      }),
    );
    return this.get(id);
  }

  private async transition(id: number, changes: Updateable<DeviceTypeTable>) {
    const before = await this.get(id);
    const after = await this.repo.update(id, { ...changes, updatedAt: this.clock.now().toISOString() });
    if (!after) throw new AppError('notFound', { entity: 'entities.deviceType' });
    return { before, after };
  }

  private async assertCodeFree(typeCode: string, exceptId?: number) {
    const owner = await this.repo.byCode(typeCode);
    if (owner && owner.id !== exceptId) throw new AppError('typeCodeTaken');
  }

  private async assertSeries(typeSeries: number | null | undefined) {
    if (typeSeries != null && !(await this.repo.seriesExists(typeSeries)))
      throw fieldError('typeSeries', 'rules.unknownReference');
  }
}

const bit = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** Device type fields as columns (scenes flattened). */
function typeColumns<T extends { typeScenes?: readonly number[] | undefined }>(
  input: T,
): Omit<T, 'typeScenes'> & { typeScenes?: string } {
  const { typeScenes, ...rest } = input;
  return typeScenes === undefined ? rest : { ...rest, typeScenes: storeScenes(typeScenes) };
}

function fileParam(
  p: ParamRow,
  key: (ref: number | null) => string | null,
  unitCodes: Map<number, string>,
): DeviceTypeFile['params'][number] {
  return {
    paramClassify: p.paramClassify,
    paramType: p.paramType,
    paramName: p.paramName,
    paramKey: p.paramKey,
    paramCode: p.paramCode,
    paramSortNo: p.paramSortNo,
    dataType: p.dataType,
    vocationalWork: p.vocationalWork,
    probeId: p.probeId,
    valueRange: valueRangeOf(p.valueRange),
    paramDefault: p.paramDefault,
    paramDefaultF: p.paramDefaultF,
    precisionUnit: p.precisionUnit,
    viewPrecisionUnit: p.viewPrecisionUnit,
    autoConvert: bit(p.autoConvert),
    paramMinType: p.paramMinType === 1 ? 1 : 0,
    paramMaxType: p.paramMaxType === 1 ? 1 : 0,
    paramMin: p.paramMin,
    paramMax: p.paramMax,
    paramMinEqual: bit(p.paramMinEqual),
    paramMaxEqual: bit(p.paramMaxEqual),
    stepLength: p.stepLength,
    readWriteType: p.readWriteType,
    enforceSend: bit(p.enforceSend),
    refParamExpression: p.refParamExpression,
    bitLength: p.bitLength,
    bitList: bitListOf(p.bitList),
    regExp: p.regExp,
    regExpTip: p.regExpTip,
    groupName: p.groupName,
    description: p.description,
    refParamKey: key(p.refParamId),
    paramMinRefKey: key(p.paramMinRefId),
    paramMaxRefKey: key(p.paramMaxRefId),
    paramUnitCode: p.paramUnit === null ? null : (unitCodes.get(p.paramUnit) ?? null),
    combineKey: key(p.combineGroup),
  };
}
