import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { externalUrl } from '../../../app/external.ts';

/**
 * /operation/plc opens the PLC site in a new window (000 §2.10), its address being the build's
 * VITE_PLC_URL. This page shows when the address is opened directly, and says when none is configured.
 */
export default function PlcPage() {
  const { t } = useTranslation();
  const url = externalUrl('plc');
  return (
    <Result
      status="info"
      title={t('platformSystem.plc.title')}
      subTitle={url ? t('platformSystem.plc.opened') : t('platformSystem.plc.notConfigured')}
      extra={
        url ? (
          <Button type="primary" href={url} target="_blank" rel="noopener noreferrer">
            {t('platformSystem.plc.open')}
          </Button>
        ) : null
      }
    />
  );
}
