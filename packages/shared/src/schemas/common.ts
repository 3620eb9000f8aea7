import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants.ts';

/** Paged list request of 000 §3: start is the page number, from 1. */
export const pageRequestSchema = z.object({
  start: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sortField: z.string().max(50).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

export function pageResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), start: z.number().int(), totalCount: z.number().int() });
}
export interface PageResponse<T> {
  data: T[];
  start: number;
  totalCount: number;
}

/** The answer envelope; data is null on errors. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** Flags stored as 0/1 in both databases. */
export const flagSchema = z.literal([0, 1]);
