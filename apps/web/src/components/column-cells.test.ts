import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { cardFields, leafColumns, valueAt } from './column-cells.ts';

interface Row {
  id: number;
  name: string;
  owner: { city: string } | null;
}

const columns: ColumnsType<Row> = [
  { dataIndex: 'name', title: 'Name' },
  { title: 'Where', children: [{ dataIndex: ['owner', 'city'], title: 'City', key: 'city' }] },
  { dataIndex: 'id', title: 'Hidden', hidden: true },
  { key: 'actions', render: (_value, row) => `open ${row.id}` },
  { dataIndex: 'id', title: () => 'Id', render: (value: number) => ({ children: `#${value}`, props: {} }) },
];

describe('a table row as a card', () => {
  it('takes the leaf columns in order and leaves hidden ones out', () => {
    expect(leafColumns(columns).map((c) => c.title)).toEqual([
      'Name',
      'City',
      undefined,
      expect.any(Function),
    ]);
  });

  it('reads values by key or path, and nothing through a missing object', () => {
    expect(valueAt({ owner: { city: 'Lyon' } }, ['owner', 'city'])).toBe('Lyon');
    expect(valueAt({ owner: null }, ['owner', 'city'])).toBeUndefined();
    expect(valueAt({ id: 3 }, undefined)).toBeUndefined();
  });

  it('gives each column its title and cell as the table would render them', () => {
    const fields = cardFields(columns, { id: 7, name: 'Truck 1', owner: { city: 'Lyon' } }, 0);
    expect(fields.map(({ label, value }) => [label, value])).toEqual([
      ['Name', 'Truck 1'],
      ['City', 'Lyon'],
      [undefined, 'open 7'],
      ['Id', '#7'],
    ]);
  });
});
