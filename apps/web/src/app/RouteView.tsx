import { Suspense } from 'react';
import { useAccountInfo } from '../api/account.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { type AppRoute, canOpen, ForbiddenPage } from './routes.ts';

/** One route's page, or the 403 page when the permissions do not include the route (000 §6). */
export function RouteView({ route }: { route: AppRoute }) {
  const info = useAccountInfo({ enabled: route.access !== 'public' });
  const Page = canOpen(route, info.data?.permissionRoutes) ? route.component : ForbiddenPage;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
