import type { OperationLog } from '@coldchain/shared';

/** A change as people read it: "Device name: Freezer A → Freezer B" ("-" for a value that was not there). */
export const changeLine = (c: OperationLog['changes'][number]): string =>
  `${c.label ? `${c.label}: ` : ''}${c.from ?? '-'} → ${c.to ?? '-'}`;

/** What an operation-log entry changed, one field per line, as the server names them. */
export function LogChanges({ entry }: { entry: OperationLog }) {
  if (entry.changes.length === 0) return <span>-</span>;
  return (
    <ul className="log-changes" style={{ margin: 0, paddingInlineStart: 16 }}>
      {entry.changes.map((c) => (
        <li key={c.field || 'value'} style={{ wordBreak: 'break-word' }}>
          {changeLine(c)}
        </li>
      ))}
    </ul>
  );
}

/** The object an entry is about: "Device · Freezer B", or its id when the entry names none. */
export const objectLabel = (entry: OperationLog): string =>
  [entry.entityTypeName, entry.entityName ?? (entry.entityId ? `#${entry.entityId}` : null)]
    .filter(Boolean)
    .join(' · ');
