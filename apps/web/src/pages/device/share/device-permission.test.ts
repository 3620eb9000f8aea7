import { describe, expect, it } from 'vitest';
import { grantView } from './device-permission.ts';

describe('device permission view (000 §6 deviceAction)', () => {
  it('allows everything to the owner and nothing operable before the permissions are known', () => {
    const owner = grantView({ deviceId: 1, owner: true, items: [] });
    expect([owner.visible('map'), owner.operable('param.7')]).toEqual([true, true]);
    const unknown = grantView(undefined);
    expect([unknown.ready, unknown.visible('map'), unknown.operable('timeZone')]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('shows read-only items disabled and hides the rest for a shared device', () => {
    const view = grantView({
      deviceId: 1,
      owner: false,
      items: [
        { permissionCode: 'map', kind: 'block', viewStatus: 0, setStatus: -1 },
        { permissionCode: 'chart', kind: 'block', viewStatus: 1, setStatus: -1 },
        { permissionCode: 'param.7', kind: 'param', viewStatus: 1, setStatus: 0 },
        { permissionCode: 'param.8', kind: 'param', viewStatus: 1, setStatus: 1 },
      ],
    });
    expect([view.visible('map'), view.visible('chart'), view.visible('log')]).toEqual([false, true, false]);
    expect([view.visible('param.7'), view.operable('param.7'), view.operable('param.8')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});
