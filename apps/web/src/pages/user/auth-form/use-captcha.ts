import type { FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Captcha, type CaptchaAnswer, fetchCaptcha } from '../../../api/auth.ts';

export interface CaptchaState {
  /** The image shown, once the server has asked for a captcha. */
  captcha: Captcha | null;
  /** Why the last answer was refused (the server's words), shown under the field. */
  error: string | null;
  /** The image could not be loaded. */
  failed: boolean;
  /** Shows a new image with the server's reason for wanting one. */
  require: (reason: string) => void;
  refresh: () => void;
  clearError: () => void;
  /** The id and text to send along, when a captcha is shown. */
  answer: (form: FormInstance) => CaptchaAnswer | undefined;
}

/**
 * The image captcha a form shows once the server asks for one (captchaRequired, or captchaInvalid for
 * a wrong answer). Each image is good for one answer, so every refusal loads a new one.
 */
export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = useRef<string | null>(null);

  const refresh = useCallback(() => {
    fetchCaptcha().then(
      (next) => {
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = next.imageUrl;
        setFailed(false);
        setCaptcha(next);
      },
      () => setFailed(true),
    );
  }, []);

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  const require = useCallback(
    (reason: string) => {
      setError(reason);
      refresh();
    },
    [refresh],
  );

  const answer = useCallback(
    (form: FormInstance): CaptchaAnswer | undefined => {
      if (!captcha) return undefined;
      const code = String(form.getFieldValue('captchaCode') ?? '').trim();
      return { captchaId: captcha.id, captchaCode: code };
    },
    [captcha],
  );

  return { captcha, error, failed, require, refresh, clearError: () => setError(null), answer };
}
