import { ERRORS, type ErrorKey } from '@coldchain/shared';

export type MessageParams = Record<string, string | number>;

/** A business error from the catalogue; the error handler translates it and picks the HTTP status. */
export class AppError extends Error {
  readonly code: number;
  readonly http: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.code = ERRORS[key].code;
    this.http = ERRORS[key].http;
  }
}

/** A validation failure on one field, raised by services for rules a schema cannot express. */
export function fieldError(field: string, rule: string, params: MessageParams = {}): AppError {
  return new AppError('validation', { field, rule, ...params }, { fields: [{ field, rule }] });
}
