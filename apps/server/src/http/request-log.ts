import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Codes of a client that went away while its answer was on the way: its business, not a fault here. */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export function isClientGone(error: Error, request: FastifyRequest): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return request.raw.aborted || request.raw.destroyed || (code !== undefined && CLIENT_GONE_CODES.has(code));
}

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
    if (error && !isClientGone(error, request)) {
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
    if (isClientGone(error, request)) reply.log.debug({ res: reply }, 'client left before the answer ended');
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }
}
