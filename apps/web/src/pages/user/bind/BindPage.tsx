import { ERRORS } from '@coldchain/shared';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAccountInfo } from '../../../api/account.ts';
import { bindContact, type ContactChannel } from '../../../api/auth.ts';
import { HOME_PATH } from '../../../app/constants.ts';
import { flash } from '../../../app/feedback.ts';
import { loginPath, safeRedirect } from '../../../app/session.ts';
import { useToken } from '../../../app/use-session.ts';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { CaptchaField } from '../auth-form/CaptchaField.tsx';
import { ContactFields } from '../auth-form/ContactFields.tsx';
import { contactOf } from '../auth-form/contact-value.ts';
import { useCaptcha } from '../auth-form/use-captcha.ts';

interface BindFields {
  phone?: string;
  email?: string;
  verifyCode: string;
}

const OTHER: Record<ContactChannel, { path: string; label: 'auth.bind.useEmail' | 'auth.bind.usePhone' }> = {
  phone: { path: '/user/bind-email', label: 'auth.bind.useEmail' },
  email: { path: '/user/bind-phone', label: 'auth.bind.usePhone' },
};

/**
 * Binds a phone or e-mail to the signed-in account that has none (002 §8 "account not bound"), proven
 * by a code sent to it, then continues to the `redirect` query. Without a session it asks to log in
 * first and comes back here.
 */
export function BindPage({ channel }: { channel: ContactChannel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const token = useToken();
  const info = useAccountInfo();
  const [form] = Form.useForm<BindFields>();
  const captcha = useCaptcha();
  const [pending, setPending] = useState(false);
  const next = safeRedirect(params.get('redirect'), HOME_PATH);

  if (!token) return <Navigate to={loginPath(`${pathname}${search}`)} replace />;
  if (!info.data) return <PageLoading />;
  const bound = info.data.baseAccount[channel];

  const onFinish = async (values: BindFields) => {
    setPending(true);
    try {
      await bindContact({ ...contactOf(channel, values), verifyCode: values.verifyCode.trim() });
      flash('success', t('auth.bind.done'));
      navigate(next, { replace: true });
    } catch (error) {
      showSaveError(form, error, {
        fields: [channel, 'verifyCode'],
        codeFields: {
          [ERRORS.duplicateContact.code]: channel,
          [ERRORS.verifyCodeInvalid.code]: 'verifyCode',
        },
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<BindFields> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish}>
      <h2 style={{ textAlign: 'center', marginTop: 0 }}>{t(`auth.bind.title.${channel}`)}</h2>
      {bound ? (
        <Alert
          type="success"
          showIcon
          title={t('auth.bind.already', { value: bound })}
          style={{ marginBottom: 24 }}
        />
      ) : (
        <>
          <Alert type="info" showIcon title={t('auth.bind.notBound')} style={{ marginBottom: 24 }} />
          <ContactFields form={form} target={channel} purpose="bind" captcha={captcha} />
          <CaptchaField state={captcha} />
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="bind-submit">
            {t('auth.bind.submit')}
          </Button>
        </>
      )}
      <nav style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 16 }}>
        <Link to={{ pathname: OTHER[channel].path, search }}>{t(OTHER[channel].label)}</Link>
        <Link to={next} replace data-testid="bind-later">
          {bound ? t('auth.bind.continue') : t('auth.bind.later')}
        </Link>
      </nav>
    </Form>
  );
}
