import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { usePlatform } from '../api/platform.ts';
import { ROOT_FONT_DIVISOR } from './constants.ts';
import { useCurrentRoute } from './use-access.ts';

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

/** 000 §2.1: the root font size is the viewport width divided by 11.04 (text keeps its own size). */
function useRootFontSize(): void {
  useEffect(() => {
    const apply = () => {
      document.documentElement.style.fontSize = `${window.innerWidth / ROOT_FONT_DIVISOR}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}

/** Wraps every route: title from the route name prefixed by the tenant title, scroll to top (000 §2.1, §2.10). */
export function Root() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const { data: platform } = usePlatform();
  const siteTitle = platform?.title || t('app.name');
  const pageTitle = route ? t(`route.${route.name}`) : '';
  useRootFontSize();

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
