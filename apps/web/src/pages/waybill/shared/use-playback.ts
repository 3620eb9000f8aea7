import { useEffect, useRef, useState } from 'react';
import { advance, PLAYBACK_SPEEDS } from './track.ts';

export interface Playback {
  /** The instant shown; null when not replaying (the live view). */
  at: number | null;
  playing: boolean;
  speed: number;
  play: () => void;
  pause: () => void;
  stop: () => void;
  seek: (ts: number) => void;
  setSpeed: (speed: number) => void;
}

/**
 * Replays a track from its first fix to its last: `at` moves on by the real time passed times the
 * speed, one step per animation frame, and stops at the end. Pausing keeps the instant; stopping
 * returns to the live view.
 */
export function usePlayback(startTs: number | null, endTs: number | null): Playback {
  const [at, setAt] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(PLAYBACK_SPEEDS[3]);
  const atRef = useRef<number | null>(null);
  atRef.current = at;

  useEffect(() => {
    if (!playing || endTs === null) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const from = atRef.current ?? startTs ?? endTs;
      const next = advance(from, now - last, speed, endTs);
      last = now;
      setAt(next.ts);
      if (next.ended) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, startTs, endTs]);

  return {
    at,
    playing,
    speed,
    play: () => {
      if (startTs === null || endTs === null) return;
      // From the start again once the end was reached.
      if (at === null || at >= endTs) setAt(startTs);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    stop: () => {
      setPlaying(false);
      setAt(null);
    },
    seek: (ts: number) => setAt(ts),
    setSpeed,
  };
}
