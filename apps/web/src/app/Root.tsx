import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { usePlatform } from '../api/platform.ts';
import type { AppRoute } from './routes.ts';

export interface RouteHandle {
  route: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

function setFavicon(href: string | null | undefined): void {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/** Wraps every route: title from the route name prefixed by the tenant title, scroll to top (000 §2.1, §2.10). */
export function Root() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const { data: platform } = usePlatform();
  const route = matches.map((match) => match.handle).findLast(isRouteHandle)?.route;
  const siteTitle = platform?.title || t('app.name');
  const pageTitle = route ? t(`route.${route.name}`) : '';

  useEffect(() => {
    document.title = pageTitle ? `${siteTitle} - ${pageTitle}` : siteTitle;
  }, [siteTitle, pageTitle]);

  useEffect(() => {
    setFavicon(platform?.browserLogo);
  }, [platform?.browserLogo]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return <Outlet />;
}
