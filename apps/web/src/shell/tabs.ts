import type { RouteName } from '../app/routes.ts';

/** One open page of the multi-tab bar (000 §3 multi-tab state: pages, fullPathList, activeKey). */
export interface TabPage {
  /** One tab per page: the path without its query. */
  key: string;
  /** Where the tab goes back to, query included. */
  fullPath: string;
  name: RouteName;
}

export interface TabsState {
  pages: TabPage[];
  activeKey: string;
}

export const EMPTY_TABS: TabsState = { pages: [], activeKey: '' };

/** Opens (or updates) the tab of the page being shown and makes it active. */
export function openTab(state: TabsState, page: TabPage): TabsState {
  const index = state.pages.findIndex((p) => p.key === page.key);
  if (index === -1) return { pages: [...state.pages, page], activeKey: page.key };
  const current = state.pages[index];
  if (
    current &&
    current.fullPath === page.fullPath &&
    current.name === page.name &&
    state.activeKey === page.key
  )
    return state;
  const pages = state.pages.slice();
  pages[index] = page;
  return { pages, activeKey: page.key };
}

/** Why a close did nothing: the messages of 000 §5. */
export type TabRefusal = 'lastTab' | 'noLeft' | 'noRight';

export type TabOutcome =
  | { ok: true; state: TabsState /** the page to show when the active one went */; navigateTo: string | null }
  | { ok: false; reason: TabRefusal };

function settle(before: TabsState, pages: TabPage[], preferIndex: number): TabOutcome {
  if (pages.some((p) => p.key === before.activeKey))
    return { ok: true, state: { pages, activeKey: before.activeKey }, navigateTo: null };
  const next = pages[Math.min(Math.max(preferIndex, 0), pages.length - 1)];
  if (!next) return { ok: false, reason: 'lastTab' };
  return { ok: true, state: { pages, activeKey: next.key }, navigateTo: next.fullPath };
}

/** The last remaining tab cannot be closed (000 §4). */
export function closeTab(state: TabsState, key: string): TabOutcome {
  const index = state.pages.findIndex((p) => p.key === key);
  if (index === -1) return { ok: true, state, navigateTo: null };
  if (state.pages.length <= 1) return { ok: false, reason: 'lastTab' };
  const pages = state.pages.filter((p) => p.key !== key);
  // Closing the active tab shows its right neighbour, or the left one at the end.
  return settle(state, pages, index);
}

export function closeOthers(state: TabsState, key: string): TabOutcome {
  const keep = state.pages.find((p) => p.key === key);
  if (!keep || state.pages.length <= 1) return { ok: false, reason: 'lastTab' };
  const pages = [keep];
  if (state.activeKey === key) return { ok: true, state: { pages, activeKey: key }, navigateTo: null };
  return { ok: true, state: { pages, activeKey: key }, navigateTo: keep.fullPath };
}

export function closeLeft(state: TabsState, key: string): TabOutcome {
  const index = state.pages.findIndex((p) => p.key === key);
  if (index <= 0) return { ok: false, reason: 'noLeft' };
  const pages = state.pages.slice(index);
  return settle(state, pages, 0);
}

export function closeRight(state: TabsState, key: string): TabOutcome {
  const index = state.pages.findIndex((p) => p.key === key);
  if (index === -1 || index === state.pages.length - 1) return { ok: false, reason: 'noRight' };
  const pages = state.pages.slice(0, index + 1);
  return settle(state, pages, pages.length - 1);
}
