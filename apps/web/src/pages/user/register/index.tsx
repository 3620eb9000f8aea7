import { ERRORS, type RegisterRequest } from '@coldchain/shared';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ContactChannel, register } from '../../../api/auth.ts';
import { HOME_PATH, LOGIN_PATH } from '../../../app/constants.ts';
import { flash } from '../../../app/feedback.ts';
import { showSaveError } from '../../../components/schema-rules.ts';
import { authLabel, companyNameRules, userNameRules } from '../auth-form/auth-rules.ts';
import { CaptchaField } from '../auth-form/CaptchaField.tsx';
import { ChannelSwitch } from '../auth-form/ChannelSwitch.tsx';
import { ContactFields } from '../auth-form/ContactFields.tsx';
import { contactOf } from '../auth-form/contact-value.ts';
import { PasswordFields } from '../auth-form/PasswordFields.tsx';
import { useCaptcha } from '../auth-form/use-captcha.ts';

interface RegisterFields {
  accountType: 1 | 2;
  userName: string;
  companyName?: string;
  accountPassword: string;
  confirmPassword: string;
  phone?: string;
  email?: string;
  verifyCode: string;
  agreeTerms?: boolean;
  agreePrivacy?: boolean;
}

const FIELDS = [
  'accountType',
  'userName',
  'companyName',
  'accountPassword',
  'confirmPassword',
  'phone',
  'email',
  'verifyCode',
  'agreeTerms',
  'agreePrivacy',
] as const;

/**
 * Sign-up (002 §2): a personal or enterprise account with a user name, a password by the platform's
 * policy and a phone or e-mail proven by a code; the terms and the privacy policy must be agreed to.
 * The new account is signed in. A platform closed to sign-up sends this page to login (RouteView).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterFields>();
  const captcha = useCaptcha();
  const [channel, setChannel] = useState<ContactChannel>('phone');
  const [pending, setPending] = useState(false);
  const accountType = Form.useWatch('accountType', form) ?? 1;

  const consentRule = (message: string) => ({
    validator: (_rule: unknown, value: unknown) =>
      value === true ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  const onFinish = async (values: RegisterFields) => {
    const body: RegisterRequest = {
      accountType: values.accountType,
      userName: values.userName.trim(),
      accountPassword: values.accountPassword,
      confirmPassword: values.confirmPassword,
      ...contactOf(channel, values),
      verifyCode: values.verifyCode.trim(),
      ...(values.accountType === 2 ? { companyName: (values.companyName ?? '').trim() } : {}),
      agreeTerms: values.agreeTerms === true,
      agreePrivacy: values.agreePrivacy === true,
    };
    setPending(true);
    try {
      await register(body);
      flash('success', t('auth.register.done'));
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      showSaveError(form, error, {
        fields: FIELDS,
        codeFields: {
          [ERRORS.userExists.code]: 'userName',
          [ERRORS.duplicateContact.code]: channel,
          [ERRORS.verifyCodeInvalid.code]: 'verifyCode',
          [ERRORS.termsNotAgreed.code]: 'agreeTerms',
        },
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<RegisterFields>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ accountType: 1 }}
      onFinish={onFinish}
      data-testid="register-form"
    >
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t('auth.register.title')}</h2>
      <Form.Item name="accountType" label={t('auth.register.accountType')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 1, label: t('auth.register.personal') },
            { value: 2, label: t('auth.register.enterprise') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="userName"
        label={authLabel('userName')}
        rules={userNameRules()}
        validateTrigger="onBlur"
      >
        <Input autoComplete="username" data-testid="register-username" />
      </Form.Item>
      {accountType === 2 ? (
        <Form.Item
          name="companyName"
          label={authLabel('companyName')}
          rules={companyNameRules()}
          validateTrigger="onBlur"
        >
          <Input autoComplete="organization" data-testid="register-company" />
        </Form.Item>
      ) : null}
      <PasswordFields label="accountPassword" />
      <ChannelSwitch value={channel} onChange={setChannel} />
      <ContactFields key={channel} form={form} target={channel} purpose="register" captcha={captcha} />
      <CaptchaField state={captcha} />
      <Form.Item
        name="agreeTerms"
        valuePropName="checked"
        rules={[consentRule(t('auth.register.termsRequired'))]}
        style={{ marginBottom: 8 }}
      >
        <Checkbox data-testid="agree-terms">{t('auth.register.agreeTerms')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="agreePrivacy"
        valuePropName="checked"
        rules={[consentRule(t('auth.register.privacyRequired'))]}
      >
        <Checkbox data-testid="agree-privacy">{t('auth.register.agreePrivacy')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="register-submit">
        {t('auth.register.submit')}
      </Button>
      <p style={{ textAlign: 'center', marginTop: 16 }}>
        {t('auth.register.haveAccount')} <Link to={LOGIN_PATH}>{t('auth.backToLogin')}</Link>
      </p>
    </Form>
  );
}
