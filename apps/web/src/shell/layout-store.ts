import type { SCENE_IDS } from '@coldchain/shared';
import { SCENE_STORAGE_KEY } from '../app/constants.ts';
import { onSessionEnd } from '../app/session.ts';
import { createStore } from '../app/store.ts';
import { EMPTY_TABS, type TabsState } from './tabs.ts';

export type SceneId = (typeof SCENE_IDS)[number];

function storedScene(): SceneId {
  try {
    return Number(localStorage.getItem(SCENE_STORAGE_KEY)) === 2 ? 2 : 1;
  } catch {
    return 1;
  }
}

/** The scene, stored, default 1 (000 §4). */
export const sceneStore = createStore<SceneId>(storedScene());
sceneStore.subscribe(() => {
  try {
    localStorage.setItem(SCENE_STORAGE_KEY, String(sceneStore.get()));
  } catch {
    // The choice then lasts for this page only.
  }
});

/** The multi-tab bar's pages; kept across layout remounts, dropped when the session ends. */
export const tabsStore = createStore<TabsState>(EMPTY_TABS);

/** The loading overlay (000 §2.11): a count of work in progress, shown while above zero. */
export const loadingStore = createStore(0);

export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  loadingStore.set((n) => n + 1);
  try {
    return await work();
  } finally {
    loadingStore.set((n) => Math.max(0, n - 1));
  }
}

onSessionEnd(() => {
  tabsStore.set(EMPTY_TABS);
  loadingStore.set(0);
});
