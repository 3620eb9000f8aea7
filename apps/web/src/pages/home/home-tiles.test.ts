import { describe, expect, it } from 'vitest';
import { onlineRate, tileSpan } from './home-tiles.ts';

describe('home tiles', () => {
  it('rates online devices among the enabled ones', () => {
    expect(onlineRate({ online: 3, offline: 1 })).toBe(75);
    expect(onlineRate({ online: 1, offline: 2 })).toBe(33);
    expect(onlineRate({ online: 0, offline: 0 })).toBeNull();
    expect(onlineRate(undefined)).toBeNull();
  });

  it('gives the counts a row and the map two thirds of one', () => {
    expect(tileSpan('deviceCount')).toBe(24);
    expect(tileSpan('deviceMap')).toBe(16);
    expect(tileSpan('energy')).toBe(8);
  });
});
