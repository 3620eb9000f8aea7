import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { useLogout } from '../../api/account.ts';
import { useCurrentRoute } from '../use-access.ts';
import { useToken } from '../use-session.ts';
import { showsCalibrationLogout } from './calibration.ts';

/**
 * The calibration site on phones (000 §2.1): back button, search by order number, the example page,
 * and logout on the list and detail pages only.
 */
export default function CalibrationMobileLayout() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const navigate = useNavigate();
  const token = useToken();
  const route = useCurrentRoute();
  const logout = useLogout();
  const onLogin = route?.name === 'calibration.mobile.login';
  const showLogout = token !== null && route !== undefined && showsCalibrationLogout(route.name, 'mobile');
  return (
    <div style={{ minHeight: '100vh', background: design.colorBgLayout, maxWidth: 640, margin: '0 auto' }}>
      <header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: 8,
          background: design.colorBgContainer,
          borderBottom: `1px solid ${design.colorBorderSecondary}`,
        }}
      >
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('app.back')}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/mobile/calibration/home'))}
          data-testid="calibration-back"
        />
        {onLogin ? (
          <strong style={{ flex: 1 }}>{t('calibration.site')}</strong>
        ) : (
          <Input.Search
            allowClear
            placeholder={t('calibration.searchPlaceholder')}
            onSearch={(value) => {
              const orderNo = value.trim();
              navigate(`/mobile/calibration/list${orderNo ? `?orderNo=${encodeURIComponent(orderNo)}` : ''}`);
            }}
            style={{ flex: 1 }}
            data-testid="calibration-search"
          />
        )}
        {!onLogin ? (
          <Link
            to="/mobile/calibration/device/example"
            style={{ color: design.colorPrimary, whiteSpace: 'nowrap' }}
          >
            {t('calibration.example')}
          </Link>
        ) : null}
        {showLogout ? (
          <Button size="small" onClick={() => logout.mutate()} data-testid="calibration-logout">
            {t('layout.logout')}
          </Button>
        ) : null}
      </header>
      <main style={{ padding: 12 }}>
        <Outlet />
      </main>
    </div>
  );
}
