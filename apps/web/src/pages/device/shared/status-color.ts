import type { DeviceStatus, DeviceUseState } from '@coldchain/shared';

/**
 * Marker colours by status (002 §4); a device not in use is grey whatever it last reported. Kept
 * apart from device-view.ts, whose imports of shared constants would bring the shared schemas' chunk
 * (and zod) into the home page.
 */
const STATUS_COLORS: Record<DeviceStatus, string> = {
  online: '#52c41a',
  normal: '#52c41a',
  alarm: '#f5222d',
  fault: '#fa8c16',
  offline: '#8c8c8c',
  closed: '#8c8c8c',
  overdue: '#722ed1',
};

export function statusColor(status: DeviceStatus, useState: DeviceUseState): string {
  if (useState !== 'enabled') return '#bfbfbf';
  return STATUS_COLORS[status];
}
