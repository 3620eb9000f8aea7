import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/** Codes of a client that went away while its answer was on the way: its business, not a fault here. */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);
/** What end-of-stream (under the compression plugin's pipes) says when the client has gone. */
const PREMATURE_CLOSE = 'premature close';

function isClientGone(error: Error, raw: IncomingMessage): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined && CLIENT_GONE_CODES.has(code)) return true;
  // Not `raw.destroyed`: a request whose body has been read is destroyed too, client or not.
  const socketClosed = raw.socket?.destroyed === true;
  return raw.aborted || (socketClosed && error.message === PREMATURE_CLOSE);
}

/**
 * Request loggers whose `error` writes a client that left mid-answer at debug: plugins (compression)
 * log the broken pipe of such an answer as an error themselves, past the log controller below.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
  raw,
) => {
  const child: FastifyBaseLogger = logger.child(bindings, options);
  const error = child.error.bind(child);
  const debug = child.debug.bind(child);
  child.error = ((first: unknown, ...rest: unknown[]) => {
    if (first instanceof Error && isClientGone(first, raw))
      return (debug as (...a: unknown[]) => void)(first, ...rest);
    return (error as (...a: unknown[]) => void)(first, ...rest);
  }) as FastifyBaseLogger['error'];
  return child;
};

/**
 * Request lines at debug, not info: a busy platform answers thousands of calls a minute and the log
 * is for what needs a look. A client that leaves before its answer is complete is logged at debug too;
 * a real failure while answering stays an error.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error && !isClientGone(error, request.raw)) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    reply.log.debug(
      { res: reply, responseTime: reply.elapsedTime, clientGone: Boolean(error) },
      'request completed',
    );
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (isClientGone(error, request.raw))
      reply.log.debug({ res: reply }, 'client left before the answer ended');
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }
}
