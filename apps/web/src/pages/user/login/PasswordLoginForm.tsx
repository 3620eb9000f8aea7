import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../auth-form/CaptchaField.tsx';
import { useCaptcha } from '../auth-form/use-captcha.ts';
import { useSignIn } from './use-sign-in.ts';

interface PasswordFields {
  userName: string;
  accountPassword: string;
}

/** User name (or phone or e-mail) and password: loginType 1. */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFields>();
  const captcha = useCaptcha();
  const { submit, error, pending } = useSignIn(form, captcha);

  const onFinish = (values: PasswordFields) =>
    submit({ userName: values.userName.trim(), accountPassword: values.accountPassword, loginType: 1 });

  return (
    <Form<PasswordFields> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
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
      <CaptchaField state={captcha} />
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
