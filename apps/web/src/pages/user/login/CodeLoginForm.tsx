import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../auth-form/CaptchaField.tsx';
import { ContactFields } from '../auth-form/ContactFields.tsx';
import { useCaptcha } from '../auth-form/use-captcha.ts';
import { useSignIn } from './use-sign-in.ts';

interface CodeFields {
  userName: string;
  verifyCode: string;
}

/** A code sent to the account's phone or e-mail: loginType 2, the phone or e-mail as userName. */
export function CodeLoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeFields>();
  const captcha = useCaptcha();
  const { submit, error, pending } = useSignIn(form, captcha);

  const onFinish = (values: CodeFields) =>
    submit({ userName: values.userName.trim(), verifyCode: values.verifyCode.trim(), loginType: 2 });

  return (
    <Form<CodeFields> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="login-error" style={{ marginBottom: 24 }} />
      ) : null}
      <ContactFields form={form} target="phoneOrEmail" purpose="login" captcha={captcha} />
      <CaptchaField state={captcha} />
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="code-login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
