import type { DeviceEventPayload, TelemetryRecord } from '@coldchain/shared/device-protocol';
import { type Profile, randomSource, routePosition } from './profiles.ts';
import { positionAlong, type Route, routeFraction } from './route.ts';

export interface DeviceIdentity {
  guid: string;
  secret: string;
  /** The firmware version it runs (online upgrades change it; see upgrade.ts). */
  version?: string;
}

export interface SimulatedDeviceOptions {
  profile: Profile;
  /** ms between records */
  recordIntervalMs: number;
  /** ms between uploads; records in between are buffered and sent as one batch */
  uploadIntervalMs: number;
  seed?: number;
  /** Drive this route (from the first record on) instead of the profile's loop; moving profiles only. */
  route?: Route;
  /** Spans in device time when the temperature target is raised (a failing compressor, a power cut). */
  disturbances?: readonly Disturbance[];
}

/** From `from` to `to` (device time, ms) every probe's target is `rise` °C warmer. */
export interface Disturbance {
  from: number;
  to: number;
  rise: number;
}

/** What the device has to send at an upload: buffered records and events, oldest first. */
export interface Upload {
  records: TelemetryRecord[];
  events: DeviceEventPayload[];
}

/**
 * One device's sensors and memory. `sample(now)` takes a record on the device's clock; the device
 * keeps records and events until an upload succeeds, so an outage turns into a backfill batch later.
 * Nothing here talks to the network (see transports.ts and fleet.ts).
 */
export class SimulatedDevice {
  private readonly random: () => number;
  private readonly temperatures: number[];
  private humidity: number;
  private battery = 100;
  private doorOpenUntil = 0;
  private nextDoorAt: number;
  private defrosting = false;
  private offlineUntil = 0;
  private nextOutageAt: number;
  private readonly started: number;
  private readonly routeOffset: number;
  /** Device time of the first record: a route is driven from there. */
  private firstSampleAt: number | null = null;
  private buffer: TelemetryRecord[] = [];
  private events: DeviceEventPayload[] = [];
  /** The firmware it runs; an online upgrade replaces it after the reboot. */
  firmwareVersion: string;

  constructor(
    readonly identity: DeviceIdentity,
    readonly options: SimulatedDeviceOptions,
    now: number,
  ) {
    const { profile } = options;
    this.firmwareVersion = identity.version ?? '1.0.0';
    this.random = randomSource(options.seed ?? Number(identity.guid.slice(-9)));
    this.temperatures = Array.from({ length: profile.probes }, () => profile.setpoint + this.noise(1));
    this.humidity = profile.humidity ?? 0;
    this.started = now;
    this.routeOffset = this.random();
    this.nextDoorAt = now + this.exponential(profile.doorEveryMinutes);
    this.nextOutageAt =
      profile.outageEveryMinutes > 0 ? now + this.exponential(profile.outageEveryMinutes) : Infinity;
  }

  /** True while the device has no connection (it keeps recording). */
  offline(now: number): boolean {
    return now < this.offlineUntil;
  }

  /** Forces an outage (tests, demos): the device records but does not upload until `until`. */
  goOffline(until: number): void {
    this.offlineUntil = until;
  }

  /** Opens the door at the first record from `at` on (device time); it closes as doors do. */
  scheduleDoor(at: number): void {
    this.nextDoorAt = at;
  }

  /** Takes one record at device time `now`. */
  sample(now: number): void {
    const { profile } = this.options;
    const minutes = (now - this.started) / 60_000;
    const dtMinutes = this.options.recordIntervalMs / 60_000;

    const inDefrost =
      minutes % profile.defrostEveryMinutes >= profile.defrostEveryMinutes - profile.defrostMinutes;
    if (inDefrost !== this.defrosting) {
      this.defrosting = inDefrost;
      this.events.push({ ts: now, type: 'defrost', state: inDefrost ? 'start' : 'end' });
    }
    if (now >= this.nextDoorAt && this.doorOpenUntil <= now) {
      this.doorOpenUntil = now + (0.5 + this.random() * 2.5) * 60_000;
      this.nextDoorAt = this.doorOpenUntil + this.exponential(profile.doorEveryMinutes);
      this.events.push({ ts: now, type: 'door', state: 'open', probe: 1 });
    } else if (this.doorOpenUntil > 0 && now >= this.doorOpenUntil) {
      this.doorOpenUntil = 0;
      this.events.push({ ts: now, type: 'door', state: 'closed', probe: 1 });
    }
    if (now >= this.nextOutageAt) {
      this.offlineUntil = now + (2 + this.random() * 3) * 60_000;
      this.nextOutageAt = this.offlineUntil + this.exponential(profile.outageEveryMinutes);
    }

    const target =
      profile.setpoint +
      (this.defrosting ? profile.defrostRise : 0) +
      (this.doorOpenUntil > now ? profile.doorRise : 0) +
      (this.options.disturbances ?? [])
        .filter((d) => d.from <= now && now < d.to)
        .reduce((sum, d) => sum + d.rise, 0);
    // First-order approach with a time constant of about 5 minutes.
    const k = 1 - Math.exp(-dtMinutes / 5);
    for (let i = 0; i < this.temperatures.length; i += 1) {
      const t = this.temperatures[i] ?? profile.setpoint;
      this.temperatures[i] = t + (target + i * 0.3 - t) * k + this.noise(0.05);
    }
    if (profile.humidity !== null) {
      const humidTarget = profile.humidity + (this.doorOpenUntil > now ? 10 : 0);
      this.humidity = Math.min(
        100,
        Math.max(0, this.humidity + (humidTarget - this.humidity) * k + this.noise(0.3)),
      );
    }
    this.battery = Math.max(5, this.battery - dtMinutes * 0.002);

    const values: NonNullable<TelemetryRecord['values']> = this.temperatures.map((t, i) => ({
      kind: 'temperature' as const,
      probe: i + 1,
      value: round(t, 2),
    }));
    // Humidity is its own probe, after the temperature probes, so each probe has one kind and one limit.
    if (profile.humidity !== null)
      values.push({ kind: 'humidity', probe: profile.probes + 1, value: round(this.humidity, 1) });
    const record: TelemetryRecord = {
      ts: now,
      values,
      battery: round(this.battery, 0),
      signal: Math.round(-65 - this.random() * 30),
    };
    const { route } = this.options;
    this.firstSampleAt ??= now;
    const driven = (now - this.firstSampleAt) / 60_000;
    if (route) record.position = positionAlong(route.points, routeFraction(route, driven));
    else if (profile.moving) record.position = routePosition(minutes, this.routeOffset);
    this.buffer.push(record);
  }

  /** What waits to be sent; call `uploaded` once the server acknowledged it. */
  pending(): Upload {
    return { records: [...this.buffer], events: [...this.events] };
  }

  uploaded(upload: Upload): void {
    this.buffer = this.buffer.slice(upload.records.length);
    this.events = this.events.slice(upload.events.length);
  }

  private noise(amplitude: number): number {
    return (this.random() - 0.5) * 2 * amplitude;
  }

  /** An exponentially distributed delay with the given mean, in ms. */
  private exponential(meanMinutes: number): number {
    return -Math.log(1 - this.random()) * meanMinutes * 60_000;
  }
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
