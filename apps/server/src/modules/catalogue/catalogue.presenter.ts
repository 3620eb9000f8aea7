import type { DeviceType, DeviceTypeOption, Model, Param, Series, Unit } from '@coldchain/shared';
import type { ParamRow } from './device-params.repo.ts';
import type { DeviceTypeRow } from './device-types.repo.ts';
import type { ModelRow } from './models.repo.ts';
import type { SeriesRow } from './series.repo.ts';
import type { UnitRow } from './units.repo.ts';

export const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

/** typeScenes are stored as "1,2"; the first is the default scene. */
export const scenesOf = (stored: string): number[] => stored.split(',').filter(Boolean).map(Number);
export const storeScenes = (scenes: readonly number[]): string => scenes.join(',');

/** Value texts are stored as "value:text,value:text" (002 §5 forbids commas and colons inside them). */
export function valueRangeOf(stored: string | null): { value: string; text: string }[] {
  if (!stored) return [];
  return stored.split(',').map((pair) => {
    const [value = '', text = ''] = pair.split(':');
    return { value, text };
  });
}
export function storeValueRange(
  items: readonly { value: string; text: string }[] | null | undefined,
): string | null {
  return items?.length ? items.map((i) => `${i.value}:${i.text}`).join(',') : null;
}
export function bitListOf(stored: string | null): { bit: number; name: string }[] {
  return stored ? (JSON.parse(stored) as { bit: number; name: string }[]) : [];
}
export function storeBitList(
  items: readonly { bit: number; name: string }[] | null | undefined,
): string | null {
  return items?.length ? JSON.stringify(items) : null;
}

export function presentSeries(row: SeriesRow): Series {
  return { id: row.id, seriesName: row.seriesName, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export function presentUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    unitName: row.unitName,
    unitCode: row.unitCode,
    unitClassify: row.unitClassify,
    localeCode: row.localeCode,
    basicUnitStatus: flag(row.basicUnitStatus),
    unitPic: row.unitPic,
    alarmPic: row.alarmPic,
    toBasicFormula: row.toBasicFormula,
    formBasicFormula: row.formBasicFormula,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentModel(row: ModelRow): Model {
  return {
    id: row.id,
    modelName: row.modelName,
    modelCode: row.modelCode,
    deviceTypeId: row.deviceTypeId,
    modelType: row.modelType,
    modelPic: row.modelPic,
    modelLogo: row.modelLogo,
    modelVolume: row.modelVolume,
    temperatureRange: row.temperatureRange,
    modelVoltage: row.modelVoltage,
    modelRefrigerationPower: row.modelRefrigerationPower,
    modelDefrostPower: row.modelDefrostPower,
    modelDesc: row.modelDesc,
    modelFlag: flag(row.modelFlag),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentDeviceType(row: DeviceTypeRow): DeviceType {
  return {
    id: row.id,
    typeName: row.typeName,
    typeCode: row.typeCode,
    typeSeries: row.typeSeries,
    seriesName: row.seriesName,
    mapMode: row.mapMode,
    connectType: row.connectType,
    typeStatus: row.typeStatus,
    pushStatus: flag(row.pushStatus),
    energyStatus: flag(row.energyStatus),
    energyParamId: row.energyParamId,
    energyType: row.energyType,
    phoneStatus: flag(row.phoneStatus),
    autoSms: flag(row.autoSms),
    autoEmail: flag(row.autoEmail),
    batchParamStatus: flag(row.batchParamStatus),
    onlineUpgradeStatus: flag(row.onlineUpgradeStatus),
    waybillStatus: flag(row.waybillStatus),
    convertStatus: flag(row.convertStatus),
    netType: row.netType,
    wifiType: row.wifiType,
    nodeType: row.nodeType,
    gatewayDataStatus: flag(row.gatewayDataStatus),
    deviceImg: row.deviceImg,
    manualUrl: row.manualUrl,
    typeDesc: row.typeDesc,
    pushParamModified: flag(row.pushParamModified),
    typeScenes: scenesOf(row.typeScenes),
    addType: row.addType,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentTypeOption(row: DeviceTypeRow): DeviceTypeOption {
  return {
    id: row.id,
    typeName: row.typeName,
    typeCode: row.typeCode,
    typeScenes: scenesOf(row.typeScenes),
    deviceImg: row.deviceImg,
  };
}

export function presentParam(row: ParamRow): Param {
  return {
    id: row.id,
    deviceTypeId: row.deviceTypeId,
    paramClassify: row.paramClassify,
    paramType: row.paramType,
    paramName: row.paramName,
    paramKey: row.paramKey,
    paramCode: row.paramCode,
    paramSortNo: row.paramSortNo,
    dataType: row.dataType,
    vocationalWork: row.vocationalWork,
    probeId: row.probeId,
    refParamId: row.refParamId,
    valueRange: valueRangeOf(row.valueRange),
    paramDefault: row.paramDefault,
    paramDefaultF: row.paramDefaultF,
    precisionUnit: row.precisionUnit,
    viewPrecisionUnit: row.viewPrecisionUnit,
    autoConvert: flag(row.autoConvert),
    paramMinType: row.paramMinType,
    paramMaxType: row.paramMaxType,
    paramMin: row.paramMin,
    paramMax: row.paramMax,
    paramMinRefId: row.paramMinRefId,
    paramMaxRefId: row.paramMaxRefId,
    paramMinEqual: flag(row.paramMinEqual),
    paramMaxEqual: flag(row.paramMaxEqual),
    stepLength: row.stepLength,
    paramUnit: row.paramUnit,
    readWriteType: row.readWriteType,
    enforceSend: flag(row.enforceSend),
    refParamExpression: row.refParamExpression,
    bitLength: row.bitLength,
    bitList: bitListOf(row.bitList),
    regExp: row.regExp,
    regExpTip: row.regExpTip,
    groupName: row.groupName,
    description: row.description,
    combineGroup: row.combineGroup,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
