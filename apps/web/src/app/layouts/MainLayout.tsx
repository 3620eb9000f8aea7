import { Button, Layout, Menu, type MenuProps, Modal, Space, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAccountInfo, useLogout } from '../../api/account.ts';
import { usePlatform } from '../../api/platform.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../constants.ts';
import { menuRoutes } from '../routes.ts';

/**
 * The signed-in frame on antd's own Layout and Menu (000 §2.1): sidebar menu from the permissions,
 * header with the language, the user and logout. Tabs, scenes and the alarm badge come with the shell.
 */
export default function MainLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: info } = useAccountInfo();
  const { data: platform } = usePlatform();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(false);

  const items: MenuProps['items'] = menuRoutes(info?.permissionRoutes ?? []).map((route) => ({
    key: route.path,
    label: t(`route.${route.name}`),
  }));
  const title = platform?.title || t('app.name');
  const userName = info?.baseAccount.userName ?? '';

  const confirmLogout = () => {
    modal.confirm({
      title: t('layout.logout'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => logout.mutateAsync(),
    });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {modalHolder}
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        theme="light"
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <div
          style={{
            height: 64,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            padding: '0 16px',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          <span style={{ color: token.colorPrimary, fontWeight: 600, fontSize: collapsed ? 14 : 18 }}>
            {collapsed ? title.slice(0, 2) : title}
          </span>
        </div>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 0 }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '0 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            onClick={() => setCollapsed((value) => !value)}
            aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
            title={collapsed ? t('layout.expand') : t('layout.collapse')}
          >
            <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
          </Button>
          <div style={{ flex: 1 }} />
          <Space size="middle">
            <LanguageSwitch />
            <span data-testid="header-user-name">{userName}</span>
            <Button onClick={confirmLogout} loading={logout.isPending} data-testid="logout">
              {t('layout.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextTertiary }}>
          {t('app.footer', { year: new Date().getFullYear(), title })}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
