import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../app/constants.ts';

/** The error pages of 000 §2.11; each returns to the route named home. */
export function Exception({ status }: { status: '403' | '404' | '500' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`exception.${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('app.backHome')}
        </Button>
      }
    />
  );
}
