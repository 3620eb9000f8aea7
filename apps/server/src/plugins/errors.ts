import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type MessageParams } from '../errors.ts';
import { hasKey, type Translate } from '../i18n/i18n.ts';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** Names the rule an issue broke as a translation key with its parameters. */
function ruleOf(issue: ValidationIssue): { key: string; params: MessageParams } {
  const p = issue.params;
  const message = issue.message ?? '';
  if (message.startsWith('rules.')) return { key: message, params: {} };
  const num = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : 0);
  switch (issue.keyword) {
    case 'invalid_type':
      if (message.includes('received undefined')) return { key: 'rules.required', params: {} };
      if (p.expected === 'int') return { key: 'rules.notInteger', params: {} };
      return { key: 'rules.invalidType', params: {} };
    case 'too_small':
      if (p.origin === 'string')
        return num(p.minimum) === 1
          ? { key: 'rules.required', params: {} }
          : { key: 'rules.tooShortString', params: { minimum: num(p.minimum) } };
      if (p.origin === 'array') return { key: 'rules.tooFewItems', params: { minimum: num(p.minimum) } };
      return { key: 'rules.tooSmall', params: { minimum: num(p.minimum) } };
    case 'too_big':
      if (p.origin === 'string') return { key: 'rules.tooLongString', params: { maximum: num(p.maximum) } };
      if (p.origin === 'array') return { key: 'rules.tooManyItems', params: { maximum: num(p.maximum) } };
      return { key: 'rules.tooBig', params: { maximum: num(p.maximum) } };
    case 'invalid_value':
      return {
        key: 'rules.invalidValue',
        params: { values: Array.isArray(p.values) ? p.values.map(String).join(', ') : '' },
      };
    case 'unrecognized_keys':
      return { key: 'rules.unknownField', params: {} };
    default:
      return { key: 'rules.invalidFormat', params: {} };
  }
}

function fieldOf(issue: ValidationIssue, context: string): string {
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
    return String(issue.params.keys[0] ?? context);
  }
  const parts = issue.instancePath.split('/').filter(Boolean);
  return parts.length ? parts.join('.') : context;
}

export function fieldLabel(t: Translate, field: string): string {
  // Array positions (probes.0.upperLimit) name no field; the label is that of the nearest named part.
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  const key = `fields.${last}`;
  const label = t(key);
  return label === key ? field : label;
}

function describeValidation(t: Translate, issues: ValidationIssue[], context: string): FieldProblem[] {
  return issues.map((issue) => {
    const field = fieldOf(issue, context);
    const rule = ruleOf(issue);
    return {
      field,
      message: t('errors.validation', { field: fieldLabel(t, field), rule: t(rule.key, rule.params) }),
    };
  });
}

/** Error envelopes bypass the route's success schema. */
function send(reply: FastifyReply, http: number, code: number, msg: string, data: unknown = null) {
  return reply
    .status(http)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ code, msg, data });
}

/** Maps every failure to the envelope: translated, naming the field, never leaking internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const t = request.t;
    if (error instanceof AppError) {
      if (error.key === 'validation' && typeof error.params.field === 'string') {
        const field = error.params.field;
        const ruleKey = String(error.params.rule ?? 'rules.invalidFormat');
        const message = t('errors.validation', {
          field: fieldLabel(t, field),
          rule: t(ruleKey, error.params),
        });
        return send(reply, error.http, error.code, message, { fields: [{ field, message }] });
      }
      const params: MessageParams = { ...error.params };
      for (const [name, value] of Object.entries(params)) {
        // Entity and feature names are translation keys themselves.
        if (typeof value === 'string' && hasKey('en-US', value)) params[name] = t(value);
      }
      return send(reply, error.http, error.code, t(`errors.${error.key}`, params), error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = describeValidation(t, error.validation, error.validationContext ?? 'body');
      const v = new AppError('validation');
      return send(reply, v.http, v.code, fields[0]?.message ?? t('errors.badRequest'), { fields });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      const e = new AppError('payloadTooLarge');
      return send(reply, e.http, e.code, t('errors.payloadTooLarge'));
    }
    if (error.statusCode === 429) {
      const e = new AppError('rateLimited');
      const seconds = Math.ceil(Number(reply.getHeader('retry-after') ?? 60));
      return send(reply, e.http, e.code, t('errors.rateLimited', { seconds }));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const e = new AppError('badRequest');
      return send(reply, e.http, e.code, t('errors.badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    const e = new AppError('serverError');
    return send(reply, e.http, e.code, t('errors.serverError'));
  });
}

/** Unknown API paths get a 404 envelope; other GETs get the console, which routes on its own. */
export function registerNotFound(app: FastifyInstance, options: { spa: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    if (options.spa && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const e = new AppError('notFound');
    return send(reply, 404, e.code, request.t('errors.notFound', { entity: request.t('entities.route') }));
  });
}
