import {
  GEOFENCE_AREAS_MAX,
  GEOFENCE_POLYGON_POINTS_MIN,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
} from '@coldchain/shared';
import type { FenceShape } from '../shared/leaflet.ts';

/** What the editor is drawing: a circle's centre (next click), or a polygon's corners so far. */
export type Drawing = { kind: 'circle' } | { kind: 'polygon'; points: [number, number][] } | null;

export type FenceProblem = 'noArea' | 'tooMany' | 'radiusRequired' | 'radiusRange' | 'polygonCorners';

/**
 * The first thing wrong with a fence's areas (002 §5: at least one area, at most 10, radius
 * required), or null when they can be saved.
 */
export function fenceProblem(areas: readonly FenceShape[]): FenceProblem | null {
  if (areas.length === 0) return 'noArea';
  if (areas.length > GEOFENCE_AREAS_MAX) return 'tooMany';
  for (const area of areas) {
    if (area.kind === 'circle') {
      if (!Number.isFinite(area.radius)) return 'radiusRequired';
      if (area.radius < GEOFENCE_RADIUS_MIN_M || area.radius > GEOFENCE_RADIUS_MAX_M) return 'radiusRange';
    } else if (area.points.length < GEOFENCE_POLYGON_POINTS_MIN) return 'polygonCorners';
  }
  return null;
}
