import { ERRORS } from '@coldchain/shared';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../../api/account.ts';
import { isThirdPartyProvider, thirdPartyLogin } from '../../../api/auth.ts';
import { ApiError } from '../../../api/http.ts';
import { ERROR_NOTICE_SECONDS, HOME_PATH, LOGIN_PATH } from '../../../app/constants.ts';
import { notify } from '../../../app/feedback.ts';
import { loginPath, safeRedirect } from '../../../app/session.ts';

type Outcome =
  | { kind: 'pending' }
  | { kind: 'notBound'; message: string }
  | { kind: 'failed'; message: string };

/**
 * Where third-party logins come back (`provider` and `code` in the query) and where query-string
 * logins land (`userName` and `accountPassword`, 000 §3). Success goes on to `redirect` or home; a
 * failure shows the error notice for 4 s and returns to login (000 §8). A third-party identity linked
 * to no account shows the "account not bound" message with the way to bind it.
 */
export default function LoginResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const next = safeRedirect(params.get('redirect'), HOME_PATH);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the query the page opened with.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const provider = params.get('provider');
    const code = params.get('code');
    const userName = params.get('userName');
    const accountPassword = params.get('accountPassword');
    // The credentials or code leave the address bar and the history before the call.
    const rest = new URLSearchParams(params);
    for (const key of ['code', 'state', 'userName', 'accountPassword']) rest.delete(key);
    navigate({ search: rest.toString() }, { replace: true });

    const attempt =
      isThirdPartyProvider(provider) && code
        ? thirdPartyLogin(provider, code)
        : userName && accountPassword
          ? login.mutateAsync({ userName, accountPassword, loginType: 4 })
          : null;
    if (!attempt) {
      navigate(LOGIN_PATH, { replace: true });
      return;
    }
    attempt.then(
      () => navigate(next, { replace: true }),
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : t('errors.generic');
        if (error instanceof ApiError && error.code === ERRORS.accountNotBound.code) {
          setOutcome({ kind: 'notBound', message });
          return;
        }
        notify('error', t('login.failed'), message, ERROR_NOTICE_SECONDS);
        setOutcome({ kind: 'failed', message });
      },
    );
  }, []);

  useEffect(() => {
    if (outcome.kind !== 'failed') return;
    const timer = setTimeout(() => navigate(LOGIN_PATH, { replace: true }), ERROR_NOTICE_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome.kind === 'pending')
    return (
      <div style={{ textAlign: 'center', padding: 48 }} role="status" aria-live="polite">
        <Spin />
        <p>{t('auth.loginResult.signingIn')}</p>
      </div>
    );
  if (outcome.kind === 'failed')
    return (
      <Result
        status="error"
        title={t('login.failed')}
        subTitle={outcome.message}
        data-testid="login-result-failed"
      />
    );
  return (
    <Result
      status="warning"
      title={outcome.message}
      subTitle={t('auth.loginResult.notBoundHint')}
      data-testid="login-result-not-bound"
      extra={[
        <Button key="bind" type="primary" onClick={() => navigate(loginPath('/user/bind-phone'))}>
          {t('auth.loginResult.logInToBind')}
        </Button>,
        <Button key="register" onClick={() => navigate('/user/register')}>
          {t('auth.login.register')}
        </Button>,
      ]}
    />
  );
}
