import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { LOGIN_RESULT_PATH } from '../../../api/http.ts';
import { usePlatform } from '../../../api/platform.ts';
import { LOGIN_PATH } from '../../../app/constants.ts';
import { CodeLoginForm } from './CodeLoginForm.tsx';
import { PasswordLoginForm } from './PasswordLoginForm.tsx';
import { ThirdPartyButtons } from './ThirdPartyButtons.tsx';

/**
 * The login page of each area (000 §2.9; 002 §2): password or verification-code login. The main
 * login also links to sign-up (when the platform allows it), recovery and quick query, and offers the
 * third-party logins the platform has. Credentials in the query (000 §3) are handled by login-result.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: platform } = usePlatform();
  const params = new URLSearchParams(search);
  if (params.get('userName') && params.get('accountPassword'))
    return <Navigate to={{ pathname: LOGIN_RESULT_PATH, search }} replace />;

  const main = pathname === LOGIN_PATH;
  const redirect = params.get('redirect');
  const keep = redirect ? `?${new URLSearchParams({ redirect }).toString()}` : '';
  return (
    <>
      <Tabs
        centered
        destroyOnHidden
        items={[
          { key: 'password', label: t('auth.login.passwordTab'), children: <PasswordLoginForm /> },
          { key: 'code', label: t('auth.login.codeTab'), children: <CodeLoginForm /> },
        ]}
      />
      {main ? (
        <nav
          aria-label={t('auth.login.more')}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            gap: 8,
            marginTop: 16,
          }}
        >
          {platform?.enableRegister === 0 ? null : (
            <Link to={`/user/register${keep}`} data-testid="link-register">
              {t('auth.login.register')}
            </Link>
          )}
          <Link to={`/user/recover${keep}`} data-testid="link-recover">
            {t('auth.login.recover')}
          </Link>
          <Link to="/quick/query" data-testid="link-quick-query">
            {t('auth.login.quickQuery')}
          </Link>
        </nav>
      ) : null}
      {main ? <ThirdPartyButtons /> : null}
    </>
  );
}
