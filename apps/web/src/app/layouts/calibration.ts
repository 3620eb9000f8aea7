import type { RouteName } from '../routes.ts';

/**
 * Where the calibration logout button shows (000 §2.1): on the mobile site only on the list and the
 * detail; on both sites never on the login and form pages.
 */
export function showsCalibrationLogout(name: RouteName, site: 'pc' | 'mobile'): boolean {
  if (site === 'mobile') return name === 'calibration.mobile.list' || name === 'calibration.mobile.detail';
  const hidden: RouteName[] = [
    'calibration.login',
    'calibration.admin.login',
    'calibration.form',
    'calibration.form.example',
  ];
  return !hidden.includes(name);
}
