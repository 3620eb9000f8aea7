import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../clock.ts';
import { defineJob } from './job.ts';
import { JobClient } from './job-client.ts';

const log = pino({ level: 'silent' });

describe('in-process job client', () => {
  it('checks a payload against the job schema before the handler runs', async () => {
    const jobs = JobClient.inProcess(systemClock, log);
    const seen: number[] = [];
    jobs.register(
      defineJob({
        name: 'double',
        schema: z.object({ n: z.number().int() }),
        async handler({ n }) {
          seen.push(n * 2);
        },
      }),
    );
    await jobs.send('double', { n: 21 });
    await expect(jobs.send('double', { n: 'x' })).rejects.toThrow();
    await expect(jobs.send('missing')).rejects.toThrow(/no job named missing/);
    expect(seen).toEqual([42]);
    await jobs.stop();
  });

  it('never runs one job twice at once: a send during a run asks for exactly one more run', async () => {
    const jobs = JobClient.inProcess(systemClock, log);
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register(
      defineJob({
        name: 'slow',
        schema: z.undefined(),
        async handler() {
          running += 1;
          most = Math.max(most, running);
          runs += 1;
          if (runs === 1) await gate;
          running -= 1;
        },
      }),
    );
    const first = jobs.send('slow');
    const second = jobs.send('slow');
    const third = jobs.send('slow');
    release();
    await Promise.all([first, second, third]);
    expect(most).toBe(1);
    expect(runs).toBe(2);
    await jobs.stop();
  });

  it('runs periodic jobs once started and not after stop; a failing run does not stop the timer', async () => {
    vi.useFakeTimers();
    const jobs = JobClient.inProcess(systemClock, log);
    let runs = 0;
    jobs.register(
      defineJob({
        name: 'tick',
        schema: z.undefined(),
        every: 5,
        async handler() {
          runs += 1;
          if (runs === 1) throw new Error('first run fails');
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(0);
    jobs.start();
    await vi.advanceTimersByTimeAsync(5);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(3);
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(3);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
