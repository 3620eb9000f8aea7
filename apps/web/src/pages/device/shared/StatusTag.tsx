import type { DeviceStatus, DeviceUseState } from '@coldchain/shared';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusTagColor } from './device-view.ts';

/** The device's reported status, and its use state when it is not simply enabled (002 §4). */
export function StatusTag({
  status,
  useState,
  expired,
  testId,
}: {
  status: DeviceStatus;
  useState: DeviceUseState;
  expired?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {useState === 'enabled' ? (
        <Tag color={statusTagColor(status)} data-testid={testId}>
          {t(`device.status.${status}`)}
        </Tag>
      ) : (
        <Tag data-testid={testId}>{t(`device.useState.${useState}`)}</Tag>
      )}
      {expired === 1 ? <Tag color="red">{t('device.expired')}</Tag> : null}
    </Space>
  );
}
