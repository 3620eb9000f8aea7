import { useAccountInfo } from '../../../api/account.ts';
import { type TemperatureUnit, temperatureUnitOf } from './temperature.ts';

/** The signed-in account's temperature unit (personal info), which waybill answers use too. */
export function useTemperatureUnit(): TemperatureUnit {
  const { data } = useAccountInfo();
  return temperatureUnitOf(data?.baseAccount.temperatureUnit);
}
