import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds before another code may be asked for. */
export const RESEND_SECONDS = 60;

/**
 * Asks for a verification code; after a code went out it counts down before it may be asked again.
 * `onSend` answers whether the code was sent.
 */
export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={left > 0} data-testid="send-code">
      {left > 0 ? t('auth.code.resendIn', { seconds: left }) : t('auth.code.send')}
    </Button>
  );
}
