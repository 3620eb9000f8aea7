import { dictItemSchema, dictQuerySchema, timeZoneItemSchema, timeZoneQuerySchema } from '@coldchain/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import type { DictsService } from './dicts.service.ts';

const TAG = ['dicts'];

/**
 * Dictionaries (000 §7 queryDictByType, 002 §7 queryTimeZoneByType). Public: the sign-up page needs
 * the country codes before anyone is signed in, and the lists hold no account data.
 */
export function dictsRoutes(service: DictsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/base/BaseDict/queryDictByType',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          querystring: dictQuerySchema,
          response: okSchema(z.array(dictItemSchema)),
        },
      },
      async (request) => ok(request, service.items(request.query.dataType, request.t)),
    );

    app.get(
      '/base/BaseDict/queryTimeZoneByType',
      {
        config: { access: 'public' },
        schema: {
          tags: TAG,
          security: [],
          querystring: timeZoneQuerySchema,
          response: okSchema(z.array(timeZoneItemSchema)),
        },
      },
      async (request) => ok(request, service.timeZones()),
    );
  };
}
