import type { FormInstance } from 'antd';
import i18next from 'i18next';
import { ApiError } from '../../../api/http.ts';
import { notify } from '../../../app/feedback.ts';

interface FieldProblem {
  field: string;
  message: string;
}

function fieldProblems(data: unknown): FieldProblem[] {
  if (typeof data !== 'object' || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldProblem =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as FieldProblem).field === 'string' &&
      typeof (f as FieldProblem).message === 'string',
  );
}

const namePath = (field: string) =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A refused save of a form whose call was quiet: the server's message (docs/decisions.md: validation
 * answers name each failing field) under the field when the form has it, otherwise as a notice.
 * `codeFields` puts business errors that concern one field (a GUID already added) under that field.
 */
export function showFormError(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  codeFields: Readonly<Record<number, string>> = {},
): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.endedSession || error.kind === 'aborted') return;
  const problems = fieldProblems(error.data);
  const codeField = error.code === null ? undefined : codeFields[error.code];
  if (codeField) problems.push({ field: codeField, message: error.message });
  const known = new Set(fields);
  const shown = problems.filter((p) => known.has(String(namePath(p.field)[0])));
  if (shown.length > 0) {
    form.setFields(shown.map((p) => ({ name: namePath(p.field), errors: [p.message] })));
    return;
  }
  // Transport failures were shown by the http client already, quiet or not.
  if (error.kind === 'business') notify('error', i18next.t('errors.title'), error.message);
}
