import type { GeofenceArea } from '@coldchain/shared';

/** Where the demo's first truck loads and delivers: the two geofences of its waybills. */
export const DEPOT = { lat: 31.23, lon: 121.5 } as const;
export const HOSPITAL = { lat: 31.23, lon: 121.44 } as const;
const FENCE_RADIUS_M = 1500;

export const DEPOT_AREA: GeofenceArea = { shape: 'circle', center: DEPOT, radius: FENCE_RADIUS_M };
export const HOSPITAL_AREA: GeofenceArea = { shape: 'circle', center: HOSPITAL, radius: FENCE_RADIUS_M };

/**
 * The first truck's round: out of the depot, along the river road to the hospital and back by the
 * ring road (about 12 km), driven again and again. Each lap leaves the depot fence and enters the
 * hospital fence, which starts and ends a demo waybill.
 */
export const DEMO_TRUCK_ROUTE = [
  DEPOT,
  { lat: 31.236, lon: 121.47 },
  HOSPITAL,
  { lat: 31.224, lon: 121.47 },
  DEPOT,
] as const;
/** Minutes per lap: a waybill starts and ends within the first few minutes of a start. */
export const DEMO_TRUCK_LAP_MINUTES = 12;
