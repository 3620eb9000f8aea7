import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestLog, requestLogger } from './request-log.ts';

interface LogLine {
  level: number;
  msg: string;
}
const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

async function serverWithLog(level: 'info' | 'debug') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
  });
  // As in the app: answers are compressed, and the compression plugin logs a broken pipe itself.
  await app.register(compress, { threshold: 1024 });
  app.get('/ok', async () => ({ ok: true }));
  app.post('/fails', async () => {
    throw new Error('a real fault');
  });
  // An answer that takes a while to stream, so a client can leave half way.
  app.get('/slow', (_request, reply) => {
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 1;
        if (sent > 50) this.push(null);
        else setTimeout(() => this.push('x'.repeat(1024)), 20);
      },
    });
    return reply.type('text/plain').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, lines, port };
}

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('request log', () => {
  it('writes request lines at debug, so an info log stays quiet', async () => {
    const info = await serverWithLog('info');
    running = info.app;
    expect((await fetch(`http://127.0.0.1:${info.port}/ok`)).status).toBe(200);
    expect(info.lines.filter((l) => /request/.test(l.msg))).toEqual([]);
    await info.app.close();

    const debug = await serverWithLog('debug');
    running = debug.app;
    await fetch(`http://127.0.0.1:${debug.port}/ok`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const messages = debug.lines.filter((l) => l.level === DEBUG).map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('logs a client that leaves mid-answer at debug, never as an error', async () => {
    const { app, lines, port } = await serverWithLog('debug');
    running = app;
    await new Promise<void>((resolve) => {
      const request = http.get(
        `http://127.0.0.1:${port}/slow`,
        { headers: { 'accept-encoding': 'gzip' } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', () => undefined);
    });
    // The server notices the closed socket on its next write.
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline && !lines.some((l) => /client left|request completed/.test(l.msg))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lines.some((l) => /client left|request completed/.test(l.msg) && l.level === DEBUG)).toBe(true);
    expect(lines.filter((l) => l.level > INFO)).toEqual([]);
  });

  it('still logs a fault while answering a request whose body was read as an error', async () => {
    const { app, lines, port } = await serverWithLog('info');
    running = app;
    const answer = await fetch(`http://127.0.0.1:${port}/fails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(answer.status).toBe(500);
    expect(lines.filter((l) => l.level === ERROR).map((l) => l.msg)).toContain('a real fault');
  });
});
