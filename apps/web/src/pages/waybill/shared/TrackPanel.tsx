import { CaretRightOutlined, PauseOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Slider, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZoned } from '../../../components/clock.ts';
import type { FenceShape } from './leaflet.ts';
import { PLAYBACK_SPEEDS, positionAt, type TrackFix, travelledUntil } from './track.ts';
import { usePlayback } from './use-playback.ts';
import { WaybillMap } from './WaybillMap.tsx';

export interface TrackPanelProps {
  fixes: readonly TrackFix[];
  fences?: readonly FenceShape[];
  planned?: readonly [number, number][];
  timeZone: string;
  downsampled?: boolean;
  height?: number;
  testId?: string;
}

/**
 * A waybill's route with playback (play, pause, back to the whole route, speed, and a time slider):
 * the vehicle moves along the track at the chosen speed, the travelled part drawn over the route.
 */
export function TrackPanel({
  fixes,
  fences,
  planned,
  timeZone,
  downsampled,
  height = 460,
  testId,
}: TrackPanelProps) {
  const { t } = useTranslation();
  const first = fixes[0]?.ts ?? null;
  const last = fixes[fixes.length - 1]?.ts ?? null;
  const playback = usePlayback(first, last);
  const replaying = playback.at !== null;
  const travelled = useMemo(
    () => (playback.at === null ? undefined : travelledUntil(fixes, playback.at)),
    [fixes, playback.at],
  );
  const position = playback.at === null ? (fixes[fixes.length - 1] ?? null) : positionAt(fixes, playback.at);
  const speedIndex = Math.max(0, (PLAYBACK_SPEEDS as readonly number[]).indexOf(playback.speed));

  if (fixes.length === 0 && (planned?.length ?? 0) === 0 && (fences?.length ?? 0) === 0)
    return <Empty description={t('waybill.map.noTrack')} data-testid="waybill-no-track" />;

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      {downsampled ? <Alert type="info" showIcon title={t('waybill.map.downsampled')} /> : null}
      <WaybillMap
        track={fixes}
        travelled={travelled}
        position={position}
        fences={fences}
        planned={planned}
        height={height}
        testId={testId}
      />
      {fixes.length > 1 && first !== null && last !== null ? (
        <Space wrap style={{ width: '100%' }} align="center" data-testid="waybill-playback">
          {playback.playing ? (
            <Button icon={<PauseOutlined />} onClick={playback.pause} data-testid="playback-pause">
              {t('waybill.playback.pause')}
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<CaretRightOutlined />}
              onClick={playback.play}
              data-testid="playback-play"
            >
              {t('waybill.playback.play')}
            </Button>
          )}
          <Button
            icon={<StopOutlined />}
            disabled={!replaying}
            onClick={playback.stop}
            data-testid="playback-stop"
          >
            {t('waybill.playback.stop')}
          </Button>
          <Typography.Text type="secondary">{t('waybill.playback.speed')}</Typography.Text>
          <Slider
            style={{ width: 160 }}
            min={0}
            max={PLAYBACK_SPEEDS.length - 1}
            value={speedIndex}
            tooltip={{ formatter: (i) => `×${PLAYBACK_SPEEDS[i ?? 0] ?? 1}` }}
            onChange={(i) => playback.setSpeed(PLAYBACK_SPEEDS[i] ?? 1)}
            data-testid="playback-speed"
          />
          <Typography.Text>×{playback.speed}</Typography.Text>
          <Slider
            style={{ flex: 1, minWidth: 200 }}
            min={first}
            max={last}
            value={playback.at ?? last}
            tooltip={{ formatter: (v) => (typeof v === 'number' ? formatZoned(v, timeZone) : '') }}
            onChange={(v) => {
              playback.pause();
              playback.seek(v);
            }}
          />
          <Typography.Text data-testid="playback-time" data-at={playback.at ?? ''}>
            {formatZoned(playback.at ?? last, timeZone)}
          </Typography.Text>
        </Space>
      ) : null}
    </Space>
  );
}
