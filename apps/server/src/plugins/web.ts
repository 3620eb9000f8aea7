import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the console build; any non-API GET that is not a file gets index.html (history routing). */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dist }, 'console build not found; run `npm run build` to serve the console');
    return false;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
  return true;
}
