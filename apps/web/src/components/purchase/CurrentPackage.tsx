import { Descriptions, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseDevice } from '../../api/purchase.ts';
import { OVERSEAS_EDITION } from '../../app/edition.ts';
import { countTone, isLifelongDate, serviceTone } from './purchase-rules.ts';
import { usePurchaseFormat } from './use-purchase-format.ts';

/** Read by screen readers only: the colour of a low count is also said in words (WCAG 1.4.1). */
export const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/** Dark enough on white for 4.5:1 (WCAG 2.2 AA): antd's red and green text shades. */
const TONE_COLOUR = { low: '#cf1322', ok: '#237804' } as const;

export function CountValue({ count, testId }: { count: number; testId?: string }) {
  const { t } = useTranslation();
  const tone = countTone(count);
  return (
    <span style={{ color: TONE_COLOUR[tone], fontWeight: 600 }} data-testid={testId} data-tone={tone}>
      {count}
      <span style={SR_ONLY}>{tone === 'low' ? ` (${t('purchase.countLow')})` : ''}</span>
    </span>
  );
}

/** A service expiry: lifelong from 2099 on, orange while it ends within 30 days, red once lapsed. */
export function ExpiryValue({ device }: { device: PurchaseDevice }) {
  const { t } = useTranslation();
  const format = usePurchaseFormat();
  const tone = isLifelongDate(device.serviceExpiredDate) ? 'normal' : serviceTone(device.vipInfo?.state);
  return (
    <span data-testid={`purchase-expiry-${device.deviceId}`} data-tone={tone}>
      <Typography.Text type={tone === 'overdue' ? 'danger' : undefined} strong={tone !== 'normal'}>
        {format.expiry(device.serviceExpiredDate)}
      </Typography.Text>
      {tone === 'expiring' ? (
        <Tag color="warning" style={{ marginInlineStart: 8 }}>
          {t('purchase.expiring')}
        </Tag>
      ) : null}
      {tone === 'overdue' ? (
        <Tag color="error" style={{ marginInlineStart: 8 }}>
          {t('purchase.overdue')}
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * The current package of one device (001 §2.1): name, type, GUID, level, expiry, SMS and voice counts
 * (voice hidden in the overseas edition), with the auto-renew agreement when there is one.
 */
export function CurrentPackage({ device }: { device: PurchaseDevice }) {
  const { t } = useTranslation();
  const format = usePurchaseFormat();
  const items = [
    { key: 'name', label: t('purchase.fields.deviceName'), children: device.deviceName },
    { key: 'type', label: t('purchase.fields.deviceTypeName'), children: device.deviceTypeName },
    { key: 'guid', label: t('purchase.fields.deviceGuid'), children: device.deviceGuid },
    {
      key: 'level',
      label: t('purchase.fields.levelName'),
      children: <span data-testid="purchase-current-level">{device.levelName ?? '-'}</span>,
    },
    {
      key: 'expiry',
      label: t('purchase.fields.serviceExpiredDate'),
      children: <ExpiryValue device={device} />,
    },
    {
      key: 'sms',
      label: t('purchase.fields.smsCount'),
      children: <CountValue count={device.smsCount} testId="purchase-sms-count" />,
    },
    ...(OVERSEAS_EDITION
      ? []
      : [
          {
            key: 'voice',
            label: t('purchase.fields.voiceCount'),
            children: <CountValue count={device.voiceCount} testId="purchase-voice-count" />,
          },
        ]),
    ...(device.agreementStatus
      ? [
          {
            key: 'agreement',
            label: t('purchase.fields.autoRenew'),
            children: (
              <span>
                <Tag color="processing">{t('purchase.autoRenewOn')}</Tag>
                {device.nextExecutionTime
                  ? t('purchase.nextExecution', { time: format.minute(device.nextExecutionTime) })
                  : null}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={items}
      data-testid="purchase-current"
    />
  );
}
