import type { Locale, OperationLog } from '@coldchain/shared';
import type { OperationLogRow } from '../../audit/audit.repo.ts';
import { actionName } from './action-names.ts';
import { entityTypeName, logChanges, objectName } from './log-changes.ts';

const parse = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/**
 * An operation-log entry in the reader's language: its action and object named, and what it changed
 * as a list of fields with their old and new values.
 */
export function presentOperationLog(row: OperationLogRow, locale: Locale): OperationLog {
  const oldValue = parse(row.oldValue);
  const newValue = parse(row.newValue);
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    action: row.action,
    actionName: actionName(locale, row.action),
    entityType: row.entityType,
    entityId: row.entityId,
    entityTypeName: entityTypeName(locale, row.entityType),
    entityName: objectName(oldValue, newValue),
    changes: logChanges(locale, oldValue, newValue),
    oldValue,
    newValue,
    sourceIp: row.sourceIp,
    createdAt: row.createdAt,
  };
}
