import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../../app/use-access.ts';

/**
 * A route whose page arrives with a later issue: its address, access, title and tab already work, and
 * the page says what it will hold.
 */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  if (!route) return null;
  return (
    <Card data-testid="placeholder-page">
      <Result
        status="info"
        title={<span data-testid="placeholder-title">{t(`route.${route.name}`)}</span>}
        subTitle={
          <>
            {route.area ? <p style={{ marginBottom: 8 }}>{t(`placeholder.${route.area}`)}</p> : null}
            <p style={{ margin: 0 }}>{t('placeholder.comingSoon')}</p>
          </>
        }
      />
    </Card>
  );
}
