import { RESTRICTED_STYLE_MODEL, RESTRICTED_STYLE_ROUTES } from '@coldchain/shared';
import type { RolesRepo } from './roles.repo.ts';

const TTL_MS = 10_000;
const READ_ACTIONS = new Set(['query', 'get', 'export']);

/** The platform a caller signs in on, as far as permissions depend on it. */
export interface PermissionPlatform {
  styleModel: number;
  isDefault: number;
}

/**
 * Whether a key changes what every platform shares: the platforms themselves and the global catalogue
 * (reading the catalogue stays). Only the default platform's back office holds such keys.
 */
function changesGlobalThings(key: string): boolean {
  if (key.startsWith('customized.')) return true;
  if (!key.startsWith('product.')) return false;
  const action = key.split(':')[1];
  return action !== undefined && !READ_ACTIONS.has(action);
}

/** The route part of a permission key (`device.list:add` -> `device.list`). */
export const routeOf = (key: string): string => key.split(':')[0] ?? key;

/**
 * A caller's permission keys: those of the account's role, narrowed to the restricted route set when
 * the platform uses the restricted style model (000 §6), and on any platform but the default one
 * without the keys that change the global catalogue or the platforms. Server checks and the menu read
 * the same list.
 */
export class PermissionsService {
  private cache = new Map<string, { keys: string[]; at: number }>();
  constructor(private readonly roles: RolesRepo) {}

  async forAccount(roleCode: string, { styleModel, isDefault }: PermissionPlatform): Promise<string[]> {
    const cacheKey = `${roleCode}|${styleModel}|${isDefault}`;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.keys;
    let keys = await this.roles.permissionsOf(roleCode);
    if (styleModel === RESTRICTED_STYLE_MODEL) {
      const allowed = new Set<string>(RESTRICTED_STYLE_ROUTES);
      keys = keys.filter((k) => allowed.has(routeOf(k)));
    }
    if (isDefault !== 1) keys = keys.filter((k) => !changesGlobalThings(k));
    keys.sort();
    this.cache.set(cacheKey, { keys, at: Date.now() });
    return keys;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
