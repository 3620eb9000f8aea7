import type {
  AlarmComparator,
  AlarmRule,
  AlarmRuleInsert,
  AlarmTargetParam,
  AlarmTargetType,
  WarnRule,
  WarnRuleInsert,
} from '@coldchain/shared';
import type { ChannelKind } from '@coldchain/shared/device-protocol';
import { flag, textOrNull } from '../form-values.ts';

/**
 * The rule form's values and the bodies sent for alarm and warning rules (002 §3): one form for both,
 * level and template kept under one name each.
 */

export type RuleKind = 'alarm' | 'warn';
export type Rule = AlarmRule | WarnRule;

export interface RuleFields {
  ruleName: string;
  content?: string;
  channelKind: ChannelKind;
  deviceTypeId?: number | null;
  comparator: AlarmComparator;
  targetType: AlarmTargetType;
  targetParam?: AlarmTargetParam | null;
  value: number | null;
  level: number;
  templateId?: number | null;
  faultCode?: string;
  faultMeaning?: string;
  repairGuidance?: string;
  activeDefault: boolean;
}

export const isAlarmRule = (rule: Rule): rule is AlarmRule => 'alarmLevel' in rule;

/** A new rule watches temperature above a fixed value, active by default; alarms at level 1, warnings without level. */
export function ruleInitialValues(rule: Rule | null, kind: RuleKind): RuleFields {
  const alarm = rule && isAlarmRule(rule) ? rule : null;
  const warn = rule && !isAlarmRule(rule) ? rule : null;
  return {
    ruleName: rule?.ruleName ?? '',
    content: rule?.content ?? '',
    channelKind: (rule?.channelKind as ChannelKind | undefined) ?? 'temperature',
    deviceTypeId: rule?.deviceTypeId ?? null,
    comparator: rule?.comparator ?? 'gt',
    targetType: rule?.targetType ?? 'fixed',
    targetParam: rule?.targetParam ?? null,
    value: rule?.value ?? null,
    level: alarm?.alarmLevel ?? warn?.warnLevel ?? (kind === 'alarm' ? 1 : 0),
    templateId: alarm?.alarmTemplateId ?? warn?.warnTemplateId ?? null,
    faultCode: alarm?.faultCode ?? '',
    faultMeaning: alarm?.faultMeaning ?? '',
    repairGuidance: alarm?.repairGuidance ?? '',
    activeDefault: (rule?.activeDefault ?? 1) === 1,
  };
}

function commonBody(values: RuleFields) {
  return {
    ruleName: values.ruleName.trim(),
    content: textOrNull(values.content),
    channelKind: values.channelKind,
    deviceTypeId: values.deviceTypeId ?? null,
    comparator: values.comparator,
    // Required by the form's rule; never sent empty.
    value: values.value ?? 0,
    targetType: values.targetType,
    // A fixed value has no associated parameter: a stale choice is not sent.
    targetParam: values.targetType === 'param' ? (values.targetParam ?? null) : null,
    activeDefault: flag(values.activeDefault),
  };
}

export function alarmRuleBody(values: RuleFields): AlarmRuleInsert {
  return {
    ...commonBody(values),
    alarmLevel: values.level,
    alarmTemplateId: values.templateId ?? null,
    faultCode: textOrNull(values.faultCode),
    faultMeaning: textOrNull(values.faultMeaning),
    repairGuidance: textOrNull(values.repairGuidance),
  };
}

export function warnRuleBody(values: RuleFields): WarnRuleInsert {
  return { ...commonBody(values), warnLevel: values.level, warnTemplateId: values.templateId ?? null };
}

/**
 * A rule's condition as the list shows it: "> 30", or "≥ upper limit − 1" for an associated
 * parameter with an offset. `sign` and `param` word the comparator and the parameter.
 */
export function conditionText(
  rule: Pick<Rule, 'comparator' | 'targetType' | 'targetParam' | 'value'>,
  sign: (comparator: AlarmComparator) => string,
  param: (target: AlarmTargetParam) => string,
): string {
  const comparator = sign(rule.comparator);
  if (rule.targetType === 'fixed') return `${comparator} ${rule.value}`;
  const target = rule.targetParam ? param(rule.targetParam) : '?';
  if (rule.value === 0) return `${comparator} ${target}`;
  return `${comparator} ${target} ${rule.value > 0 ? '+' : '−'} ${Math.abs(rule.value)}`;
}
