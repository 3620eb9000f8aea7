import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePlatform } from '../../api/platform.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** The login pages' frame: tenant title and logo, the language switch, record filing in the footer. */
export default function UserLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: platform } = usePlatform();
  const title = platform?.title || t('app.name');
  const logo = platform?.useLogo === 1 ? platform.loginLogo : null;
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
      }}
    >
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 24px' }}>
        <LanguageSwitch />
      </header>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', padding: '48px 16px' }}>
        <div style={{ width: 368, maxWidth: '100%' }}>
          <div style={{ textAlign: 'center', marginBottom: 40 }}>
            {logo ? <img src={logo} alt="" style={{ height: 44, marginBottom: 16 }} /> : null}
            {/* Plain headings: antd's Typography would double the login page's script. */}
            <h1
              style={{ color: token.colorPrimary, fontSize: token.fontSizeHeading2, margin: 0 }}
              data-testid="platform-title"
            >
              {title}
            </h1>
            <p style={{ color: token.colorTextSecondary, margin: '8px 0 0' }}>{t('app.slogan')}</p>
          </div>
          <Outlet />
        </div>
      </main>
      <footer style={{ textAlign: 'center', padding: 24, color: token.colorTextTertiary }}>
        <div>{t('app.footer', { year: new Date().getFullYear(), title })}</div>
        {platform?.recordNumber ? (
          <a href={platform.recordConnection ?? undefined} target="_blank" rel="noreferrer">
            {platform.recordNumber}
          </a>
        ) : null}
      </footer>
    </div>
  );
}
