import { RESTRICTED_STYLE_MODEL, RESTRICTED_STYLE_ROUTES } from '@coldchain/shared';
import type { RolesRepo } from './roles.repo.ts';

const TTL_MS = 10_000;

/** The route part of a permission key (`device.list:add` -> `device.list`). */
export const routeOf = (key: string): string => key.split(':')[0] ?? key;

/**
 * A caller's permission keys: those of the account's role, narrowed to the restricted route set when
 * the platform uses the restricted style model (000 §6). Server checks and the menu read the same list.
 */
export class PermissionsService {
  private cache = new Map<string, { keys: string[]; at: number }>();
  constructor(private readonly roles: RolesRepo) {}

  async forAccount(roleCode: string, styleModel: number): Promise<string[]> {
    const cacheKey = `${roleCode}|${styleModel}`;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.keys;
    let keys = await this.roles.permissionsOf(roleCode);
    if (styleModel === RESTRICTED_STYLE_MODEL) {
      const allowed = new Set<string>(RESTRICTED_STYLE_ROUTES);
      keys = keys.filter((k) => allowed.has(routeOf(k)));
    }
    keys.sort();
    this.cache.set(cacheKey, { keys, at: Date.now() });
    return keys;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
