import type { GeofenceArea } from '@coldchain/shared';
import type { FenceShape } from './leaflet.ts';

/** A geofence area of the API as the maps draw it, and back. */
export function shapeOf(area: GeofenceArea): FenceShape {
  return area.shape === 'circle'
    ? { kind: 'circle', center: [area.center.lat, area.center.lon], radius: area.radius }
    : { kind: 'polygon', points: area.points.map((p): [number, number] => [p.lat, p.lon]) };
}

export function areaOf(shape: FenceShape): GeofenceArea {
  return shape.kind === 'circle'
    ? { shape: 'circle', center: { lat: shape.center[0], lon: shape.center[1] }, radius: shape.radius }
    : { shape: 'polygon', points: shape.points.map(([lat, lon]) => ({ lat, lon })) };
}
