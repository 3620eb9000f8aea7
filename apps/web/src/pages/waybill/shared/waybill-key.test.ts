import { describe, expect, it } from 'vitest';
import { waybillKeyOf } from './waybill-key.ts';

describe('the waybill an address names', () => {
  it('reads digits as the id and anything else of key characters as the key', () => {
    expect(waybillKeyOf('42')).toEqual({ id: 42 });
    expect(waybillKeyOf('q3Xk_9-ZrT0aBcDeFgHiJw')).toEqual({ waybillPk: 'q3Xk_9-ZrT0aBcDeFgHiJw' });
  });

  it('names nothing for an empty, zero, oversized or foreign value', () => {
    for (const value of [undefined, '', '0', '007x!', 'k'.repeat(65), '../list'])
      expect(waybillKeyOf(value)).toBeNull();
    expect(waybillKeyOf('0123')).toEqual({ id: 123 });
  });
});
