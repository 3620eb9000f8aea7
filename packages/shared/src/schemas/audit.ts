import { z } from 'zod';
import { pageRequestSchema } from './common.ts';

export const operationLogPageSchema = pageRequestSchema.extend({
  accountName: z.string().trim().max(50).optional(),
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(64).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export type OperationLogPageRequest = z.infer<typeof operationLogPageSchema>;

/** One field an entry changed, named in the reader's language; values as text, null when absent. */
export const operationLogChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type OperationLogChange = z.infer<typeof operationLogChangeSchema>;

export const operationLogSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  action: z.string(),
  /** The action's name in the caller's language; the key itself when it has none. */
  actionName: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The object's kind in the reader's language ("Device"). */
  entityTypeName: z.string(),
  /** The object's name as the entry recorded it ("Cold room 1"); null when it holds none. */
  entityName: z.string().nullable(),
  changes: z.array(operationLogChangeSchema),
  oldValue: z.unknown().nullable(),
  newValue: z.unknown().nullable(),
  sourceIp: z.string().nullable(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;
