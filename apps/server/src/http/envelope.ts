import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The success envelope: code 0, a translated "success", the data. */
export function ok<T>(request: FastifyRequest, data: T): { code: 0; msg: string; data: T } {
  return { code: 0, msg: request.t('success'), data };
}

/** Response schema of a success answer, for serialisation and the OpenAPI document. */
export function okSchema<T extends z.ZodType>(data: T) {
  return { 200: z.object({ code: z.number().int(), msg: z.string(), data }) };
}

export const nullData = z.null();
