import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Dictionaries (queryDictByType, queryTimeZoneByType). */
export function dictsRoutes(): FastifyPluginAsyncZod {
  return async () => {};
}
