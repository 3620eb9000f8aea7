import type {
  AlarmComparator,
  AlarmRule,
  AlarmTargetParam,
  AlarmTargetType,
  MessageTemplate,
  NotificationKind,
  WarnRule,
} from '@coldchain/shared';
import type { AlarmRuleRow, MessageTemplateRow, WarnRuleRow } from './alarm-rules.repo.ts';

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

function ruleCommon(row: AlarmRuleRow | WarnRuleRow) {
  return {
    id: row.id,
    ruleName: row.ruleName,
    content: row.content,
    channelKind: row.channelKind,
    deviceTypeId: row.deviceTypeId,
    comparator: row.comparator as AlarmComparator,
    value: row.value,
    targetType: row.targetType as AlarmTargetType,
    targetParam: row.targetParam as AlarmTargetParam | null,
    activeDefault: flag(row.activeDefault),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function presentAlarmRule(row: AlarmRuleRow): AlarmRule {
  return {
    ...ruleCommon(row),
    alarmLevel: row.alarmLevel,
    alarmTemplateId: row.alarmTemplateId,
    faultCode: row.faultCode,
    faultMeaning: row.faultMeaning,
    repairGuidance: row.repairGuidance,
  };
}

export function presentWarnRule(row: WarnRuleRow): WarnRule {
  return { ...ruleCommon(row), warnLevel: row.warnLevel, warnTemplateId: row.warnTemplateId };
}

export function presentTemplate(row: MessageTemplateRow): MessageTemplate {
  return {
    id: row.id,
    msgName: row.msgName,
    type: row.type as NotificationKind,
    subtype: row.subtype,
    localeCode: row.localeCode,
    systemContent: row.systemContent,
    emailSubject: row.emailSubject,
    emailContent: row.emailContent,
    smsContent: row.smsContent,
    wechatContent: row.wechatContent,
    voiceContent: row.voiceContent,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
