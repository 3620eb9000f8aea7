import { useEffect, useMemo } from 'react';
import { getToken, onSessionEnd, subscribeToken } from '../app/session.ts';
import { useStore } from '../app/store.ts';
import { API_BASE } from './http.ts';
import { LiveChannel, type LiveStatus } from './live-channel.ts';
import type { LiveSnapshot } from './live-state.ts';

let channel: LiveChannel | null = null;

/** The page's live channel, made on first use and tied to the session's token. */
export function liveChannel(): LiveChannel {
  if (channel) return channel;
  const made = new LiveChannel({
    connect: (url) => new WebSocket(url),
    url: () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      return `${scheme}://${window.location.host}${API_BASE}/ws`;
    },
    token: getToken,
  });
  let token = getToken();
  subscribeToken(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    made.restart();
  });
  onSessionEnd(() => made.reset());
  channel = made;
  return made;
}

/**
 * Follows the given devices while the component is mounted and answers what the live channel knows
 * about them (the whole snapshot; read it by device id).
 */
export function useLiveDevices(ids: readonly number[]): LiveSnapshot {
  const live = liveChannel();
  const key = useMemo(() => [...new Set(ids)].sort((a, b) => a - b).join(','), [ids]);
  useEffect(() => {
    if (!key) return;
    return live.follow(key.split(',').map(Number));
  }, [live, key]);
  return useStore(live.snapshot);
}

export function useLiveStatus(): LiveStatus {
  return useStore(liveChannel().status);
}

/** Counts authenticated (re)connections of the live channel. */
export function useLiveSessions(): number {
  return useStore(liveChannel().sessions);
}
