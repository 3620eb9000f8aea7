import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLogout } from '../../api/account.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useCurrentRoute } from '../use-access.ts';
import { useToken } from '../use-session.ts';
import { showsCalibrationLogout } from './calibration.ts';

/** The calibration site on PC (000 §2.1, §2.8): its own header; logout hidden on login and form pages. */
export default function CalibrationPcLayout() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const token = useToken();
  const route = useCurrentRoute();
  const logout = useLogout();
  const showLogout = token !== null && route !== undefined && showsCalibrationLogout(route.name, 'pc');
  return (
    <div style={{ minHeight: '100vh', background: design.colorBgLayout }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '12px 24px',
          background: design.colorBgContainer,
          borderBottom: `1px solid ${design.colorBorderSecondary}`,
        }}
      >
        <strong style={{ flex: 1, fontSize: 18, color: design.colorPrimary }}>{t('calibration.site')}</strong>
        <LanguageSwitch />
        {showLogout ? (
          <Button onClick={() => logout.mutate()} loading={logout.isPending} data-testid="calibration-logout">
            {t('layout.logout')}
          </Button>
        ) : null}
      </header>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 24 }}>
        <Outlet />
      </main>
    </div>
  );
}
