import type { FastifyBaseLogger as Logger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';

/** What a job handler may use besides its payload. */
export interface JobContext {
  clock: Clock;
  log: Logger;
}

/**
 * One job: a file exporting `{ name, schema, every?, handler }`. A job with `every` runs on its own at
 * that interval (never two runs of one job at once); any job can also be sent a payload, which its
 * schema checks before the handler sees it. Durable work (an outbox) lives in tables the handler reads,
 * so a lost in-memory run costs a delay, never a message.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  schema: z.ZodType<P>;
  /** ms between the end of one run and the start of the next */
  every?: number;
  handler(payload: P, context: JobContext): Promise<void>;
}

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<P>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}
