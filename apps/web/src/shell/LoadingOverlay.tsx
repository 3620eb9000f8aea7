import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../app/store.ts';
import { loadingStore } from './layout-store.ts';

/** The global loading overlay (000 §2.11), over the page while a shell action runs. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const busy = useStore(loadingStore) > 0;
  if (!busy) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('app.loading')}
      data-testid="loading-overlay"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255, 255, 255, 0.45)',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
