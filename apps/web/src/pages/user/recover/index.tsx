import { ERRORS } from '@coldchain/shared';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ContactChannel, recoverPassword } from '../../../api/auth.ts';
import { LOGIN_PATH } from '../../../app/constants.ts';
import { flash } from '../../../app/feedback.ts';
import { showSaveError } from '../../../components/schema-rules.ts';
import { CaptchaField } from '../auth-form/CaptchaField.tsx';
import { ChannelSwitch } from '../auth-form/ChannelSwitch.tsx';
import { ContactFields } from '../auth-form/ContactFields.tsx';
import { contactOf } from '../auth-form/contact-value.ts';
import { PasswordFields } from '../auth-form/PasswordFields.tsx';
import { useCaptcha } from '../auth-form/use-captcha.ts';

interface RecoverFields {
  phone?: string;
  email?: string;
  verifyCode: string;
  accountPassword: string;
  confirmPassword: string;
}

const FIELDS = ['phone', 'email', 'verifyCode', 'accountPassword', 'confirmPassword'] as const;

/**
 * Password recovery (002 §2): a code sent to the account's phone or e-mail proves the owner, who sets
 * a new password by the platform's policy and then logs in with it.
 */
export default function RecoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RecoverFields>();
  const captcha = useCaptcha();
  const [channel, setChannel] = useState<ContactChannel>('phone');
  const [pending, setPending] = useState(false);

  const onFinish = async (values: RecoverFields) => {
    setPending(true);
    try {
      await recoverPassword({
        ...contactOf(channel, values),
        verifyCode: values.verifyCode.trim(),
        accountPassword: values.accountPassword,
        confirmPassword: values.confirmPassword,
      });
      flash('success', t('auth.recover.done'));
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      showSaveError(form, error, {
        fields: FIELDS,
        codeFields: { [ERRORS.verifyCodeInvalid.code]: 'verifyCode' },
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<RecoverFields>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onFinish}
      data-testid="recover-form"
    >
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t('auth.recover.title')}</h2>
      <ChannelSwitch value={channel} onChange={setChannel} />
      <ContactFields key={channel} form={form} target={channel} purpose="forgot" captcha={captcha} />
      <CaptchaField state={captcha} />
      <PasswordFields label="newPassword" />
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="recover-submit">
        {t('auth.recover.submit')}
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={LOGIN_PATH}>{t('auth.backToLogin')}</Link>
      </p>
    </Form>
  );
}
