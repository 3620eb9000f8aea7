import type { FormInstance, FormRule } from 'antd';
import i18next from 'i18next';
import type { Messages } from '../../../app/i18n.ts';
import {
  checkRule,
  emptyToUndefined,
  fieldMessage,
  namePath,
  ruleOfIssue,
  type SafeParser,
} from '../../../components/schema-rules.ts';

/**
 * Form rules of the alarm pages, taken from the shared zod schemas like the catalogue's
 * (components/schema-rules.ts), with the rules the alarm schemas add (`rules.phone`,
 * `rules.templateTextRequired`, ...) worded from `alarms.rules`.
 */

export type AlarmRuleName = keyof Messages['alarms']['rules'];

function isAlarmRule(name: string): name is AlarmRuleName {
  return i18next.exists(`alarms.rules.${name}`);
}

/** "<label>: <rule>" for one of the alarm area's own rules. */
export function alarmRuleMessage(
  label: string,
  rule: AlarmRuleName,
  params: Record<string, unknown> = {},
): string {
  const interpolation = { escapeValue: false };
  return i18next.t('catalogue.validation', {
    field: label,
    rule: i18next.t(`alarms.rules.${rule}`, { ...params, interpolation }),
    interpolation,
  });
}

/** The message of a broken rule, whichever list (catalogue's generic ones or the alarm area's) words it. */
export function ruleMessage(label: string, rule: string): string {
  const name = rule.replace(/^rules\./, '');
  if (isAlarmRule(name)) return alarmRuleMessage(label, name);
  return fieldMessage(
    label,
    ruleOfIssue({ message: rule.startsWith('rules.') ? rule : `rules.${rule}`, path: [] }),
  );
}

/** The first problem `schema` finds with a value, worded with the field's label; null when fine. */
export function checkAlarmField(schema: SafeParser, label: string, value: unknown): string | null {
  const result = schema.safeParse(emptyToUndefined(value));
  if (result.success) return null;
  const [issue] = result.error.issues;
  if (!issue) return fieldMessage(label, { rule: 'invalidFormat' });
  if (issue.message.startsWith('rules.')) return ruleMessage(label, issue.message);
  return fieldMessage(label, ruleOfIssue(issue));
}

/** An antd rule running one field of a shared schema. */
export function alarmSchemaRule(schema: SafeParser, label: string): FormRule {
  return checkRule((value) => checkAlarmField(schema, label, value));
}

/** A rule broken across fields, named by its path in the form ("levels.1.delayMinutes"). */
export interface FieldIssue {
  field: string;
  rule: string;
}

/**
 * Shows cross-field issues under the fields they name; `label` words each field. Answers whether
 * there were any.
 */
export function showFieldIssues(
  form: FormInstance,
  issues: readonly FieldIssue[],
  label: (field: string) => string,
): boolean {
  if (issues.length === 0) return false;
  form.setFields(
    issues.map((issue) => ({
      name: namePath(issue.field),
      errors: [ruleMessage(label(issue.field), issue.rule)],
    })),
  );
  return true;
}
