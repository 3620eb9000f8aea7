import { describe, expect, it } from 'vitest';
import { shouldSound } from './alarm-tone.ts';
import { activityThrottleMs, idleLogoutApplies, isIdle } from './inactivity.ts';
import { closeLeft, closeOthers, closeRight, closeTab, EMPTY_TABS, openTab, type TabsState } from './tabs.ts';

const page = (key: string) => ({ key, fullPath: key, name: 'home' as const });

function tabs(keys: string[], active: string): TabsState {
  return { pages: keys.map(page), activeKey: active };
}

describe('multi-tab rules', () => {
  it('opens one tab per page and activates it', () => {
    let state = openTab(EMPTY_TABS, page('/a'));
    state = openTab(state, page('/b'));
    state = openTab(state, { ...page('/a'), fullPath: '/a?x=1' });
    expect(state.pages.map((p) => p.fullPath)).toEqual(['/a?x=1', '/b']);
    expect(state.activeKey).toBe('/a');
  });

  it('never closes the last tab', () => {
    expect(closeTab(tabs(['/a'], '/a'), '/a')).toEqual({ ok: false, reason: 'lastTab' });
    expect(closeOthers(tabs(['/a'], '/a'), '/a')).toEqual({ ok: false, reason: 'lastTab' });
  });

  it('shows the neighbour when the active tab closes', () => {
    const closed = closeTab(tabs(['/a', '/b', '/c'], '/b'), '/b');
    expect(closed).toEqual({ ok: true, state: tabs(['/a', '/c'], '/c'), navigateTo: '/c' });
    const last = closeTab(tabs(['/a', '/b'], '/b'), '/b');
    expect(last).toEqual({ ok: true, state: tabs(['/a'], '/a'), navigateTo: '/a' });
    const other = closeTab(tabs(['/a', '/b'], '/a'), '/b');
    expect(other).toEqual({ ok: true, state: tabs(['/a'], '/a'), navigateTo: null });
  });

  it('closes others, left and right, refusing an empty side', () => {
    expect(closeOthers(tabs(['/a', '/b', '/c'], '/a'), '/b')).toEqual({
      ok: true,
      state: tabs(['/b'], '/b'),
      navigateTo: '/b',
    });
    expect(closeLeft(tabs(['/a', '/b', '/c'], '/c'), '/b')).toEqual({
      ok: true,
      state: tabs(['/b', '/c'], '/c'),
      navigateTo: null,
    });
    expect(closeLeft(tabs(['/a', '/b'], '/a'), '/b')).toEqual({
      ok: true,
      state: tabs(['/b'], '/b'),
      navigateTo: '/b',
    });
    expect(closeRight(tabs(['/a', '/b', '/c'], '/c'), '/a')).toEqual({
      ok: true,
      state: tabs(['/a'], '/a'),
      navigateTo: '/a',
    });
    expect(closeLeft(tabs(['/a', '/b'], '/a'), '/a')).toEqual({ ok: false, reason: 'noLeft' });
    expect(closeRight(tabs(['/a', '/b'], '/a'), '/b')).toEqual({ ok: false, reason: 'noRight' });
  });
});

describe('idle logout and alarm tone', () => {
  it('applies to protected FDA accounts only and throttles activity to at most 10 s', () => {
    expect(idleLogoutApplies({ enableProtect: 1, enableFda: 1 })).toBe(true);
    expect(idleLogoutApplies({ enableProtect: 1, enableFda: 0 })).toBe(false);
    expect(activityThrottleMs(300_000)).toBe(10_000);
    expect(activityThrottleMs(3_000)).toBe(1_000);
    expect(isIdle(0, 299_999, 300_000)).toBe(false);
    expect(isIdle(0, 300_000, 300_000)).toBe(true);
  });

  it('sounds when new alarms appear and the tone is on', () => {
    expect(shouldSound(undefined, 2, true)).toBe(true);
    expect(shouldSound(2, 2, true)).toBe(false);
    expect(shouldSound(2, 3, true)).toBe(true);
    expect(shouldSound(undefined, 2, false)).toBe(false);
    expect(shouldSound(0, 0, true)).toBe(false);
  });
});
