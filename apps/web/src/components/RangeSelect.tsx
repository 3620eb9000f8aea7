import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Space, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  customRange,
  QUICK_RANGES,
  type QuickRange,
  quickRange,
  type TimeRange,
  type WallClock,
} from './time-ranges.ts';

export type RangeChoice = QuickRange | 'custom';

export interface RangeValue {
  choice: RangeChoice;
  range: TimeRange;
}

/** The range a page opens with: the last 24 hours. */
export function initialRange(timeZone: string, choice: QuickRange = 'hours24'): RangeValue {
  return { choice, range: quickRange(choice, Date.now(), timeZone) };
}

const wallOf = (d: Dayjs): WallClock => ({
  year: d.year(),
  month: d.month() + 1,
  day: d.date(),
  hour: d.hour(),
  minute: d.minute(),
  second: d.second(),
});

/**
 * The quick ranges of 000 §9 and a custom range, read in the device's time zone. Choosing a quick
 * range again (or the refresh button) moves its end to now.
 */
export function RangeSelect({
  value,
  onChange,
  timeZone,
  choices = QUICK_RANGES,
}: {
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  timeZone: string;
  choices?: readonly QuickRange[];
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const pick = (choice: RangeChoice) => {
    if (choice === 'custom') {
      onChange({ choice, range: value.range });
      return;
    }
    onChange({ choice, range: quickRange(choice, Date.now(), timeZone) });
  };
  return (
    <Space wrap>
      <Select<RangeChoice>
        value={value.choice}
        onChange={pick}
        style={{ minWidth: 160 }}
        data-testid="range-select"
        options={[
          ...choices.map((choice) => ({ value: choice, label: t(`device.ranges.${choice}`) })),
          { value: 'custom' as const, label: t('device.ranges.custom') },
        ]}
        popupRender={(menu) => <div data-testid="range-options">{menu}</div>}
      />
      {value.choice === 'custom' ? (
        <DatePicker.RangePicker
          showTime
          value={custom}
          data-testid="range-custom"
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (!from || !to) return;
            setCustom([from, to]);
            const range = customRange(wallOf(from), wallOf(to), timeZone);
            if (range) onChange({ choice: 'custom', range });
          }}
        />
      ) : (
        <Tooltip title={t('device.ranges.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('device.ranges.refresh')}
            onClick={() => pick(value.choice)}
            data-testid="range-refresh"
          />
        </Tooltip>
      )}
    </Space>
  );
}
