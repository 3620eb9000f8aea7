import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, okSchema } from '../../http/envelope.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          response: okSchema(
            z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), time: z.string() }),
          ),
        },
      },
      async (request) => {
        await sql`select 1`.execute(ctx.db);
        return ok(request, {
          status: 'ok' as const,
          database: ctx.dialect,
          time: ctx.clock.now().toISOString(),
        });
      },
    );
  };
}
