import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LoginBody, useLogin } from '../../../api/account.ts';
import { ERROR_NOTICE_SECONDS, HOME_PATH } from '../../../app/constants.ts';
import { notify } from '../../../app/feedback.ts';
import { landingAfterLogin } from '../../../app/redirects.ts';
import { safeRedirect } from '../../../app/session.ts';

interface LoginFields {
  userName: string;
  accountPassword: string;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The login page of each area (000 §2.9): user name and password (loginType 1), or the query-string
 * login (loginType 4).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const queryLoginStarted = useRef(false);

  const redirectParam = params.get('redirect');
  const queryUser = params.get('userName');
  const queryPassword = params.get('accountPassword');

  const submit = (body: LoginBody, onFailure: (message: string) => void) => {
    // 000 §2.10: the redirect query, else the area's own landing page.
    const target = safeRedirect(redirectParam, landingAfterLogin(pathname, HOME_PATH));
    login.mutate(body, {
      onSuccess: () => navigate(target, { replace: true }),
      onError: (failure) => onFailure(messageOf(failure, t('errors.generic'))),
    });
  };

  const onFinish = (values: LoginFields) => {
    setError(null);
    submit(
      { userName: values.userName.trim(), accountPassword: values.accountPassword, loginType: 1 },
      setError,
    );
  };

  // Query-string login (000 §3, §8): the credentials leave the address bar and history before the call.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the credentials in the URL.
  useEffect(() => {
    if (queryLoginStarted.current || !queryUser || !queryPassword) return;
    queryLoginStarted.current = true;
    const rest = new URLSearchParams(params);
    rest.delete('userName');
    rest.delete('accountPassword');
    navigate({ search: rest.toString() }, { replace: true });
    submit({ userName: queryUser, accountPassword: queryPassword, loginType: 4 }, (message) =>
      notify('error', t('login.failed'), message, ERROR_NOTICE_SECONDS),
    );
  }, [queryUser, queryPassword]);

  return (
    <Form<LoginFields> layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 24 }} />
      ) : null}
      <Form.Item
        name="userName"
        label={t('login.userName')}
        rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
      >
        <Input autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item
        name="accountPassword"
        label={t('login.password')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
