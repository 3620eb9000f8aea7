import { useState } from 'react';
import type { CloudScope } from './CloudProjectBar.tsx';

/** The chosen device of a cloud view: the one picked if it is still in the project, else the first. */
export function useChosenDevice(devices: CloudScope['devices']): [number | null, (id: number) => void] {
  const [picked, setPicked] = useState<number | null>(null);
  const current = devices.some((d) => d.id === picked) ? picked : (devices[0]?.id ?? null);
  return [current, setPicked];
}
