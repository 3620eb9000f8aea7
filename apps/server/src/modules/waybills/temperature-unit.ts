import { WAYBILL_TEMPERATURE_MAX, WAYBILL_TEMPERATURE_MIN } from '@coldchain/shared';
import { fieldError } from '../../errors.ts';
import { round4 } from '../../history/channel-settings.ts';

/** The unit an account reads and writes waybill temperatures in; they are stored in °C. */
export type TemperatureUnit = 'C' | 'F';

/** The waybill fields that hold temperatures (humidity limits are not converted). */
export const TEMPERATURE_FIELDS = ['upperLimit', 'lowerLimit', 'warnUpperLimit', 'warnLowerLimit'] as const;
export type TemperatureField = (typeof TEMPERATURE_FIELDS)[number];

export const temperatureUnitOf = (value: string): TemperatureUnit => (value === 'F' ? 'F' : 'C');
export const unitSymbol = (unit: TemperatureUnit) => (unit === 'F' ? '°F' : '°C');

/** A stored °C value as the caller sees it, rounded to the spec's 4 decimals. */
export const shownTemperature = (celsius: number, unit: TemperatureUnit): number =>
  unit === 'F' ? round4((celsius * 9) / 5 + 32) : celsius;

/** A value the caller gave, in °C for storing and checking. */
export const storedTemperature = (value: number, unit: TemperatureUnit): number =>
  unit === 'F' ? round4(((value - 32) * 5) / 9) : value;

type Fields = Partial<Record<TemperatureField, unknown>>;

/** The temperature fields of a stored record (or template content) in the caller's unit. */
export function temperaturesShown<T extends Fields>(record: T, unit: TemperatureUnit): T {
  if (unit === 'C') return record;
  const out: Fields = { ...record };
  for (const field of TEMPERATURE_FIELDS) {
    const value = record[field];
    if (typeof value === 'number') out[field] = shownTemperature(value, unit);
  }
  return out as T;
}

/**
 * The temperature fields of a caller's input in °C, each checked against the settable range (the
 * message gives the bound in the caller's unit). A value the caller sends back unchanged keeps the
 * stored one exactly, so a °F round trip never moves a stored limit by rounding.
 */
export function temperaturesStored<T extends Fields>(
  input: T,
  unit: TemperatureUnit,
  kept: Fields | null = null,
): T {
  const out: Fields = { ...input };
  for (const field of TEMPERATURE_FIELDS) {
    const value = input[field];
    if (typeof value !== 'number') continue;
    const before = kept?.[field];
    const celsius =
      typeof before === 'number' && shownTemperature(before, unit) === value
        ? before
        : storedTemperature(value, unit);
    if (celsius < WAYBILL_TEMPERATURE_MIN)
      throw fieldError(field, 'rules.tooSmall', {
        minimum: shownTemperature(WAYBILL_TEMPERATURE_MIN, unit),
      });
    if (celsius > WAYBILL_TEMPERATURE_MAX)
      throw fieldError(field, 'rules.tooBig', { maximum: shownTemperature(WAYBILL_TEMPERATURE_MAX, unit) });
    out[field] = celsius;
  }
  return out as T;
}
