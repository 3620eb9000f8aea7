import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { JobContext, JobDefinition } from './job.ts';

/**
 * Where jobs run. The in-process provider is the default; a distributed one (pg-boss, BullMQ) would
 * implement the same three calls.
 */
export interface JobProvider {
  /** Runs the job now with this payload (already validated). */
  run<P>(job: JobDefinition<P>, payload: P): Promise<void>;
  /** Starts the job's `every` timer. */
  schedule(job: JobDefinition<undefined>): void;
  stop(): Promise<void>;
}

/**
 * Runs jobs in this process: periodic jobs on a timer, a run never overlapping the previous one of
 * the same job; a wake-up during a run asks for one more run right after it.
 */
export class InProcessJobProvider implements JobProvider {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private stopped = false;

  constructor(private readonly context: JobContext) {}

  async run<P>(job: JobDefinition<P>, payload: P): Promise<void> {
    const current = this.running.get(job.name);
    if (current) {
      this.again.add(job.name);
      return current;
    }
    const run = (async () => {
      try {
        do {
          this.again.delete(job.name);
          await job.handler(payload, this.context);
        } while (this.again.has(job.name) && !this.stopped);
      } catch (error) {
        this.context.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        this.running.delete(job.name);
      }
    })();
    this.running.set(job.name, run);
    return run;
  }

  schedule(job: JobDefinition<undefined>): void {
    const every = job.every;
    if (every === undefined) return;
    const tick = () => {
      if (this.stopped) return;
      void this.run(job, undefined).finally(() => {
        if (!this.stopped) this.timers.set(job.name, setTimeout(tick, every));
      });
    };
    this.timers.set(job.name, setTimeout(tick, every));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running.values());
  }
}

/** The one way server code starts jobs and timers (CONVENTIONS habit 7). */
export class JobClient {
  private readonly jobs = new Map<string, JobDefinition<never>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly provider: JobProvider,
    readonly context: JobContext,
  ) {}

  static inProcess(clock: Clock, log: Logger): JobClient {
    const context = { clock, log };
    return new JobClient(new InProcessJobProvider(context), context);
  }

  register<P>(job: JobDefinition<P>): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job as unknown as JobDefinition<never>);
    if (this.started && job.every !== undefined) this.provider.schedule(job as JobDefinition<undefined>);
  }

  /** Starts the timers of periodic jobs. Tests leave this off and call `send` under a driven clock. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values())
      if (job.every !== undefined) this.provider.schedule(job as unknown as JobDefinition<undefined>);
  }

  /** Started and not yet stopped: periodic jobs are running (never in tests that drive jobs by hand). */
  get active(): boolean {
    return this.started && !this.stopped;
  }

  /** Runs a job now with a payload its schema accepts; resolves when the run ends. */
  async send(name: string, payload?: unknown): Promise<void> {
    const job = this.jobs.get(name) as JobDefinition<unknown> | undefined;
    if (!job) throw new Error(`no job named ${name}`);
    await this.provider.run(job, job.schema.parse(payload));
  }

  /** Stops timers and waits for running jobs (on close, before the database goes). */
  stop(): Promise<void> {
    this.stopped = true;
    return this.provider.stop();
  }
}
