import {
  DEVICE_SCENES,
  DEVICE_TYPE_IMPORT_MAX_BYTES,
  type DeviceType,
  type DeviceTypeInsert,
} from '@coldchain/shared';
import i18next from 'i18next';
import { flag, textOrNull } from '../form-values.ts';

// The device type form's values and the request bodies made of them (002 §3).

/** The switches of a type (002 §3), shown as on/off. */
export const SWITCHES = [
  'energyStatus',
  'phoneStatus',
  'autoSms',
  'autoEmail',
  'batchParamStatus',
  'onlineUpgradeStatus',
  'waybillStatus',
  'gatewayDataStatus',
  'pushParamModified',
] as const;
export type SwitchField = (typeof SWITCHES)[number];

/** Small codes whose values the spec does not list (decisions): entered as numbers 0-99. */
export const CODES = ['mapMode', 'connectType', 'netType', 'wifiType', 'nodeType'] as const;
export type CodeField = (typeof CODES)[number];

export type TypeFields = Record<SwitchField, boolean> &
  Record<CodeField, number> & {
    typeName: string;
    typeCode: string;
    typeSeries: number | null;
    typeStatus: 0 | 1 | 2;
    energyParamId: number | null;
    energyType: 1 | 2 | null;
    convertStatus: 0 | 1;
    deviceImg: string;
    manualUrl: string;
    typeDesc: string;
    typeScenes: number[];
    addType: 0 | 1 | 2;
  };

export const TYPE_FIELD_NAMES: readonly string[] = [
  ...SWITCHES,
  ...CODES,
  'typeName',
  'typeCode',
  'typeSeries',
  'typeStatus',
  'energyParamId',
  'energyType',
  'convertStatus',
  'deviceImg',
  'manualUrl',
  'typeDesc',
  'typeScenes',
  'addType',
];

export function typeInitialValues(type: DeviceType | null): TypeFields {
  const on = (v: number | undefined) => v === 1;
  return {
    typeName: type?.typeName ?? '',
    typeCode: type?.typeCode ?? '',
    typeSeries: type?.typeSeries ?? null,
    typeStatus: type?.typeStatus === 1 || type?.typeStatus === 2 ? type.typeStatus : 0,
    energyParamId: type?.energyParamId ?? null,
    energyType: type?.energyType === 1 || type?.energyType === 2 ? type.energyType : null,
    convertStatus: type?.convertStatus ?? 0,
    deviceImg: type?.deviceImg ?? '',
    manualUrl: type?.manualUrl ?? '',
    typeDesc: type?.typeDesc ?? '',
    typeScenes: type?.typeScenes ?? [DEVICE_SCENES[0]],
    addType: type?.addType === 1 || type?.addType === 2 ? type.addType : 0,
    mapMode: type?.mapMode ?? 0,
    connectType: type?.connectType ?? 0,
    netType: type?.netType ?? 0,
    wifiType: type?.wifiType ?? 0,
    nodeType: type?.nodeType ?? 0,
    energyStatus: on(type?.energyStatus),
    phoneStatus: on(type?.phoneStatus),
    autoSms: on(type?.autoSms),
    autoEmail: on(type?.autoEmail),
    batchParamStatus: on(type?.batchParamStatus),
    onlineUpgradeStatus: on(type?.onlineUpgradeStatus),
    waybillStatus: on(type?.waybillStatus),
    gatewayDataStatus: on(type?.gatewayDataStatus),
    pushParamModified: on(type?.pushParamModified),
  };
}

/** The insert body from the form; the status is only sent when it moves between 0 and 1. */
export function typeBody(values: TypeFields): Omit<DeviceTypeInsert, 'typeStatus' | 'energyParamId'> {
  return {
    typeName: values.typeName.trim(),
    typeCode: values.typeCode.trim(),
    typeSeries: values.typeSeries ?? null,
    mapMode: values.mapMode,
    connectType: values.connectType,
    energyType: values.energyType ?? null,
    convertStatus: values.convertStatus,
    netType: values.netType,
    wifiType: values.wifiType,
    nodeType: values.nodeType,
    deviceImg: textOrNull(values.deviceImg),
    manualUrl: textOrNull(values.manualUrl),
    typeDesc: textOrNull(values.typeDesc),
    typeScenes: values.typeScenes as DeviceTypeInsert['typeScenes'],
    addType: values.addType,
    energyStatus: flag(values.energyStatus),
    phoneStatus: flag(values.phoneStatus),
    autoSms: flag(values.autoSms),
    autoEmail: flag(values.autoEmail),
    batchParamStatus: flag(values.batchParamStatus),
    onlineUpgradeStatus: flag(values.onlineUpgradeStatus),
    waybillStatus: flag(values.waybillStatus),
    gatewayDataStatus: flag(values.gatewayDataStatus),
    pushParamModified: flag(values.pushParamModified),
  };
}

/** The file rules of 002 §5 for a type upload: JSON only, at most 1 MB. Answers the problem, if any. */
export function importProblem(file: { name: string; size: number }): string | null {
  if (!file.name.toLowerCase().endsWith('.json'))
    return i18next.t('catalogue.errors.fileType', { types: 'JSON' });
  if (file.size > DEVICE_TYPE_IMPORT_MAX_BYTES)
    return i18next.t('catalogue.errors.fileTooLarge', { maxMb: DEVICE_TYPE_IMPORT_MAX_BYTES / 1024 / 1024 });
  return null;
}
