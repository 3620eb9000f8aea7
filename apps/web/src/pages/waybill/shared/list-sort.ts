import type { PageRequest } from '@coldchain/shared';

/**
 * The table's sort as the list's API takes it: only a column the server sorts by, and only with a
 * direction (a column without one, or none, leaves the server's default order).
 */
export function listSort<F extends string>(
  request: Pick<PageRequest, 'sortField' | 'sortOrder'>,
  fields: readonly F[],
): { sortField?: F; sortOrder?: PageRequest['sortOrder'] } {
  const field = fields.find((f) => f === request.sortField);
  return field && request.sortOrder ? { sortField: field, sortOrder: request.sortOrder } : {};
}
