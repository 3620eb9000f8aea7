import { assetInsertSchema } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import { assetBody } from './asset-body.ts';

describe('assetBody', () => {
  it('sends empty texts as null and custom rows as two lists paired by position', () => {
    const body = assetBody(
      {
        combName: '  Freezer 1 ',
        combNum: 'AB12',
        brand: '   ',
        custom: [{ key: 'Room', value: '101' }, { key: 'Floor' }],
      },
      '/api/files/assets/0123456789abcdef0123456789abcdef.png',
    );
    expect(body).toMatchObject({
      combName: 'Freezer 1',
      combNum: 'AB12',
      brand: null,
      organizationId: null,
      customKeys: ['Room', 'Floor'],
      customValues: ['101', ''],
    });
    expect(assetInsertSchema.safeParse(body).success).toBe(true);
  });
});
