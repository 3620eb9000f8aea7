import { UPGRADE_SWEEP_INTERVAL_MS } from '@coldchain/shared';
import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { FirmwareService } from './firmware.service.ts';

/**
 * The upgrade sweep as a periodic job: silent devices fail after the timeout. It runs at least four
 * times per timeout, so a timeout shortened for tests is still kept to within a quarter of itself.
 */
export function upgradeSweepJob(service: FirmwareService, timeoutMs: number) {
  return defineJob({
    name: 'firmware.upgradeSweep',
    schema: z.undefined(),
    every: Math.max(500, Math.min(UPGRADE_SWEEP_INTERVAL_MS, Math.floor(timeoutMs / 4))),
    async handler(_payload, context) {
      await service.sweep(context.clock.now());
    },
  });
}
