import {
  PATTERN_IMAGES_MAX,
  PATTERN_NAME_MAX,
  type PatternImage,
  type PatternImagePage,
  patternNameSchema,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { ImageStore } from '../platforms/image-store.ts';

/**
 * Pattern images of a platform (/operation/pattern; 002 §7 "DELETE pattern image"): uploaded, listed
 * and deleted by that platform's back office. Another platform's image answers like a missing one.
 */
export class PatternImages {
  constructor(
    private readonly db: Db,
    readonly store: ImageStore,
    private readonly clock: Clock,
  ) {}

  async page(platformId: number, q: PatternImagePage) {
    let base = this.db
      .selectFrom('patternImage as p')
      .leftJoin('account as a', 'a.id', 'p.createdBy')
      .where('p.platformId', '=', platformId);
    if (q.name) base = base.where(contains('p.name', q.name));
    const total = await base.select(countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select(['p.id', 'p.name', 'p.storageName', 'p.sizeBytes', 'p.createdAt', 'a.userName'])
      .orderBy('p.id', 'desc')
      .offset((q.start - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute();
    return {
      rows: rows.map(
        (r): PatternImage => ({
          id: r.id,
          name: r.name,
          url: `${this.store.urlPrefix}${r.storageName}`,
          sizeBytes: r.sizeBytes,
          createdAt: r.createdAt,
          creatorName: r.userName ?? null,
        }),
      ),
      totalCount: Number(total?.n ?? 0),
    };
  }

  async upload(
    platformId: number,
    accountId: number,
    input: { name: string | undefined; filename: string; bytes: Buffer },
  ): Promise<PatternImage> {
    // Without a name the file's own name (without extension) is used.
    const name = input.name?.trim() || input.filename.replace(/\.[^.]*$/, '').trim();
    if (!name) throw fieldError('name', 'rules.required');
    const parsed = patternNameSchema.safeParse(name);
    if (!parsed.success) throw fieldError('name', 'rules.tooLongString', { maximum: PATTERN_NAME_MAX });
    const count = await this.db
      .selectFrom('patternImage')
      .select(countAll().as('n'))
      .where('platformId', '=', platformId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= PATTERN_IMAGES_MAX)
      throw new AppError('patternImageLimit', { max: PATTERN_IMAGES_MAX });
    const saved = await this.store.save(input.filename, input.bytes);
    const now = this.clock.now().toISOString();
    try {
      const row = await this.db
        .insertInto('patternImage')
        .values({
          platformId,
          name: parsed.data,
          storageName: saved.name,
          sizeBytes: input.bytes.length,
          createdBy: accountId,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        id: row.id,
        name: parsed.data,
        url: saved.url,
        sizeBytes: input.bytes.length,
        createdAt: now,
        creatorName: null,
      };
    } catch (error) {
      await this.store.remove(saved.name);
      throw error;
    }
  }

  async delete(platformId: number, id: number): Promise<{ id: number; name: string }> {
    const row = await this.db
      .selectFrom('patternImage')
      .select(['id', 'name', 'storageName'])
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound', { entity: 'entities.patternImage' });
    await this.db.deleteFrom('patternImage').where('id', '=', id).execute();
    await this.store.remove(row.storageName);
    return { id: row.id, name: row.name };
  }
}
