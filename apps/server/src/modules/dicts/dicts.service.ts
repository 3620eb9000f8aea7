import type { DictItem, DictType, TimeZoneItem } from '@coldchain/shared';
import { DICTIONARIES } from '@coldchain/shared/dictionaries';
import type { Clock } from '../../clock.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { formatOffset, offsetMinutes, TIME_ZONES } from './time-zones.ts';

/** Offsets move with daylight saving; the list is recomputed every quarter hour (a zone may shift on :30). */
const ZONE_CACHE_MS = 15 * 60_000;

/** Dictionaries whose values live in code and whose labels come from the caller's language. */
export class DictsService {
  private zones: { slot: number; items: TimeZoneItem[] } | undefined;
  constructor(private readonly clock: Clock) {}

  items(type: DictType, t: Translate): DictItem[] {
    return DICTIONARIES[type].map((value) => ({ dataValue: value, label: t(`dict.${type}.${value}`) }));
  }

  /** Every time zone with its offset now, west to east, then by name. */
  timeZones(): TimeZoneItem[] {
    const now = this.clock.now();
    const slot = Math.floor(now.getTime() / ZONE_CACHE_MS);
    if (this.zones?.slot === slot) return this.zones.items;
    const items = TIME_ZONES.map((zone) => {
      const minutes = offsetMinutes(zone, now);
      const offset = formatOffset(minutes);
      return { dataValue: zone, label: `(UTC${offset}) ${zone}`, offset, offsetMinutes: minutes };
    }).sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.dataValue.localeCompare(b.dataValue));
    this.zones = { slot, items };
    return items;
  }
}
