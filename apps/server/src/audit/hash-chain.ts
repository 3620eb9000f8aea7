import { createHmac } from 'node:crypto';

/** The fields an audit entry's hash covers, in a fixed order. */
export interface ChainedFields {
  seq: number;
  platformId: number | null;
  accountId: number | null;
  accountName: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  oldValue: string | null;
  newValue: string | null;
  sourceIp: string | null;
  createdAt: string;
}

export const GENESIS_HASH = '0'.repeat(64);

/**
 * HMAC-SHA256 over the previous hash and the entry's fields. The key lives outside the database, so
 * someone who can edit the table cannot recompute a consistent chain.
 */
export function chainHash(key: string, prevHash: string, entry: ChainedFields): string {
  const canonical = JSON.stringify([
    entry.seq,
    entry.platformId,
    entry.accountId,
    entry.accountName,
    entry.action,
    entry.entityType,
    entry.entityId,
    entry.oldValue,
    entry.newValue,
    entry.sourceIp,
    entry.createdAt,
  ]);
  return createHmac('sha256', key).update(prevHash).update('\n').update(canonical).digest('hex');
}
