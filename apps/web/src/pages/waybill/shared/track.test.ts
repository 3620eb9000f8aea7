import { describe, expect, it } from 'vitest';
import { advance, positionAt, travelledUntil } from './track.ts';

const fixes = [
  { ts: 1_000, lat: 30, lon: 120 },
  { ts: 2_000, lat: 31, lon: 121 },
  { ts: 4_000, lat: 31, lon: 123 },
];

describe('waybill track playback', () => {
  it('places the vehicle between two fixes in proportion to the time passed', () => {
    expect(positionAt(fixes, 500)).toEqual(fixes[0]);
    expect(positionAt(fixes, 1_500)).toEqual({ ts: 1_500, lat: 30.5, lon: 120.5 });
    expect(positionAt(fixes, 3_000)).toEqual({ ts: 3_000, lat: 31, lon: 122 });
    expect(positionAt(fixes, 9_000)).toEqual(fixes[2]);
    expect(positionAt([], 1)).toBeNull();
  });

  it('draws the travelled part up to the vehicle', () => {
    expect(travelledUntil(fixes, 3_000)).toEqual([fixes[0], fixes[1], { ts: 3_000, lat: 31, lon: 122 }]);
    expect(travelledUntil(fixes, 2_000)).toEqual([fixes[0], fixes[1]]);
  });

  it('moves on by real time times speed and stops at the end', () => {
    expect(advance(1_000, 16, 60, 4_000)).toEqual({ ts: 1_960, ended: false });
    expect(advance(3_900, 16, 60, 4_000)).toEqual({ ts: 4_000, ended: true });
  });
});
