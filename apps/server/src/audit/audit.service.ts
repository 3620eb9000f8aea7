import type { Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';
import type { Database } from '../db/database.ts';
import { AuditRepo } from './audit.repo.ts';
import { chainHash, GENESIS_HASH } from './hash-chain.ts';

export interface AuditEntry {
  platformId: number | null;
  accountId: number | null;
  accountName: string | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  oldValue?: unknown;
  newValue?: unknown;
  sourceIp: string | null;
}

export type ChainProblem =
  | { kind: 'missing'; seq: number }
  | { kind: 'altered'; seq: number }
  | { kind: 'brokenLink'; seq: number }
  | { kind: 'reordered'; seq: number }
  | { kind: 'tailMissing'; seq: number };

export interface VerifyResult {
  ok: boolean;
  entries: number;
  problems: ChainProblem[];
}

/** Values never logged in clear, whatever entity they appear in. */
const SECRET_FIELDS = new Set([
  'accountPassword',
  'password',
  'passwordHash',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'verifyCode',
  'token',
]);

function serialise(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (SECRET_FIELDS.has(key) ? '***' : v));
}

/** The append-only, hash-chained operation log (21 CFR 11.10(e)). */
export class AuditService {
  private readonly repo: AuditRepo;
  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly clock: Clock,
  ) {
    this.repo = new AuditRepo(db);
  }

  /** Creates the chain head on first start. */
  ensureHead(): Promise<void> {
    return this.repo.ensureHead();
  }

  /** Appends inside the caller's transaction when given one, so the entry commits with the change. */
  async append(entry: AuditEntry, trx?: Transaction<Database>): Promise<void> {
    if (!trx) {
      await this.db.transaction().execute((t) => this.append(entry, t));
      return;
    }
    const head = await this.repo.lockHead(trx);
    const fields = {
      seq: head.seq + 1,
      platformId: entry.platformId,
      accountId: entry.accountId,
      accountName: entry.accountName,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      oldValue: serialise(entry.oldValue),
      newValue: serialise(entry.newValue),
      sourceIp: entry.sourceIp,
      createdAt: this.clock.now().toISOString(),
    };
    const prevHash = head.hash;
    const hash = chainHash(this.key, prevHash, fields);
    await this.repo.insert(trx, { ...fields, prevHash, hash });
    await this.repo.writeHead(trx, fields.seq, hash);
  }

  /** Walks the chain and reports every entry altered, deleted or moved since it was written. */
  async verify(): Promise<VerifyResult> {
    const problems: ChainProblem[] = [];
    let expectedSeq = 1;
    let lastHash = GENESIS_HASH;
    let entries = 0;
    for await (const row of this.repo.inChainOrder()) {
      entries += 1;
      if (row.seq !== expectedSeq) {
        for (let s = expectedSeq; s < row.seq; s += 1) problems.push({ kind: 'missing', seq: s });
      }
      if (row.prevHash !== lastHash) problems.push({ kind: 'brokenLink', seq: row.seq });
      if (chainHash(this.key, row.prevHash, row) !== row.hash)
        problems.push({ kind: 'altered', seq: row.seq });
      lastHash = row.hash;
      expectedSeq = row.seq + 1;
    }
    const head = await this.repo.head();
    const lastSeq = expectedSeq - 1;
    if (head && (head.seq > lastSeq || head.hash !== lastHash)) {
      for (let s = lastSeq + 1; s <= head.seq; s += 1) problems.push({ kind: 'tailMissing', seq: s });
      if (head.seq <= lastSeq) problems.push({ kind: 'tailMissing', seq: head.seq });
    }
    if (!head && entries > 0) problems.push({ kind: 'tailMissing', seq: lastSeq });
    let previous = 0;
    for (const { seq } of await this.repo.seqsById()) {
      if (seq < previous) problems.push({ kind: 'reordered', seq });
      previous = Math.max(previous, seq);
    }
    return { ok: problems.length === 0, entries, problems };
  }
}
