import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LoginBody, useLogin } from '../../../api/account.ts';
import { needsCaptcha } from '../../../api/auth.ts';
import { HOME_PATH } from '../../../app/constants.ts';
import { landingAfterLogin } from '../../../app/redirects.ts';
import { safeRedirect } from '../../../app/session.ts';
import type { CaptchaState } from '../auth-form/use-captcha.ts';

/**
 * Signs in from a login form: on success goes to the redirect query or the area's landing page
 * (000 §2.10); a wanted or refused captcha shows a new image, any other failure the server's words.
 */
export function useSignIn(form: FormInstance, captcha: CaptchaState) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);

  const submit = (body: LoginBody) => {
    setError(null);
    const target = safeRedirect(params.get('redirect'), landingAfterLogin(pathname, HOME_PATH));
    login.mutate(
      { ...body, ...captcha.answer(form) },
      {
        onSuccess: () => navigate(target, { replace: true }),
        onError: (failure) => {
          form.setFields([{ name: 'captchaCode', value: '' }]);
          if (needsCaptcha(failure)) captcha.require(failure.message);
          else setError(failure.message || t('errors.generic'));
        },
      },
    );
  };

  return { submit, error, pending: login.isPending };
}
