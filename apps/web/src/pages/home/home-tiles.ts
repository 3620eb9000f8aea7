import type { DeviceCounts, HomeTileKey } from '@coldchain/shared';

/** Share of enabled devices that are communicating, in percent; null with no enabled device. */
export function onlineRate(counts: Pick<DeviceCounts, 'online' | 'offline'> | undefined): number | null {
  if (!counts) return null;
  const enabled = counts.online + counts.offline;
  return enabled === 0 ? null : Math.round((counts.online / enabled) * 100);
}

/** Columns (of 24) a tile takes on wide screens: the counts a whole row, the map two thirds. */
export function tileSpan(key: HomeTileKey): number {
  if (key === 'deviceCount') return 24;
  if (key === 'deviceMap') return 16;
  return 8;
}
