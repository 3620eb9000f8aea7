import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from './use-captcha.ts';

/** The image captcha and its text, shown only once the server asks for it. */
export function CaptchaField({ state }: { state: CaptchaState }) {
  const { t } = useTranslation();
  if (!state.captcha && !state.error) return null;
  const help = state.error ?? (state.failed ? t('auth.captcha.loadFailed') : undefined);
  return (
    <Form.Item
      label={t('auth.captcha.label')}
      required
      validateStatus={help ? 'error' : undefined}
      help={help}
    >
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="captchaCode" noStyle>
          <Input
            autoComplete="off"
            maxLength={10}
            aria-label={t('auth.captcha.label')}
            data-testid="captcha-code"
            onChange={state.clearError}
            style={{ flex: 1, minWidth: 0 }}
          />
        </Form.Item>
        <Button
          onClick={state.refresh}
          aria-label={t('auth.captcha.refresh')}
          title={t('auth.captcha.refresh')}
          data-testid="captcha-image"
          style={{ padding: 0, width: 120, height: 40, overflow: 'hidden' }}
        >
          {state.captcha ? (
            <img
              src={state.captcha.imageUrl}
              alt={t('auth.captcha.image')}
              style={{ width: '100%', height: '100%' }}
            />
          ) : null}
        </Button>
      </div>
    </Form.Item>
  );
}
