import type { ChannelInfo } from '@coldchain/shared';
import { describeChannel } from '@coldchain/shared/device-protocol';
import type { Limits } from './stats.ts';

export interface DeviceLimits {
  upperLimit: number | null;
  lowerLimit: number | null;
  correctionValue: number | null;
}

export interface ProbeLimits {
  probeId: number;
  upperLimit: number;
  lowerLimit: number;
  correctionValue: number;
}

/** How one channel's stored values become what a caller sees. */
export interface ChannelSettings extends ChannelInfo {
  temperature: boolean;
  /** Added to the stored value (the probe's correction, or the device's for temperature). */
  correction: number;
  /** Limits in the stored unit (°C for temperature). */
  limits: Limits;
  /** Stored unit → the caller's unit (°C → °F for Fahrenheit accounts), rounded to 4 decimals. */
  display: (value: number) => number;
}

/** Precision of the spec is 0-4 decimals; rounding there hides float noise such as 4.1 + 0.3. */
export const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const toFahrenheit = (c: number) => round4((c * 9) / 5 + 32);

/**
 * A channel's settings: a probe channel takes the limits and correction of its probe setting when
 * there is one; a temperature channel without one takes the device's upper and lower limit and
 * correction; any other channel has neither.
 */
export function channelSettings(
  channel: number,
  device: DeviceLimits,
  probes: readonly ProbeLimits[],
  fahrenheit: boolean,
): ChannelSettings {
  const described = describeChannel(channel);
  const kind = described?.kind ?? null;
  const probe = described?.probe ?? 0;
  const temperature = kind === 'temperature';
  const setting = probe > 0 ? probes.find((p) => p.probeId === probe) : undefined;
  const convert = temperature && fahrenheit;
  return {
    channel,
    kind,
    probe,
    unit: convert ? '°F' : (described?.unit ?? ''),
    temperature,
    correction: setting?.correctionValue ?? (temperature ? (device.correctionValue ?? 0) : 0),
    limits: setting
      ? { upper: setting.upperLimit, lower: setting.lowerLimit }
      : temperature
        ? { upper: device.upperLimit, lower: device.lowerLimit }
        : { upper: null, lower: null },
    display: convert ? toFahrenheit : round4,
  };
}

/** A stored value corrected, still in the stored unit. */
export const corrected = (settings: ChannelSettings, value: number) =>
  settings.correction ? round4(value + settings.correction) : value;

/** A stored value as the caller sees it: corrected, then in the caller's unit. */
export const shown = (settings: ChannelSettings, value: number) =>
  settings.display(corrected(settings, value));

export const channelInfo = (s: ChannelSettings): ChannelInfo => ({
  channel: s.channel,
  kind: s.kind,
  probe: s.probe,
  unit: s.unit,
});
