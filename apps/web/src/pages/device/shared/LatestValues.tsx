import { Space, Typography } from 'antd';
import { currentLocale } from '../../../app/i18n.ts';
import { formatValue, type ShownReading } from './device-view.ts';
import { useChannelTitle } from './use-channel-title.ts';

/** A device's newest probe readings in a line ("4.2 °C · 61 %RH"), or a dash before any arrive. */
export function LatestValues({
  readings,
  testId,
  size = 'small',
  max = 4,
}: {
  readings: readonly ShownReading[];
  testId?: string;
  size?: 'small' | 'large';
  max?: number;
}) {
  const channelTitle = useChannelTitle();
  if (readings.length === 0)
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        -
      </Typography.Text>
    );
  const locale = currentLocale();
  return (
    <Space size={size === 'large' ? 16 : 8} wrap data-testid={testId}>
      {readings.slice(0, max).map((r) => (
        <span
          key={r.channel}
          title={channelTitle(r)}
          data-channel={r.channel}
          style={{ fontSize: size === 'large' ? 22 : undefined, fontWeight: size === 'large' ? 600 : 500 }}
        >
          {formatValue(r.value, locale)}
          <span style={{ fontSize: size === 'large' ? 14 : 12, marginInlineStart: 2, fontWeight: 400 }}>
            {r.unit}
          </span>
        </span>
      ))}
    </Space>
  );
}
