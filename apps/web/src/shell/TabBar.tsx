import { Dropdown, type MenuProps, Tabs } from 'antd';
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { flash } from '../app/feedback.ts';
import { useStore } from '../app/store.ts';
import { useCurrentRoute } from '../app/use-access.ts';
import { tabsStore } from './layout-store.ts';
import { closeLeft, closeOthers, closeRight, closeTab, openTab, type TabOutcome } from './tabs.ts';

type Command = 'close' | 'closeOthers' | 'closeLeft' | 'closeRight';

const COMMANDS = {
  close: closeTab,
  closeOthers,
  closeLeft,
  closeRight,
} as const;

/** The mouse-only controls antd puts inside the tab list beside the tabs: close buttons and "more". */
const MOUSE_ONLY = '.ant-tabs-tab-remove, .ant-tabs-nav-more';

/**
 * A tab list holds only tabs (WCAG 4.1.2, ARIA tablist): the close and "more" buttons stay for the
 * mouse but leave the accessibility tree and the tab order; keyboard users close the focused tab with
 * Delete and move between tabs with the arrow keys, as in the ARIA tabs pattern.
 */
function useTabsOnlyInTabList(holder: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const hide = () => {
      for (const control of element.querySelectorAll<HTMLElement>(MOUSE_ONLY)) {
        if (control.getAttribute('aria-hidden') !== 'true') control.setAttribute('aria-hidden', 'true');
        if (control.tabIndex !== -1) control.tabIndex = -1;
      }
    };
    hide();
    const observer = new MutationObserver(hide);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [holder]);
}

/**
 * The multi-tab bar (000 §2.11): a tab per visited page, a context menu to close others, left or
 * right, and the last tab never closes (000 §4, §5 messages).
 */
export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const route = useCurrentRoute();
  const tabs = useStore(tabsStore);
  const holder = useRef<HTMLDivElement>(null);
  useTabsOnlyInTabList(holder);

  // Before paint, so the new page's tab is there as soon as the page is.
  useLayoutEffect(() => {
    if (!route) return;
    tabsStore.set((state) =>
      openTab(state, {
        key: location.pathname,
        fullPath: `${location.pathname}${location.search}`,
        name: route.name,
      }),
    );
  }, [route, location.pathname, location.search]);

  const run = (command: Command, key: string) => {
    const outcome: TabOutcome = COMMANDS[command](tabsStore.get(), key);
    if (!outcome.ok) {
      flash('warning', t(`tabs.${outcome.reason}`));
      return;
    }
    tabsStore.set(outcome.state);
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const menuFor = (key: string): MenuProps => ({
    items: (['close', 'closeOthers', 'closeLeft', 'closeRight'] as const).map((command) => ({
      key: command,
      label: <span data-testid={`tab-menu-${command}`}>{t(`tabs.${command}`)}</span>,
    })),
    onClick: ({ key: command, domEvent }) => {
      domEvent.stopPropagation();
      run(command as Command, key);
    },
  });

  return (
    <div ref={holder}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={tabs.activeKey}
        onChange={(key) => {
          const page = tabs.pages.find((p) => p.key === key);
          if (page) navigate(page.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('close', key);
        }}
        items={tabs.pages.map((page) => ({
          key: page.key,
          closable: true,
          label: (
            <Dropdown menu={menuFor(page.key)} trigger={['contextMenu']}>
              <span data-testid="tab" data-tab-key={page.key}>
                {t(`route.${page.name}`)}
              </span>
            </Dropdown>
          ),
        }))}
        style={{ marginBottom: 0 }}
        tabBarStyle={{ margin: 0, padding: '6px 16px 0' }}
        data-testid="tab-bar"
      />
    </div>
  );
}
