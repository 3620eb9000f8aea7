import {
  DEVICE_SCENES,
  DEVICE_STATUSES,
  DEVICE_USE_STATES,
  type DevicePageRequest,
  type DeviceScene,
  type DeviceStatus,
  type DeviceUseState,
  type PageRequest,
} from '@coldchain/shared';
import {
  CHANNEL_KIND_NAMES,
  type ChannelKind,
  DEVICE_LEVEL_KINDS,
  describeChannel,
} from '@coldchain/shared/device-protocol';
import type { LiveReading } from '../../../api/live-state.ts';

/** How the console shows devices and their readings; no React here, so it is unit-tested. */

/** antd Tag colours of the same statuses. */
export function statusTagColor(status: DeviceStatus): string {
  switch (status) {
    case 'online':
    case 'normal':
      return 'success';
    case 'alarm':
      return 'error';
    case 'fault':
      return 'warning';
    case 'overdue':
      return 'purple';
    default:
      return 'default';
  }
}

export function isDeviceStatus(value: unknown): value is DeviceStatus {
  return typeof value === 'string' && (DEVICE_STATUSES as readonly string[]).includes(value);
}

function isUseState(value: unknown): value is DeviceUseState {
  return typeof value === 'string' && (DEVICE_USE_STATES as readonly string[]).includes(value);
}

function isScene(value: unknown): value is DeviceScene {
  return typeof value === 'number' && (DEVICE_SCENES as readonly number[]).includes(value);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The list's request from the shared list page's filters: only what the page call takes. */
export function devicePageRequest(request: PageRequest & Record<string, unknown>): DevicePageRequest {
  const out: DevicePageRequest = { start: request.start, pageSize: request.pageSize };
  if (request.sortField && request.sortOrder) {
    out.sortField = request.sortField;
    out.sortOrder = request.sortOrder;
  }
  const deviceName = text(request.deviceName);
  const deviceGuid = text(request.deviceGuid);
  if (deviceName) out.deviceName = deviceName;
  if (deviceGuid) out.deviceGuid = deviceGuid;
  if (isDeviceStatus(request.status)) out.status = request.status;
  if (isUseState(request.useState)) out.useState = request.useState;
  if (typeof request.deviceTypeId === 'number' && request.deviceTypeId > 0)
    out.deviceTypeId = request.deviceTypeId;
  if (typeof request.organizationId === 'number' && request.organizationId > 0)
    out.organizationId = request.organizationId;
  if (isScene(request.scene)) out.scene = request.scene;
  return out;
}

export type BatchCheck = 'ok' | 'none' | 'sameType';

/** 002 §5: nothing selected gives a message; batch device operations only for one device type. */
export function checkBatch(rows: readonly { deviceTypeId: number }[]): BatchCheck {
  if (rows.length === 0) return 'none';
  return new Set(rows.map((r) => r.deviceTypeId)).size > 1 ? 'sameType' : 'ok';
}

/** A channel as the console names it: its kind (a translation key), probe and unit. */
export interface ChannelView {
  channel: number;
  kind: ChannelKind | null;
  probe: number;
  unit: string;
}

/**
 * A channel's kind, probe and the unit its values are shown in: temperatures in °F for accounts set to
 * Fahrenheit (the server converts, docs/decisions.md), everything else in its protocol unit.
 */
export function channelView(channel: number, fahrenheit: boolean, unit?: string): ChannelView {
  const described = describeChannel(channel);
  const kind = described?.kind ?? null;
  const shownUnit = unit ?? (kind === 'temperature' && fahrenheit ? '°F' : (described?.unit ?? ''));
  return { channel, kind, probe: described?.probe ?? 0, unit: shownUnit };
}

/** A kind named by a history answer (a string there), when the console knows it. */
export function asKind(kind: string | null | undefined): ChannelKind | null {
  return (CHANNEL_KIND_NAMES as readonly string[]).includes(kind ?? '') ? (kind as ChannelKind) : null;
}

/** Battery, signal and position belong to the device; they are not "readings" of the list. */
export function isProbeChannel(channel: number): boolean {
  const kind = describeChannel(channel)?.kind;
  return kind !== undefined && !DEVICE_LEVEL_KINDS.includes(kind);
}

export interface ShownReading extends ChannelView, LiveReading {}

/** The newest readings of a device's probes, in channel order, with their units. */
export function shownReadings(
  latest: ReadonlyMap<number, LiveReading>,
  fahrenheit: boolean,
  units: ReadonlyMap<number, string> = new Map(),
): ShownReading[] {
  return [...latest.entries()]
    .filter(([channel]) => isProbeChannel(channel))
    .sort(([a], [b]) => a - b)
    .map(([channel, reading]) => ({ ...channelView(channel, fahrenheit, units.get(channel)), ...reading }));
}

/** A value with at most two decimals, in the reader's locale. */
export function formatValue(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A span of seconds as the largest whole unit: 300 -> 5 min. */
export function intervalParts(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' } {
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: 'hour' };
  if (seconds % 60 === 0) return { value: seconds / 60, unit: 'minute' };
  return { value: seconds, unit: 'second' };
}
