import { BellOutlined, SoundOutlined } from '@ant-design/icons';
import { ALARM_TONE_REPEATS } from '@coldchain/shared';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountInfo } from '../api/account.ts';
import { useAlarmCount, useMarkAlarmsRead } from '../api/alarms.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { createAlarmTone, shouldSound } from './alarm-tone.ts';

/**
 * The alarm badge and the tone toggle (000 §2.11, §4): the count is read every 10 s; new alarms sound
 * the tone up to 3 times while the profile's alarmToneStatus is on; turning it off stops the sound.
 * Opening the messages marks the new alarms as seen.
 */
export function AlarmBadge({ enabled, canToggleTone }: { enabled: boolean; canToggleTone: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useAccountInfo();
  const count = useAlarmCount(enabled);
  const markRead = useMarkAlarmsRead();
  const updateProfile = useUpdateProfile();
  const toneOn = info?.userProfile.alarmToneStatus === 1;
  const [playing, setPlaying] = useState(false);
  const tone = useRef(createAlarmTone(setPlaying));
  const lastNew = useRef<number | undefined>(undefined);

  const fresh = count.data?.newFlagOneCount;
  useEffect(() => {
    if (fresh === undefined) return;
    if (shouldSound(lastNew.current, fresh, toneOn)) tone.current.play(ALARM_TONE_REPEATS);
    lastNew.current = fresh;
  }, [fresh, toneOn]);

  useEffect(() => {
    if (!toneOn) tone.current.stop();
  }, [toneOn]);

  useEffect(() => {
    const current = tone.current;
    return () => current.stop();
  }, []);

  if (!enabled) return null;
  const total = count.data?.totalCount ?? 0;
  return (
    <>
      {canToggleTone ? (
        <Tooltip title={toneOn ? t('alarm.toneOn') : t('alarm.toneOff')}>
          <Button
            type="text"
            aria-label={toneOn ? t('alarm.toneOn') : t('alarm.toneOff')}
            aria-pressed={toneOn}
            data-testid="alarm-tone-toggle"
            loading={updateProfile.isPending}
            icon={<SoundOutlined style={{ opacity: toneOn ? 1 : 0.35 }} />}
            onClick={() => updateProfile.mutate({ alarmToneStatus: toneOn ? 0 : 1 })}
          />
        </Tooltip>
      ) : null}
      <Tooltip title={t('alarm.title')}>
        <Button
          type="text"
          aria-label={t('alarm.title')}
          data-testid="alarm-badge"
          data-tone={playing ? 'playing' : 'idle'}
          onClick={() => {
            tone.current.stop();
            if ((fresh ?? 0) > 0) markRead.mutate();
            navigate('/message/list');
          }}
        >
          <Badge count={total} size="small" overflowCount={99} data-testid="alarm-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
    </>
  );
}
