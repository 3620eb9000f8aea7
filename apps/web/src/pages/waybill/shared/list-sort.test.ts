import { GEOFENCE_SORT_FIELDS, WAYBILL_SORT_FIELDS } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import { listSort } from './list-sort.ts';

describe('waybill list sorting', () => {
  it('passes a sortable column with its direction', () => {
    expect(listSort({ sortField: 'orderNum', sortOrder: 'ascend' }, WAYBILL_SORT_FIELDS)).toEqual({
      sortField: 'orderNum',
      sortOrder: 'ascend',
    });
    expect(listSort({ sortField: 'name', sortOrder: 'descend' }, GEOFENCE_SORT_FIELDS)).toEqual({
      sortField: 'name',
      sortOrder: 'descend',
    });
  });

  it('leaves the default order for a column the server does not sort by, or without a direction', () => {
    expect(listSort({ sortField: 'inUse', sortOrder: 'ascend' }, GEOFENCE_SORT_FIELDS)).toEqual({});
    expect(listSort({ sortField: 'orderNum' }, WAYBILL_SORT_FIELDS)).toEqual({});
    expect(listSort({}, WAYBILL_SORT_FIELDS)).toEqual({});
  });
});
