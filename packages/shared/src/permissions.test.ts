import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  BACK_OFFICE_ROUTE_KEYS,
  hasPermission,
  SYSTEM_ROLE_CODES,
  SYSTEM_ROLE_PERMISSIONS,
} from './permissions.ts';

describe('permission keys', () => {
  it('matches a route key and a route plus action suffix', () => {
    const granted = ['device.list', 'device.list:query'];
    expect(hasPermission(granted, 'device.list')).toBe(true);
    expect(hasPermission(granted, 'device.list', 'query')).toBe(true);
    expect(hasPermission(granted, 'device.list', 'delete')).toBe(false);
    expect(hasPermission(granted, 'device')).toBe(false);
  });

  it('gives the operator every back-office action and nobody else the platform settings', () => {
    for (const route of BACK_OFFICE_ROUTE_KEYS) {
      for (const action of ACTIONS) expect(SYSTEM_ROLE_PERMISSIONS.operator).toContain(`${route}:${action}`);
    }
    for (const role of SYSTEM_ROLE_CODES.filter((r) => r !== 'operator')) {
      expect(SYSTEM_ROLE_PERMISSIONS[role], role).not.toContain('customized.list:add');
    }
  });

  it('keeps members read-only on devices and personal users out of organizations', () => {
    expect(SYSTEM_ROLE_PERMISSIONS.organizationMember).toContain('device.list:query');
    expect(SYSTEM_ROLE_PERMISSIONS.organizationMember).not.toContain('device.list:delete');
    expect(SYSTEM_ROLE_PERMISSIONS.personalUser).not.toContain('organization.list');
    expect(SYSTEM_ROLE_PERMISSIONS.personalUser).not.toContain('cloudChain.myProject');
  });
});
