import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { HOME_PATH } from './constants.ts';
import { lazyPage } from './lazy-page.ts';
import { RequireSignIn } from './RequireSignIn.tsx';
import { Root, type RouteHandle } from './Root.tsx';
import { RouteError } from './RouteError.tsx';
import { RouteView } from './RouteView.tsx';
import { type LayoutName, ROUTES } from './routes.ts';
import { bindNavigate } from './session.ts';

const UserLayout = lazyPage(() => import('./layouts/UserLayout.tsx'));
const MainLayout = lazyPage(() => import('./layouts/MainLayout.tsx'));
const BlankLayout = lazyPage(() => import('./layouts/BlankLayout.tsx'));

function layoutGroup(layout: LayoutName, element: ReactNode): RouteObject {
  return {
    element,
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
      layoutGroup(
        'user',
        <Suspense fallback={<PageLoading />}>
          <UserLayout />
        </Suspense>,
      ),
      layoutGroup(
        'main',
        <RequireSignIn>
          <Suspense fallback={<PageLoading />}>
            <MainLayout />
          </Suspense>
        </RequireSignIn>,
      ),
      layoutGroup(
        'blank',
        <Suspense fallback={<PageLoading />}>
          <BlankLayout />
        </Suspense>,
      ),
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
