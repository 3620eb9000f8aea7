/**
 * The alarm tone (000 §4): a two-note chime made with Web Audio, so no sound file ships; repeats at
 * most 3 times and stops at once when asked (the tone setting turned off).
 */
export interface AlarmTone {
  play(repeats: number): void;
  stop(): void;
}

const NOTE_SECONDS = 0.25;
const REPEAT_SECONDS = 1;

/** Whether a new poll calls for the tone: new alarms appeared and the profile has the tone on. */
export function shouldSound(previousNew: number | undefined, nextNew: number, toneOn: boolean): boolean {
  if (!toneOn || nextNew <= 0) return false;
  return previousNew === undefined || nextNew > previousNew;
}

export function createAlarmTone(onChange: (playing: boolean) => void): AlarmTone {
  let context: AudioContext | null = null;
  let endTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(endTimer);
    if (context) void context.close().catch(() => undefined);
    context = null;
    onChange(false);
  };
  return {
    play(repeats) {
      stop();
      if (typeof AudioContext === 'undefined') return;
      const audio = new AudioContext();
      context = audio;
      const startAt = audio.currentTime + 0.05;
      for (let i = 0; i < repeats; i += 1) {
        [880, 660].forEach((frequency, note) => {
          const oscillator = audio.createOscillator();
          const gain = audio.createGain();
          const at = startAt + i * REPEAT_SECONDS + note * NOTE_SECONDS;
          oscillator.frequency.value = frequency;
          gain.gain.setValueAtTime(0.2, at);
          gain.gain.exponentialRampToValueAtTime(0.001, at + NOTE_SECONDS);
          oscillator.connect(gain).connect(audio.destination);
          oscillator.start(at);
          oscillator.stop(at + NOTE_SECONDS);
        });
      }
      onChange(true);
      endTimer = setTimeout(stop, repeats * REPEAT_SECONDS * 1000 + 100);
    },
    stop,
  };
}
