import { Card, Checkbox, Empty, Spin, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { cardFields } from './column-cells.ts';

export interface ListCardsProps<T extends object> {
  rows: T[];
  columns: ColumnsType<T>;
  rowKey: Extract<keyof T, string>;
  loading: boolean;
  /** With a selection, each card has a check box. */
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: T[]) => void };
}

/**
 * A list's rows as cards on a phone (000 §2.1 below 576 px): each column's title and cell as a label
 * and value, in the table's order, so nothing needs a sideways scroll.
 */
export function ListCards<T extends object>({
  rows,
  columns,
  rowKey,
  loading,
  selection,
}: ListCardsProps<T>) {
  const { token } = theme.useToken();
  const keyOf = (row: T) => row[rowKey] as Key;
  const toggle = (row: T, checked: boolean) => {
    if (!selection) return;
    const key = keyOf(row);
    const keys = checked ? [...selection.keys, key] : selection.keys.filter((k) => k !== key);
    selection.onChange(
      keys,
      rows.filter((r) => keys.includes(keyOf(r))),
    );
  };
  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul
          data-testid="list-cards"
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        >
          {rows.map((row, index) => {
            const fields = cardFields(columns, row, index);
            const labelled = fields.filter((field) => field.label);
            const [first] = labelled;
            return (
              <li key={String(keyOf(row))} data-testid="list-card">
                <Card size="small">
                  {selection && first ? (
                    <Checkbox
                      checked={selection.keys.includes(keyOf(row))}
                      onChange={(event) => toggle(row, event.target.checked)}
                      style={{ marginBottom: 8, fontWeight: 600 }}
                    >
                      {first.value}
                    </Checkbox>
                  ) : null}
                  <dl
                    style={{
                      display: 'grid',
                      gridTemplateColumns: 'minmax(72px, 38%) minmax(0, 1fr)',
                      gap: '6px 12px',
                      margin: 0,
                    }}
                  >
                    {labelled.map((field) => (
                      <div key={field.key} style={{ display: 'contents' }}>
                        <dt style={{ color: token.colorTextSecondary }}>{field.label}</dt>
                        <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{field.value}</dd>
                      </div>
                    ))}
                  </dl>
                  {fields
                    .filter((field) => !field.label)
                    .map((field) => (
                      <div key={field.key} style={{ marginTop: 8, minWidth: 0 }}>
                        {field.value}
                      </div>
                    ))}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </Spin>
  );
}
