import type {
  CurrentNotice,
  NoticeInsert,
  NoticePageRequest,
  NoticeQuery,
  NoticeUpdate,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { NoticeRow, NoticesRepo } from './notices.repo.ts';

/**
 * Notices of a platform (000 §2.11 notice modal; back office /notice/list). Each platform's operators
 * manage its own notices; "do not remind me" is kept per account and notice id.
 */
export class NoticesService {
  constructor(
    private readonly repo: NoticesRepo,
    private readonly clock: Clock,
  ) {}

  async current(platformId: number, accountId: number, q: NoticeQuery): Promise<CurrentNotice | null> {
    const row = await this.repo.current(platformId, accountId, q);
    return row ? { noticeId: row.id, noticeContent: row.noticeContent } : null;
  }

  async dismiss(platformId: number, accountId: number, noticeId: number): Promise<NoticeRow> {
    const row = await this.get(platformId, noticeId);
    await this.repo.dismiss(accountId, row.id, this.clock.now().toISOString());
    return row;
  }

  async get(platformId: number, id: number): Promise<NoticeRow> {
    const row = await this.repo.byId(platformId, id);
    if (!row) throw new AppError('notFound', { entity: 'entities.notice' });
    return row;
  }

  page(platformId: number, q: NoticePageRequest) {
    return this.repo.page(platformId, q);
  }

  insert(platformId: number, input: NoticeInsert): Promise<NoticeRow> {
    const now = this.clock.now().toISOString();
    return this.repo.insert({ ...input, platformId, createdAt: now, updatedAt: now });
  }

  async update(platformId: number, input: NoticeUpdate): Promise<{ before: NoticeRow; after: NoticeRow }> {
    const before = await this.get(platformId, input.id);
    const { id, ...changes } = input;
    if (Object.keys(changes).length === 0) throw fieldError('body', 'rules.nothingToChange');
    const after = await this.repo.update(id, { ...changes, updatedAt: this.clock.now().toISOString() });
    if (!after) throw new AppError('notFound', { entity: 'entities.notice' });
    return { before, after };
  }

  async delete(platformId: number, id: number): Promise<NoticeRow> {
    const row = await this.get(platformId, id);
    await this.repo.delete(row.id);
    return row;
  }
}
