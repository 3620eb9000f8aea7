import { WAYBILL_TEMPERATURE_MAX, WAYBILL_TEMPERATURE_MIN, type WaybillDetail } from '@coldchain/shared';

/** The unit waybill temperatures are read and entered in: the account's (the server converts). */
export type TemperatureUnit = WaybillDetail['temperatureUnit'];

export const temperatureUnitOf = (value: string | null | undefined): TemperatureUnit =>
  value === 'F' ? 'F' : 'C';

export const temperatureSymbol = (unit: TemperatureUnit) => (unit === 'F' ? '℉' : '℃');

const fahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;

/** What a temperature input accepts: the settable °C range, in the account's unit. */
export function temperatureBounds(unit: TemperatureUnit): { min: number; max: number } {
  return unit === 'F'
    ? { min: fahrenheit(WAYBILL_TEMPERATURE_MIN), max: fahrenheit(WAYBILL_TEMPERATURE_MAX) }
    : { min: WAYBILL_TEMPERATURE_MIN, max: WAYBILL_TEMPERATURE_MAX };
}

/** "2 ~ 8 ℃"; a missing end shows as "-". */
export function limitsText(lower: number | null, upper: number | null, unit: TemperatureUnit): string {
  const text = (v: number | null) => (v === null ? '-' : String(v));
  return `${text(lower)} ~ ${text(upper)} ${temperatureSymbol(unit)}`;
}
