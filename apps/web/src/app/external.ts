import { PLC_SITE_URL } from './edition.ts';
import type { AppRoute } from './routes.ts';

/**
 * Where the routes that open a new window go (000 §2.10): the PLC site is a build setting, the
 * calibration service and market management are pages of this console in a window of their own.
 */
export function externalUrl(kind: NonNullable<AppRoute['external']>): string | null {
  if (kind === 'plc') return PLC_SITE_URL ?? null;
  if (kind === 'calibrationServe') return '/calibration/admin/login';
  return '/marketVisualization/home';
}

export function openExternal(kind: NonNullable<AppRoute['external']>): void {
  const url = externalUrl(kind);
  if (url) window.open(url, '_blank', 'noopener');
}

/** Menu entries this build can serve: an external entry needs its address. */
export function availableInThisBuild(route: AppRoute): boolean {
  return !route.external || externalUrl(route.external) !== null;
}
