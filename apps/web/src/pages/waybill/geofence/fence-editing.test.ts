import { GEOFENCE_AREAS_MAX } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import type { FenceShape } from '../shared/leaflet.ts';
import { fenceProblem } from './fence-editing.ts';

const circle = (radius: number): FenceShape => ({ kind: 'circle', center: [31.2, 121.5], radius });
const triangle: FenceShape = {
  kind: 'polygon',
  points: [
    [31.2, 121.4],
    [31.3, 121.5],
    [31.2, 121.6],
  ],
};

describe('geofence areas (002 §5)', () => {
  it('needs at least one area', () => {
    expect(fenceProblem([])).toBe('noArea');
  });

  it('takes at most ten areas', () => {
    expect(fenceProblem(Array.from({ length: GEOFENCE_AREAS_MAX }, () => circle(100)))).toBeNull();
    expect(fenceProblem(Array.from({ length: GEOFENCE_AREAS_MAX + 1 }, () => circle(100)))).toBe('tooMany');
  });

  it('needs a radius for every circle, inside the accepted range', () => {
    expect(fenceProblem([circle(Number.NaN)])).toBe('radiusRequired');
    expect(fenceProblem([circle(1)])).toBe('radiusRange');
    expect(fenceProblem([circle(500), triangle])).toBeNull();
  });

  it('needs three corners for a polygon', () => {
    expect(
      fenceProblem([
        { kind: 'polygon', points: triangle.kind === 'polygon' ? triangle.points.slice(0, 2) : [] },
      ]),
    ).toBe('polygonCorners');
  });
});
