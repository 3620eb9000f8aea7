/**
 * Routes for moving devices: a truck can drive a given list of points instead of the default loop,
 * so a test or a demo can take it out of one geofence and into another and watch a waybill start and
 * end on its own.
 */
export interface RoutePoint {
  lat: number;
  lon: number;
}

/** A route and how long driving it takes; the device waits at the last point afterwards, or with
 * `loop` starts over from the first point (a route that ends where it began drives round and round). */
export interface Route {
  points: RoutePoint[];
  minutes: number;
  loop?: boolean;
}

/** How far along its route (0-1) a device is after driving `minutes`. */
export function routeFraction(route: Route, minutes: number): number {
  if (route.minutes <= 0) return 1;
  const laps = minutes / route.minutes;
  return route.loop ? laps % 1 : laps;
}

/** Planar length of a leg in degrees, with longitude shrunk by the latitude (enough for pacing). */
function legLength(a: RoutePoint, b: RoutePoint): number {
  const k = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(b.lat - a.lat, (b.lon - a.lon) * k);
}

/** The position `fraction` (0-1) of the way along the route, at constant speed, rounded to 1e-6°. */
export function positionAlong(points: readonly RoutePoint[], fraction: number): RoutePoint {
  const first = points[0];
  if (!first) throw new Error('a route needs at least one point');
  const lengths = points.slice(1).map((p, i) => legLength(points[i] as RoutePoint, p));
  const total = lengths.reduce((a, b) => a + b, 0);
  let left = Math.min(1, Math.max(0, fraction)) * total;
  for (const [i, length] of lengths.entries()) {
    const a = points[i] as RoutePoint;
    const b = points[i + 1] as RoutePoint;
    if (left <= length && length > 0) {
      const f = left / length;
      return round({ lat: a.lat + (b.lat - a.lat) * f, lon: a.lon + (b.lon - a.lon) * f });
    }
    left -= length;
  }
  return round(points[points.length - 1] as RoutePoint);
}

const round = (p: RoutePoint): RoutePoint => ({
  lat: Math.round(p.lat * 1e6) / 1e6,
  lon: Math.round(p.lon * 1e6) / 1e6,
});

/** "31.2,121.4;31.3,121.6" (the CLI's --route) as points; throws on anything else. */
export function parseRoute(text: string): RoutePoint[] {
  const points = text
    .split(';')
    .filter((part) => part.trim())
    .map((part) => {
      const [lat, lon] = part.split(',').map((v) => Number(v.trim()));
      if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon))
        throw new Error(`not a "lat,lon" point: ${part}`);
      if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(`out of range: ${part}`);
      return { lat, lon };
    });
  if (points.length < 2) throw new Error('a route needs at least two points');
  return points;
}

/**
 * A straight drive from one place to another in `legs` legs: out of a geofence around `from` and
 * into one around `to`, which is what a waybill with geofence start and stop needs.
 */
export function crossingRoute(from: RoutePoint, to: RoutePoint, legs = 20): RoutePoint[] {
  return Array.from({ length: legs + 1 }, (_, i) =>
    round({
      lat: from.lat + ((to.lat - from.lat) * i) / legs,
      lon: from.lon + ((to.lon - from.lon) * i) / legs,
    }),
  );
}
