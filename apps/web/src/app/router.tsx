import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { HOME_PATH } from './constants.ts';
import { lazyPage } from './lazy-page.ts';
import { Root } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { RouteView } from './RouteView.tsx';
import { type LayoutName, ROUTES } from './routes.ts';
import { bindNavigate } from './session.ts';
import type { RouteHandle } from './use-access.ts';

/** Each layout is its own chunk, so the login page does not load the signed-in shell (000 §2.1). */
const LAYOUTS: Record<LayoutName, ReturnType<typeof lazyPage>> = {
  user: lazyPage(() => import('./layouts/UserLayout.tsx')),
  main: lazyPage(() => import('./layouts/MainLayout.tsx')),
  cloud: lazyPage(() => import('./layouts/CloudLayout.tsx')),
  quick: lazyPage(() => import('./layouts/QuickLayout.tsx')),
  blank: lazyPage(() => import('./layouts/BlankLayout.tsx')),
  calibrationPc: lazyPage(() => import('./layouts/CalibrationPcLayout.tsx')),
  calibrationMobile: lazyPage(() => import('./layouts/CalibrationMobileLayout.tsx')),
};

function layoutGroup(layout: LayoutName): RouteObject {
  const Layout = LAYOUTS[layout];
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Layout />
      </Suspense>
    ),
    children: ROUTES.filter((route) => route.layout === layout).map((route) => ({
      path: route.path,
      element: <RouteView route={route} />,
      handle: { route } satisfies RouteHandle,
    })),
  };
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      ...(Object.keys(LAYOUTS) as LayoutName[]).map(layoutGroup),
      // 000 §2.1: the root goes to /home; unknown paths go to the root (and from there to login when
      // signed out).
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

bindNavigate((to) => {
  void router.navigate(to, { replace: true });
});
