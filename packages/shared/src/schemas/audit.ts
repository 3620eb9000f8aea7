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

export const operationLogSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  action: z.string(),
  /** The action's name in the caller's language; the key itself when it has none. */
  actionName: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  oldValue: z.unknown().nullable(),
  newValue: z.unknown().nullable(),
  sourceIp: z.string().nullable(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;
