import type { PlatformRow, PlatformsRepo } from './platforms.repo.ts';

const TTL_MS = 10_000;

/**
 * Finds the platform serving a host name: an exact view or top domain, else the nearest parent domain
 * registered as a top domain, else the default platform. Cached briefly; nodes converge within TTL_MS.
 */
export class TenantResolver {
  private cache = new Map<string, { platform: PlatformRow; at: number }>();
  constructor(private readonly repo: PlatformsRepo) {}

  async resolve(hostname: string): Promise<PlatformRow> {
    const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const cached = this.cache.get(host);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.platform;
    const platform = await this.lookup(host);
    this.cache.set(host, { platform, at: Date.now() });
    return platform;
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async lookup(host: string): Promise<PlatformRow> {
    const labels = host.split('.');
    for (let i = 0; i < labels.length - 1 || i === 0; i += 1) {
      const candidate = labels.slice(i).join('.');
      const found = await this.repo.byDomain(candidate);
      if (found) return found;
      if (labels.length === 1) break;
    }
    const fallback = await this.repo.defaultPlatform();
    if (!fallback) throw new Error('No default platform: the database was not seeded');
    return fallback;
  }
}
