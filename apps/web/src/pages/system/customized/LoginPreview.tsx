import { Button, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PreviewFields {
  title?: string;
  themeColor?: string;
  useLogo?: boolean;
  loginLogo?: string | null;
  backGroundLogo?: string | null;
  enableRegister?: boolean;
  recordCompany?: string | null;
  recordNumber?: string | null;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * A small picture of the platform's login page as the form stands: background image or the brand
 * colour, logo, title, the sign-in button in the brand colour, the sign-up link when registration is
 * open, and the record line. Nothing in it can be used; it only shows.
 */
export function LoginPreview({ fields }: { fields: PreviewFields }) {
  const { t } = useTranslation();
  const color = fields.themeColor && COLOR.test(fields.themeColor) ? fields.themeColor : '#FA8C16';
  const title = fields.title?.trim() || t('platformSystem.platforms.previewTitle');
  const background = fields.backGroundLogo
    ? `center / cover no-repeat url("${fields.backGroundLogo}")`
    : `linear-gradient(135deg, ${color}33, ${color}99)`;
  return (
    <figure
      style={{ margin: 0 }}
      aria-label={t('platformSystem.platforms.preview')}
      data-testid="platform-preview"
    >
      <div
        style={{
          background,
          borderRadius: 8,
          padding: 24,
          minHeight: 320,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 12,
        }}
      >
        <div
          style={{
            background: '#fff',
            borderRadius: 8,
            padding: 20,
            width: '100%',
            maxWidth: 260,
            boxShadow: '0 2px 12px rgba(0,0,0,0.12)',
            display: 'flex',
            flexDirection: 'column',
            gap: 10,
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'center' }}>
            {fields.useLogo && fields.loginLogo ? (
              <img src={fields.loginLogo} alt="" style={{ height: 32, maxWidth: 96, objectFit: 'contain' }} />
            ) : null}
            <Typography.Text strong style={{ fontSize: 16 }} data-testid="platform-preview-title">
              {title}
            </Typography.Text>
          </div>
          <Input size="small" disabled placeholder={t('platformSystem.platforms.previewUser')} />
          <Input size="small" disabled placeholder={t('platformSystem.platforms.previewPassword')} />
          <Button
            size="small"
            type="primary"
            tabIndex={-1}
            style={{ background: color, borderColor: color }}
            data-testid="platform-preview-button"
          >
            {t('platformSystem.platforms.previewLogin')}
          </Button>
          {fields.enableRegister ? (
            <Typography.Text style={{ fontSize: 12, textAlign: 'center' }}>
              {t('platformSystem.platforms.previewRegister')}
            </Typography.Text>
          ) : null}
        </div>
        {fields.recordCompany || fields.recordNumber ? (
          <Typography.Text
            style={{ fontSize: 12, background: '#ffffffcc', padding: '0 6px', borderRadius: 4 }}
          >
            {[fields.recordCompany, fields.recordNumber].filter(Boolean).join(' · ')}
          </Typography.Text>
        ) : null}
      </div>
      <figcaption style={{ marginTop: 6 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('platformSystem.platforms.previewHint')}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}
