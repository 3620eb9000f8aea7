import type { PlatformInsert, PlatformPageRequest, PlatformUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { newPlatformRow } from './new-platform.ts';
import type { PlatformRow, PlatformsRepo } from './platforms.repo.ts';
import type { TenantResolver } from './tenant-resolver.ts';

/** White-label platforms (002 §3 customized platform): back-office management and lookup by domain. */
export class PlatformsService {
  constructor(
    private readonly repo: PlatformsRepo,
    private readonly tenants: TenantResolver,
    private readonly clock: Clock,
  ) {}

  /** The platform for a top domain, or the one serving the request when none is named. */
  async byTopDomain(topDomain: string | undefined, current: PlatformRow): Promise<PlatformRow> {
    if (!topDomain) return current;
    return this.tenants.resolve(topDomain);
  }

  async get(id: number): Promise<PlatformRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.platform' });
    return row;
  }

  page(q: PlatformPageRequest) {
    return this.repo.page(q);
  }

  list(): Promise<PlatformRow[]> {
    return this.repo.all();
  }

  async insert(input: PlatformInsert): Promise<PlatformRow> {
    await this.assertDomainsFree(input.topDomain, input.viewDomain ?? null);
    const now = this.clock.now().toISOString();
    const row = await this.repo.insert(newPlatformRow(input, now));
    this.tenants.invalidate();
    return row;
  }

  async update(input: PlatformUpdate): Promise<{ before: PlatformRow; after: PlatformRow }> {
    const before = await this.get(input.id);
    const { id, ...changes } = input;
    await this.assertDomainsFree(changes.topDomain ?? null, changes.viewDomain ?? null, id);
    const after = await this.repo.update(id, { ...changes, updatedAt: this.clock.now().toISOString() });
    if (!after) throw new AppError('notFound', { entity: 'entities.platform' });
    this.tenants.invalidate();
    return { before, after };
  }

  /** The default platform and platforms that still hold accounts cannot be deleted. */
  async delete(id: number): Promise<PlatformRow> {
    const row = await this.get(id);
    if (row.isDefault === 1) throw new AppError('defaultPlatformLocked');
    if (await this.repo.hasAccounts(id)) throw new AppError('platformInUse');
    await this.repo.delete(id);
    this.tenants.invalidate();
    return row;
  }

  private async assertDomainsFree(topDomain: string | null, viewDomain: string | null, exceptId?: number) {
    for (const domain of [topDomain, viewDomain]) {
      if (!domain) continue;
      const owner = await this.repo.byDomain(domain);
      if (owner && owner.id !== exceptId) throw new AppError('domainTaken');
    }
  }
}
