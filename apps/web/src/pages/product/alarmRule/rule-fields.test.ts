import { type AlarmRule, alarmRuleInsertSchema, warnRuleInsertSchema } from '@coldchain/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  alarmRuleBody,
  conditionText,
  type RuleFields,
  ruleInitialValues,
  warnRuleBody,
} from './rule-fields.ts';

vi.mock('../../../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));

const stored: AlarmRule = {
  id: 3,
  ruleName: 'Door left open',
  content: null,
  channelKind: 'temperature',
  deviceTypeId: null,
  alarmLevel: 2,
  alarmTemplateId: 9,
  comparator: 'ge',
  value: -1,
  targetType: 'param',
  targetParam: 'upperLimit',
  faultCode: 'E7',
  faultMeaning: null,
  repairGuidance: null,
  activeDefault: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const sign = (c: string) => ({ gt: '>', ge: '≥', lt: '<', le: '≤', eq: '=', ne: '≠' })[c] ?? c;
const param = (p: string) => (p === 'upperLimit' ? 'upper limit' : 'lower limit');

describe('rule form (002 §3)', () => {
  it('opens a new alarm rule at level 1 and a new warning without level, both active', () => {
    expect(ruleInitialValues(null, 'alarm')).toMatchObject({
      level: 1,
      activeDefault: true,
      targetType: 'fixed',
    });
    expect(ruleInitialValues(null, 'warn').level).toBe(0);
  });

  it('sends an edited alarm rule as the shared schema accepts it', () => {
    const body = alarmRuleBody({ ...ruleInitialValues(stored, 'alarm'), faultMeaning: '  ' });
    expect(alarmRuleInsertSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      alarmLevel: 2,
      alarmTemplateId: 9,
      targetParam: 'upperLimit',
      faultCode: 'E7',
      faultMeaning: null,
      activeDefault: 0,
    });
  });

  it('drops a stale associated parameter once the target is a fixed value', () => {
    const values: RuleFields = { ...ruleInitialValues(stored, 'warn'), targetType: 'fixed', value: 30 };
    const body = warnRuleBody(values);
    expect(warnRuleInsertSchema.safeParse(body).success).toBe(true);
    expect(body.targetParam).toBeNull();
    expect(body).not.toHaveProperty('faultCode');
  });

  it('words the condition with a fixed value or the limit and its offset', () => {
    expect(conditionText({ ...stored, targetType: 'fixed', value: 30, comparator: 'gt' }, sign, param)).toBe(
      '> 30',
    );
    expect(conditionText(stored, sign, param)).toBe('≥ upper limit − 1');
    expect(
      conditionText({ ...stored, value: 0, targetParam: 'lowerLimit', comparator: 'lt' }, sign, param),
    ).toBe('< lower limit');
  });
});
