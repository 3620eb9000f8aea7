import { MAX_RECORDS_PER_MESSAGE } from '@coldchain/shared/device-protocol';
import type { Profile } from './profiles.ts';
import type { Route } from './route.ts';
import { type DeviceIdentity, type Disturbance, SimulatedDevice, type Upload } from './simulated-device.ts';

/** What happened to a device in the past, beyond its profile's defrost cycles. */
export interface HistoryScenario {
  /** Door openings (device time, ms); the profile's random door openings are left out of a history. */
  doors?: readonly number[];
  disturbances?: readonly Disturbance[];
  /** Spans without a connection: the device keeps recording and sends the span when it is back. */
  outages?: readonly { from: number; to: number }[];
}

export interface HistoryOptions {
  from: number;
  to: number;
  /** ms between records */
  stepMs: number;
  /** ms between uploads while connected */
  uploadEveryMs: number;
  route?: Route;
  scenario?: HistoryScenario;
}

/**
 * A device's past as the uploads it would have made, oldest first: records every `stepMs` from `from`
 * to `to`, sent every `uploadEveryMs`, except during an outage, whose records go out (as a backfill)
 * with the first upload after it. Deterministic for a device GUID, so a demo's history is the same on
 * every machine.
 */
export function recordHistory(identity: DeviceIdentity, profile: Profile, options: HistoryOptions): Upload[] {
  const scenario = options.scenario ?? {};
  const quiet: Profile = { ...profile, doorEveryMinutes: Number.POSITIVE_INFINITY, outageEveryMinutes: 0 };
  const device = new SimulatedDevice(
    identity,
    {
      profile: quiet,
      recordIntervalMs: options.stepMs,
      uploadIntervalMs: options.uploadEveryMs,
      ...(options.route ? { route: options.route } : {}),
      ...(scenario.disturbances ? { disturbances: scenario.disturbances } : {}),
    },
    options.from,
  );
  const doors = [...(scenario.doors ?? [])].sort((a, b) => a - b);
  const offline = (t: number) => (scenario.outages ?? []).some((o) => o.from <= t && t < o.to);
  const uploads: Upload[] = [];
  let nextUpload = options.from + options.uploadEveryMs;
  const send = () => {
    const pending = device.pending();
    if (pending.records.length === 0 && pending.events.length === 0) return;
    for (let i = 0; i < pending.records.length; i += MAX_RECORDS_PER_MESSAGE) {
      const records = pending.records.slice(i, i + MAX_RECORDS_PER_MESSAGE);
      uploads.push({ records, events: i === 0 ? pending.events : [] });
    }
    if (pending.records.length === 0) uploads.push({ records: [], events: pending.events });
    device.uploaded(pending);
  };
  for (let t = options.from; t <= options.to; t += options.stepMs) {
    const door = doors[0];
    if (door !== undefined && door <= t) {
      device.scheduleDoor(doors.shift() as number);
    }
    device.sample(t);
    if (t >= nextUpload && !offline(t)) {
      send();
      nextUpload = t + options.uploadEveryMs;
    }
  }
  send();
  return uploads;
}
