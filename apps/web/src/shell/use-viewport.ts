import { useEffect, useState } from 'react';
import { HEADER_AUTO_HIDE_SCROLL, SIDER_MOBILE_BREAKPOINT } from '../app/constants.ts';

export function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/** Below 576 px (000 §2.1) the console lays out for a phone: drawer menu, cards, stacked forms. */
export function useIsPhone(): boolean {
  return useViewportWidth() < SIDER_MOBILE_BREAKPOINT;
}

/** The header hides while scrolling down past 300 px and comes back on scrolling up (000 §2.1). */
export function useAutoHideHeader(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > HEADER_AUTO_HIDE_SCROLL && y > last) setHidden(true);
      else if (y < last || y <= HEADER_AUTO_HIDE_SCROLL) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
