import { INACTIVITY_CHECK_MS } from '@coldchain/shared';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http.ts';
import { forgetToken } from '../app/session.ts';
import { createStore } from '../app/store.ts';
import { activityThrottleMs, isIdle } from './inactivity.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Set once the session idled out on this tab: polling stops, so nothing calls with the ended session. */
export const idledOutStore = createStore(false);

/**
 * Idle logout (000 §4): with enableProtect and enableFda on, 5 minutes (the server's setting, from the
 * account info) without activity end the session. Checked every second, activity throttled; the
 * session is ended on the server at once and an error modal is shown whose OK reloads (to login).
 */
export function InactivityGuard({ enabled, timeoutMs }: { enabled: boolean; timeoutMs: number }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let marked = 0;
    const throttle = activityThrottleMs(timeoutMs);
    const onActivity = () => {
      const now = Date.now();
      if (now - marked < throttle) return;
      marked = now;
      last = now;
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    const timer = setInterval(() => {
      if (!isIdle(last, Date.now(), timeoutMs)) return;
      clearInterval(timer);
      idledOutStore.set(true);
      // Ends the session on the server now; the token goes when the user acknowledges.
      void http.get<null>('/base/BaseAccount/loginOut', { quiet: true }).catch(() => undefined);
      modal.error({
        title: t('inactivity.title'),
        content: <span data-testid="inactivity-content">{t('inactivity.content')}</span>,
        okText: t('common.ok'),
        onOk: () => {
          forgetToken();
          window.location.reload();
        },
      });
    }, INACTIVITY_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [enabled, timeoutMs, modal, t]);

  return holder;
}
