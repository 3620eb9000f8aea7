import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a page fails to render or its chunk does not load (000 §8 chunk timeout). Kept to plain
 * markup: it ships with the entry, and antd's Result would add its illustrations there.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '96px 24px', textAlign: 'center' }}>
      <p style={{ fontSize: 16, marginBottom: 24 }}>{t('exception.loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </div>
  );
}
