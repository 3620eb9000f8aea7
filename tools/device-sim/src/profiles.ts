/**
 * What a simulated device measures and how it behaves over time. Temperatures follow a first-order
 * approach to a target with a little noise; the target moves with defrost cycles and door openings,
 * as in a real cold room, freezer or refrigerated truck. A healthy unit stays within the usual limits
 * (2-8 °C, -25 to -15 °C): excursions come from disturbances (simulated-device.ts), not from routine.
 */
export type ProfileName = 'coldRoom' | 'freezer' | 'truck';

export interface Profile {
  name: ProfileName;
  /** setpoint, °C */
  setpoint: number;
  /** probes measuring temperature (and humidity, when `humidity` is set) */
  probes: number;
  /** mean relative humidity, %RH; null: no humidity sensor */
  humidity: number | null;
  /** a defrost every this many minutes, lasting `defrostMinutes`, warming by `defrostRise` °C */
  defrostEveryMinutes: number;
  defrostMinutes: number;
  defrostRise: number;
  /** mean minutes between door openings; a door stays open 0.5-3 minutes and warms by up to `doorRise` */
  doorEveryMinutes: number;
  doorRise: number;
  /** mean minutes between outages (no connection), each 2-5 minutes; 0: never */
  outageEveryMinutes: number;
  /** moves along a route (truck): positions reported with each record */
  moving: boolean;
}

export const PROFILES: Record<ProfileName, Profile> = {
  coldRoom: {
    name: 'coldRoom',
    setpoint: 4,
    probes: 2,
    humidity: 75,
    defrostEveryMinutes: 60,
    defrostMinutes: 8,
    defrostRise: 3,
    doorEveryMinutes: 90,
    doorRise: 2.5,
    outageEveryMinutes: 0,
    moving: false,
  },
  freezer: {
    name: 'freezer',
    setpoint: -20,
    probes: 1,
    humidity: null,
    defrostEveryMinutes: 90,
    defrostMinutes: 10,
    defrostRise: 3.5,
    doorEveryMinutes: 240,
    doorRise: 2.5,
    outageEveryMinutes: 0,
    moving: false,
  },
  truck: {
    name: 'truck',
    setpoint: 4.5,
    probes: 2,
    humidity: 70,
    defrostEveryMinutes: 120,
    defrostMinutes: 6,
    defrostRise: 2,
    doorEveryMinutes: 60,
    doorRise: 2,
    outageEveryMinutes: 20,
    moving: true,
  },
};

export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

/** A small deterministic random generator (mulberry32), so a device's run can be reproduced. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A loop around Shanghai, for trucks: about 40 km, one lap every two hours. */
export function routePosition(minutes: number, offset: number): { lat: number; lon: number } {
  const angle = ((minutes / 120 + offset) % 1) * 2 * Math.PI;
  return {
    lat: Math.round((31.23 + 0.06 * Math.sin(angle)) * 1e6) / 1e6,
    lon: Math.round((121.47 + 0.08 * Math.cos(angle)) * 1e6) / 1e6,
  };
}
