import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { VerificationCodeTable } from '../../db/database.ts';
import { countAll } from '../../db/sql-helpers.ts';

export type CodeRow = Selectable<VerificationCodeTable>;

/** Every query on verification codes. Only the SHA-256 of a code is ever stored. */
export class VerificationCodesRepo {
  constructor(private readonly db: Db) {}

  insert(row: Insertable<VerificationCodeTable>): Promise<CodeRow> {
    return this.db.insertInto('verificationCode').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('verificationCode').where('id', '=', id).execute();
  }

  /** Codes sent to a phone or e-mail since a time, any purpose, and the oldest of them. */
  async sentSince(
    channel: string,
    target: string,
    since: string,
  ): Promise<{ count: number; oldest: string | null }> {
    const row = await this.db
      .selectFrom('verificationCode')
      .select((eb) => [countAll().as('n'), eb.fn.min('createdAt').as('oldest')])
      .where('channel', '=', channel)
      .where('target', '=', target)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), oldest: row.oldest ?? null };
  }

  /** The latest code for a target and purpose; it supersedes every earlier one. */
  newest(channel: string, target: string, purpose: string): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('verificationCode')
      .selectAll()
      .where('target', '=', target)
      .where('channel', '=', channel)
      .where('purpose', '=', purpose)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Takes one of the allowed attempts, atomically; false when none is left or the code is spent. */
  async takeAttempt(id: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verificationCode')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Gives back the attempt of a right answer: only wrong answers count. */
  async returnAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('verificationCode')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', id)
      .where('attempts', '>', 0)
      .execute();
  }

  /** Marks a code used, once: false when it was used (or expired) in the meantime. */
  async consume(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('verificationCode')
      .set({ usedAt: at })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', at)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Rows older than the hourly cap window and the code lifetime serve no purpose. */
  async purgeBefore(at: string): Promise<void> {
    await this.db.deleteFrom('verificationCode').where('createdAt', '<', at).execute();
  }
}
