import { ArrowLeftOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { usePlatform } from '../../api/platform.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SideMenu } from '../../shell/SideMenu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../shell/SkipLink.tsx';
import { useIsPhone } from '../../shell/use-viewport.ts';
import { SIDER_WIDTH } from '../constants.ts';
import { useAccessContext } from '../use-access.ts';

const ORIGIN_KEY = 'cloudOrigin';

/** Back goes to the project list when the origin value is 0, else to the project overview (000 §2.1). */
export function backPathFor(origin: string | null): string {
  return origin === '0' ? '/projectList/index' : '/projectOverview/index';
}

/**
 * The cloud-chain project layout (000 §2.1, §2.7): its own menu of the project's views and a back
 * button. The origin comes with the first page opened and is kept while moving between the views.
 */
export default function CloudLayout() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ctx = useAccessContext();
  const { data: platform } = usePlatform();
  const phone = useIsPhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const [origin] = useState(() => {
    const fromUrl = params.get('origin');
    try {
      if (fromUrl !== null) sessionStorage.setItem(ORIGIN_KEY, fromUrl);
      return fromUrl ?? sessionStorage.getItem(ORIGIN_KEY);
    } catch {
      return fromUrl;
    }
  });
  if (!ctx) return <PageLoading />;
  const search = origin !== null ? `?origin=${encodeURIComponent(origin)}` : '';
  const menu = (
    <>
      <div style={{ padding: 12 }}>
        <Button
          icon={<ArrowLeftOutlined />}
          block
          onClick={() => navigate(backPathFor(origin))}
          data-testid="cloud-back"
        >
          {t('app.back')}
        </Button>
      </div>
      <SideMenu section="cloud" ctx={ctx} search={search} onNavigate={() => setMenuOpen(false)} />
    </>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {phone ? (
        // A phone (below 576 px, 000 §2.1): the project's menu opens as a drawer.
        <Drawer
          placement="left"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          size={SIDER_WIDTH}
          title={platform?.title || t('app.name')}
          styles={{ body: { padding: 0 } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${design.colorBorderSecondary}` }}
        >
          {menu}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            background: design.colorBgContainer,
            borderBottom: `1px solid ${design.colorBorderSecondary}`,
            gap: 4,
            padding: phone ? '0 12px' : '0 16px',
          }}
        >
          {phone ? (
            <Button
              type="text"
              onClick={() => setMenuOpen(true)}
              aria-label={t('layout.expand')}
              title={t('layout.expand')}
              icon={<MenuUnfoldOutlined />}
              data-testid="sider-toggle"
            />
          ) : null}
          <strong style={{ flex: 1, color: design.colorPrimary }}>{platform?.title || t('app.name')}</strong>
          <LanguageSwitch />
        </Layout.Header>
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ margin: phone ? 12 : 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
