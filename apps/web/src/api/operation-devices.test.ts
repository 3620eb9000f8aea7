import { describe, expect, it } from 'vitest';
import { sameTypeIds } from './operation-devices.ts';

describe('batch operations on the back office device list', () => {
  it('take devices of one type only (002 §5)', () => {
    expect(
      sameTypeIds([
        { id: 1, deviceTypeId: 7 },
        { id: 2, deviceTypeId: 7 },
      ]),
    ).toEqual([1, 2]);
    expect(
      sameTypeIds([
        { id: 1, deviceTypeId: 7 },
        { id: 3, deviceTypeId: 8 },
      ]),
    ).toBeNull();
  });
});
