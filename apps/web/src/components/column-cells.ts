import type { ColumnGroupType, ColumnsType, ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';

/** One label and value of a row shown as a card: a table column's title and its cell. */
export interface CardField {
  key: Key;
  label: ReactNode;
  value: ReactNode;
}

const isGroup = <T>(column: ColumnType<T> | ColumnGroupType<T>): column is ColumnGroupType<T> =>
  'children' in column && Array.isArray(column.children);

/** The leaf columns in display order (a column group gives its children), hidden ones left out. */
export function leafColumns<T>(columns: ColumnsType<T>): ColumnType<T>[] {
  return columns.flatMap((column) => {
    if (column.hidden) return [];
    return isGroup(column) ? leafColumns(column.children) : [column];
  });
}

/** The value under a column's dataIndex: a key, or a path of keys into nested objects. */
export function valueAt(record: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = record;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step as string | number];
  }
  return value;
}

const asNode = (value: unknown): ReactNode =>
  value === null || value === undefined || typeof value === 'object' ? null : String(value);

/** A render answer may be a cell with props (antd's RenderedCell); its children are what shows. */
function cellContent(rendered: unknown): ReactNode {
  if (rendered !== null && typeof rendered === 'object' && 'props' in rendered && 'children' in rendered)
    return (rendered as { children: ReactNode }).children;
  return rendered as ReactNode;
}

/** A row's fields as the table would show them: each column's title and rendered cell. */
export function cardFields<T extends object>(columns: ColumnsType<T>, record: T, index: number): CardField[] {
  return leafColumns(columns).map((column, position) => {
    const raw = valueAt(record, column.dataIndex as ColumnType<object>['dataIndex']);
    const title = typeof column.title === 'function' ? column.title({}) : column.title;
    return {
      key:
        column.key ??
        (Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : String(column.dataIndex ?? position)),
      label: title,
      value: column.render ? cellContent(column.render(raw, record, index)) : asNode(raw),
    };
  });
}
