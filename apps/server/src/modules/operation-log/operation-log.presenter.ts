import type { Locale, OperationLog } from '@coldchain/shared';
import type { OperationLogRow } from '../../audit/audit.repo.ts';
import { actionName } from './action-names.ts';

const parse = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** An operation-log entry with its action named in the reader's language. */
export function presentOperationLog(row: OperationLogRow, locale: Locale): OperationLog {
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    action: row.action,
    actionName: actionName(locale, row.action),
    entityType: row.entityType,
    entityId: row.entityId,
    oldValue: parse(row.oldValue),
    newValue: parse(row.newValue),
    sourceIp: row.sourceIp,
    createdAt: row.createdAt,
  };
}
