import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { INACTIVITY_TIMEOUT_MS } from '@coldchain/shared';
import { Button, Drawer, Layout, Modal, Space, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAccountInfo } from '../../api/account.ts';
import { usePlatform } from '../../api/platform.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { PremiumBadge } from '../../pages/vip/PremiumBadge.tsx';
import { AlarmBadge } from '../../shell/AlarmBadge.tsx';
import { GlobalDialogs } from '../../shell/GlobalDialogs.tsx';
import { InactivityGuard, idledOutStore } from '../../shell/InactivityGuard.tsx';
import { idleLogoutApplies } from '../../shell/inactivity.ts';
import { LoadingOverlay } from '../../shell/LoadingOverlay.tsx';
import { sceneStore } from '../../shell/layout-store.ts';
import { SceneSwitch } from '../../shell/SceneSwitch.tsx';
import { SideMenu } from '../../shell/SideMenu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../shell/SkipLink.tsx';
import { TabBar } from '../../shell/TabBar.tsx';
import { UserMenu } from '../../shell/UserMenu.tsx';
import { useAutoHideHeader, useViewportWidth } from '../../shell/use-viewport.ts';
import { isGranted } from '../access.ts';
import {
  LOGIN_PATH,
  SIDER_COLLAPSE_BREAKPOINT,
  SIDER_COLLAPSED_WIDTH,
  SIDER_MOBILE_BREAKPOINT,
  SIDER_WIDTH,
} from '../constants.ts';
import { bindModal } from '../feedback.ts';
import { useStore } from '../store.ts';
import { useAccessContext } from '../use-access.ts';
import { useToken } from '../use-session.ts';

const HEADER_HEIGHT = 56;

/** Public pages of the main layout (the mall) seen without a session: the page with a login link. */
function VisitorFrame() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: platform } = usePlatform();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <strong style={{ color: token.colorPrimary, flex: 1 }}>{platform?.title || t('app.name')}</strong>
        <LanguageSwitch />
        <Link to={LOGIN_PATH}>{t('app.signIn')}</Link>
      </Layout.Header>
      <Layout.Content style={{ margin: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

/** The tenant's logo and title at the top of the menu; two letters of the title when collapsed. */
function SiderBrand({ title, logo, collapsed }: { title: string; logo: string | null; collapsed: boolean }) {
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap', overflow: 'hidden' }}>
      {logo ? <img src={logo} alt="" style={{ height: 28 }} /> : null}
      {!collapsed || !logo ? (
        <span style={{ color: token.colorPrimary, fontWeight: 600, fontSize: collapsed ? 14 : 18 }}>
          {collapsed ? title.slice(0, 2) : title}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The signed-in frame on antd's own Layout, Menu and Tabs (000 §2.1): sidebar 256 px (80 collapsed,
 * collapsed below 1350 px, a drawer below 576 px), a header that hides past 300 px of scrolling,
 * the multi-tab bar, and the global dialogs.
 */
export default function MainLayout() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const token = useToken();
  const { data: info } = useAccountInfo();
  const { data: platform } = usePlatform();
  const ctx = useAccessContext();
  const width = useViewportWidth();
  const narrow = width < SIDER_COLLAPSE_BREAKPOINT;
  const mobile = width < SIDER_MOBILE_BREAKPOINT;
  const [collapsed, setCollapsed] = useState(narrow);
  const headerHidden = useAutoHideHeader();
  const scene = useStore(sceneStore);
  const idledOut = useStore(idledOutStore);

  useEffect(() => setCollapsed(narrow), [narrow]);
  useEffect(() => {
    bindModal(modal);
    return () => bindModal(null);
  }, [modal]);

  // 000 §4: scene 2 without cloudChain.myProject falls back to scene 1.
  const cloudAllowed = ctx ? isGranted(ctx, 'cloudChain.myProject') : false;
  useEffect(() => {
    if (ctx && scene === 2 && !cloudAllowed) sceneStore.set(1);
  }, [ctx, scene, cloudAllowed]);

  if (!token) return <VisitorFrame />;
  if (!info || !ctx) return <PageLoading />;

  const title = platform?.title || t('app.name');
  const logo = platform?.useLogo === 1 ? platform.indexLogo : null;
  const menu = (
    <SideMenu
      section={scene === 2 ? 'scene2' : 'scene1'}
      ctx={ctx}
      collapsed={collapsed && !mobile}
      onNavigate={() => mobile && setCollapsed(true)}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {modalHolder}
      <LoadingOverlay />
      {mobile ? (
        // A phone (below 576 px, 000 §2.1): the menu opens as a drawer over the page.
        <Drawer
          placement="left"
          open={!collapsed}
          onClose={() => setCollapsed(true)}
          size={SIDER_WIDTH}
          title={<SiderBrand title={title} logo={logo} collapsed={false} />}
          styles={{ body: { padding: 0 } }}
          data-testid="menu-drawer"
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          theme="light"
          data-testid="sider"
          style={{
            position: 'sticky',
            top: 0,
            left: 0,
            zIndex: 100,
            height: '100vh',
            overflow: 'auto',
            borderInlineEnd: `1px solid ${design.colorBorderSecondary}`,
          }}
        >
          <div
            style={{
              height: HEADER_HEIGHT,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              padding: '0 16px',
              overflow: 'hidden',
            }}
          >
            <SiderBrand title={title} logo={logo} collapsed={collapsed} />
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          data-testid="header"
          data-hidden={headerHidden}
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            height: HEADER_HEIGHT,
            lineHeight: 'normal',
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            padding: '0 12px',
            background: design.colorBgContainer,
            borderBottom: `1px solid ${design.colorBorderSecondary}`,
            transform: headerHidden ? `translateY(-${HEADER_HEIGHT}px)` : 'none',
            transition: 'transform 0.2s',
          }}
        >
          <Button
            type="text"
            onClick={() => setCollapsed((value) => !value)}
            aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
            title={collapsed ? t('layout.expand') : t('layout.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            data-testid="sider-toggle"
          />
          <SceneSwitch compact={mobile} />
          <div style={{ flex: 1 }} />
          <Space size={4} align="center" wrap={false}>
            <PremiumBadge compact={mobile} />
            <AlarmBadge
              enabled={isGranted(ctx, 'message.list') && !idledOut}
              canToggleTone={isGranted(ctx, 'consumer.info', 'edit')}
            />
            <LanguageSwitch compact={mobile} />
            <UserMenu showPersonalCenter={isGranted(ctx, 'consumer.info')} compact={mobile} />
          </Space>
        </Layout.Header>
        <div style={{ background: design.colorBgContainer }}>
          <TabBar />
        </div>
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ margin: mobile ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: design.colorTextTertiary }}>
          {t('app.footer', { year: new Date().getFullYear(), title })}
        </Layout.Footer>
      </Layout>
      <GlobalDialogs canEditProfile={isGranted(ctx, 'consumer.info', 'edit')} />
      <InactivityGuard
        enabled={idleLogoutApplies(info.userProfile)}
        timeoutMs={info.inactivityTimeoutMs || INACTIVITY_TIMEOUT_MS}
      />
    </Layout>
  );
}
