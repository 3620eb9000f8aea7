import type { GeofenceArea, GeoPoint } from '@coldchain/shared';

/** Mean Earth radius in metres (IUGG), for great-circle distances. */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for fences of 10 m to 1,000 km. */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Ray casting on the plane of latitude and longitude: polygons drawn on a web map are straight in
 * that projection too, so what the user drew is what is tested. A point on an edge counts as inside.
 */
export function inPolygon(point: GeoPoint, corners: readonly GeoPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = corners.length - 1; i < corners.length; j = i, i += 1) {
    const a = corners[i] as GeoPoint;
    const b = corners[j] as GeoPoint;
    if (onSegment(point, a, b)) return true;
    const crosses = a.lat > point.lat !== b.lat > point.lat;
    if (crosses && point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon)
      inside = !inside;
  }
  return inside;
}

function onSegment(p: GeoPoint, a: GeoPoint, b: GeoPoint): boolean {
  const cross = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon);
  if (Math.abs(cross) > 1e-12) return false;
  return (
    p.lon >= Math.min(a.lon, b.lon) &&
    p.lon <= Math.max(a.lon, b.lon) &&
    p.lat >= Math.min(a.lat, b.lat) &&
    p.lat <= Math.max(a.lat, b.lat)
  );
}

export function inArea(point: GeoPoint, area: GeofenceArea): boolean {
  return area.shape === 'circle'
    ? distanceM(point, area.center) <= area.radius
    : inPolygon(point, area.points);
}

/** A geofence holds a point when any of its areas does. */
export function inFence(point: GeoPoint, areas: readonly GeofenceArea[]): boolean {
  return areas.some((area) => inArea(point, area));
}
