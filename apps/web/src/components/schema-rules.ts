import type { FormInstance, FormRule } from 'antd';
import i18next from 'i18next';
import { ApiError } from '../api/http.ts';
import { notify } from '../app/feedback.ts';
import type { Messages } from '../app/i18n.ts';

/**
 * Form rules taken from the shared zod schemas, so a form refuses exactly what the server refuses and
 * says it the way the server does: "<field label>: <rule>" (decisions: validation messages).
 */

/** What a form rule reads of a zod issue (structural, so the console needs no zod import of its own). */
export interface SchemaIssue {
  readonly code?: string;
  readonly message: string;
  readonly path: PropertyKey[];
  readonly input?: unknown;
  readonly origin?: string;
  readonly expected?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
}

/** A zod schema, or anything else with the same safeParse. */
export interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

export type RuleName = keyof Messages['catalogue']['rules'];

export interface RuleText {
  rule: RuleName;
  params?: Record<string, number>;
}

function isRuleName(name: string): name is RuleName {
  return i18next.exists(`catalogue.rules.${name}`);
}

/** The rule an issue broke, as the server names it (its `rules.` keys, mirrored under catalogue.rules). */
export function ruleOfIssue(issue: SchemaIssue): RuleText {
  if (issue.message.startsWith('rules.')) {
    const name = issue.message.slice('rules.'.length);
    return { rule: isRuleName(name) ? name : 'invalidFormat' };
  }
  const bound = (v: number | bigint | undefined) => Number(v ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { rule: 'required' };
      return { rule: issue.expected === 'int' ? 'notInteger' : 'invalidType' };
    case 'too_small':
      if (issue.origin === 'string')
        return bound(issue.minimum) <= 1
          ? { rule: 'required' }
          : { rule: 'tooShortString', params: { minimum: bound(issue.minimum) } };
      if (issue.origin === 'array') return { rule: 'tooFewItems', params: { minimum: bound(issue.minimum) } };
      return { rule: 'tooSmall', params: { minimum: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { rule: 'tooLongString', params: { maximum: bound(issue.maximum) } };
      if (issue.origin === 'array')
        return { rule: 'tooManyItems', params: { maximum: bound(issue.maximum) } };
      return { rule: 'tooBig', params: { maximum: bound(issue.maximum) } };
    default:
      return { rule: 'invalidFormat' };
  }
}

type FieldName = keyof Messages['catalogue']['fields'];

/** A field's label as the server names it, or the field itself when the console has none. */
export function fieldLabel(field: string): string {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  const key = `catalogue.fields.${last}`;
  return i18next.exists(key) ? i18next.t(key as `catalogue.fields.${FieldName}`) : field;
}

/** "<label>: <rule>", the server's wording of a validation failure. */
export function fieldMessage(label: string, text: RuleText): string {
  // Plain text: React escapes it when shown, so i18next must not escape "/" in "+ - * /" first.
  const interpolation = { escapeValue: false };
  return i18next.t('catalogue.validation', {
    field: label,
    rule: i18next.t(`catalogue.rules.${text.rule}`, { ...text.params, interpolation }),
    interpolation,
  });
}

/** Empty inputs count as not given: a cleared field is nothing, not "" or [] (so a required one says so). */
export function emptyToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

/** The first problem `schema` finds with a field's value, worded with the field's label; null when fine. */
export function checkField(schema: SafeParser, label: string, value: unknown): string | null {
  const result = schema.safeParse(emptyToUndefined(value));
  if (result.success) return null;
  const [issue] = result.error.issues;
  return fieldMessage(label, issue ? ruleOfIssue(issue) : { rule: 'invalidFormat' });
}

/** An antd rule from a check answering the problem's message, or null when the value is fine. */
export function checkRule(check: (value: unknown) => string | null): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const message = check(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** An antd rule running one field of a shared schema. */
export function schemaRule(schema: SafeParser, label: string): FormRule {
  return checkRule((value) => checkField(schema, label, value));
}

/**
 * Shows the shared schemas' rules across fields (paramRuleIssues, unitRuleIssues) under the fields
 * they name, worded like the server; answers whether there were any.
 */
export function showRuleIssues(
  form: FormInstance,
  issues: readonly { field: string; rule: string }[],
): boolean {
  if (issues.length === 0) return false;
  form.setFields(
    issues.map((issue) => {
      const name = issue.rule.replace(/^rules\./, '');
      return {
        name: namePath(issue.field),
        errors: [fieldMessage(fieldLabel(issue.field), { rule: isRuleName(name) ? name : 'invalidFormat' })],
      };
    }),
  );
  return true;
}

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

/** "valueRange.0.text" as a form name path: ['valueRange', 0, 'text']. */
export function namePath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export interface ServerErrorOptions {
  /** The form's own field names: a failure naming one of them is shown under it. */
  fields: readonly string[];
  /** Business errors that concern one field (a code already in use), by error code. */
  codeFields?: Readonly<Record<number, string>>;
}

/**
 * Shows a failed save of a form whose call was quiet: the server's field-named message under the field
 * it names when the form has that field, otherwise as a notice. Failures that ended the session or
 * were cut off show nothing more.
 */
export function showSaveError(form: FormInstance, error: unknown, options: ServerErrorOptions): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.endedSession || error.kind === 'aborted') return;
  const known = new Set(options.fields);
  const problems = fieldProblems(error.data);
  const codeField = error.code === null ? undefined : options.codeFields?.[error.code];
  if (codeField) problems.push({ field: codeField, message: error.message });
  const shown = problems.filter((p) => known.has(String(namePath(p.field)[0])));
  if (shown.length > 0) {
    form.setFields(shown.map((p) => ({ name: namePath(p.field), errors: [p.message] })));
    return;
  }
  notify('error', i18next.t('errors.title'), error.message);
}
