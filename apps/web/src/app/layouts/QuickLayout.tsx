import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { usePlatform } from '../../api/platform.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** The quick-query layout (000 §2.1): the page with a return button, no session needed. */
export default function QuickLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { data: platform } = usePlatform();
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: '8px 12px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} data-testid="quick-back">
          {t('app.back')}
        </Button>
        <strong style={{ flex: 1, color: token.colorPrimary }}>{platform?.title || t('app.name')}</strong>
        <LanguageSwitch />
      </header>
      <main style={{ padding: 16 }}>
        <Outlet />
      </main>
    </div>
  );
}
