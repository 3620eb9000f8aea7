import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { CaptchaTable } from '../../db/database.ts';

export type CaptchaRow = Selectable<CaptchaTable>;

export class CaptchaRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<CaptchaTable>): Promise<void> {
    await this.db.insertInto('captcha').values(row).execute();
  }

  byId(id: string): Promise<CaptchaRow | undefined> {
    return this.db.selectFrom('captcha').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks a captcha used, once; false when it was already used. */
  async use(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('captcha')
      .set({ usedAt: at })
      .where('id', '=', id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async purgeExpired(at: string): Promise<void> {
    await this.db.deleteFrom('captcha').where('expiresAt', '<', at).execute();
  }
}
