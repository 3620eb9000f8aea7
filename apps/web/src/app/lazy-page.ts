import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { CHUNK_TIMEOUT_MS } from './constants.ts';

/** A code-split page whose chunk fails after 120 s (000 §8), so the error screen offers a reload. */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
): LazyExoticComponent<ComponentType> {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
