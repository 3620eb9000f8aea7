import { createElement, lazy, Suspense } from 'react';
import type { SetMealDrawerProps } from './SetMealDrawer.tsx';

export type { SetMealDrawerProps } from './SetMealDrawer.tsx';

const LazySetMealDrawer = lazy(() => import('./SetMealDrawer.tsx'));

/**
 * The device set-meal drawer (001 §2.1) for any page: `<SetMealDrawer open deviceId={id} />` for one
 * device, `deviceIds` for a batch. Its code loads the first time it opens.
 */
export function SetMealDrawer(props: SetMealDrawerProps) {
  if (!props.open) return null;
  return createElement(Suspense, { fallback: null }, createElement(LazySetMealDrawer, props));
}

/** The device detail's "recharge" tab: the current package and the purchase entries. */
export const RechargePanel = lazy(() => import('./RechargePanel.tsx'));
