import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformsApi } from '../../../api/platform-system.ts';

/** A logo of the platform: uploads a jpg or png (at most 2 MB) and keeps its address as the value. */
export function LogoField(props: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="center" wrap>
      {props.value ? (
        <img
          src={props.value}
          alt={props.label}
          style={{
            height: 32,
            maxWidth: 120,
            objectFit: 'contain',
            border: '1px solid #eee',
            borderRadius: 4,
          }}
        />
      ) : null}
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          setUploading(true);
          platformsApi
            .uploadLogo(file)
            .then((saved) => props.onChange?.(saved.url))
            .catch(() => {
              // The http client has shown why.
            })
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button
          size="small"
          loading={uploading}
          data-testid={props.testId}
          aria-label={`${t('platformSystem.platforms.upload')} ${props.label}`}
        >
          {t('platformSystem.platforms.upload')}
        </Button>
      </Upload>
      {props.value ? (
        <Button size="small" type="link" onClick={() => props.onChange?.(null)}>
          {t('platformSystem.platforms.removeLogo')}
        </Button>
      ) : null}
    </Space>
  );
}
