import type {
  AlarmRuleInsert,
  AlarmRulePageRequest,
  AlarmRuleUpdate,
  MessageTemplateInsert,
  MessageTemplatePageRequest,
  MessageTemplateUpdate,
  WarnRuleInsert,
  WarnRulePageRequest,
  WarnRuleUpdate,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AlarmRuleRow, AlarmRulesRepo, MessageTemplateRow, WarnRuleRow } from './alarm-rules.repo.ts';

interface Target {
  targetType: string;
  targetParam?: string | null | undefined;
}

/** A fixed target has no parameter; a parameter target needs one (the schema checks whole inserts). */
function targetOf(merged: Target): { targetType: string; targetParam: string | null } {
  if (merged.targetType === 'param') {
    if (!merged.targetParam) throw fieldError('targetParam', 'rules.required');
    return { targetType: 'param', targetParam: merged.targetParam };
  }
  return { targetType: 'fixed', targetParam: null };
}

/**
 * Alarm rules, warning rules and message templates (002 §3, §5). The engine is told after every
 * change so new rules apply to the next reading.
 */
export class AlarmRulesService {
  constructor(
    private readonly repo: AlarmRulesRepo,
    private readonly clock: Clock,
    private readonly changed: () => void,
  ) {}

  private now() {
    return this.clock.now().toISOString();
  }

  private async assertReferences(
    input: { deviceTypeId?: number | null | undefined },
    templateId?: number | null,
  ) {
    if (input.deviceTypeId && !(await this.repo.deviceTypeExists(input.deviceTypeId)))
      throw fieldError('deviceTypeId', 'rules.unknownReference');
    if (templateId && !(await this.repo.template(templateId)))
      throw fieldError('alarmTemplateId', 'rules.unknownReference');
  }

  // ---- alarm rules
  async alarmRule(id: number): Promise<AlarmRuleRow> {
    const row = await this.repo.alarmRule(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.alarmRule' });
    return row;
  }

  alarmRulePage(q: AlarmRulePageRequest) {
    return this.repo.alarmRulePage(q);
  }

  alarmRules() {
    return this.repo.alarmRules();
  }

  async insertAlarmRule(input: AlarmRuleInsert): Promise<AlarmRuleRow> {
    await this.assertReferences(input, input.alarmTemplateId);
    const now = this.now();
    const row = await this.repo.insertAlarmRule({
      ruleName: input.ruleName,
      content: input.content ?? null,
      channelKind: input.channelKind,
      deviceTypeId: input.deviceTypeId ?? null,
      alarmLevel: input.alarmLevel,
      alarmTemplateId: input.alarmTemplateId ?? null,
      comparator: input.comparator,
      value: input.value,
      ...targetOf(input),
      faultCode: input.faultCode ?? null,
      faultMeaning: input.faultMeaning ?? null,
      repairGuidance: input.repairGuidance ?? null,
      activeDefault: input.activeDefault,
      createdAt: now,
      updatedAt: now,
    });
    this.changed();
    return row;
  }

  async updateAlarmRule(input: AlarmRuleUpdate): Promise<{ before: AlarmRuleRow; after: AlarmRuleRow }> {
    const before = await this.alarmRule(input.id);
    const { id, ...changes } = input;
    await this.assertReferences(changes, changes.alarmTemplateId);
    const after = await this.repo.updateAlarmRule(id, {
      ...changes,
      ...targetOf({ ...before, ...changes }),
      updatedAt: this.now(),
    });
    this.changed();
    return { before, after };
  }

  async deleteAlarmRule(id: number): Promise<AlarmRuleRow> {
    const row = await this.alarmRule(id);
    await this.repo.deleteAlarmRule(id);
    this.changed();
    return row;
  }

  // ---- warning rules
  async warnRule(id: number): Promise<WarnRuleRow> {
    const row = await this.repo.warnRule(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.warnRule' });
    return row;
  }

  warnRulePage(q: WarnRulePageRequest) {
    return this.repo.warnRulePage(q);
  }

  warnRules() {
    return this.repo.warnRules();
  }

  private async assertFixedValueFree(
    rule: { targetType: string; channelKind: string; value: number },
    exceptId: number | null,
  ) {
    if (rule.targetType !== 'fixed') return;
    if (await this.repo.fixedWarnRule(rule.channelKind, rule.value, exceptId))
      throw new AppError('warnRuleValueRepeated');
  }

  async insertWarnRule(input: WarnRuleInsert): Promise<WarnRuleRow> {
    await this.assertReferences(input);
    if (input.warnTemplateId && !(await this.repo.template(input.warnTemplateId)))
      throw fieldError('warnTemplateId', 'rules.unknownReference');
    const target = targetOf(input);
    await this.assertFixedValueFree({ ...input, ...target }, null);
    const now = this.now();
    const row = await this.repo.insertWarnRule({
      ruleName: input.ruleName,
      content: input.content ?? null,
      channelKind: input.channelKind,
      deviceTypeId: input.deviceTypeId ?? null,
      warnLevel: input.warnLevel,
      warnTemplateId: input.warnTemplateId ?? null,
      comparator: input.comparator,
      value: input.value,
      ...target,
      activeDefault: input.activeDefault,
      createdAt: now,
      updatedAt: now,
    });
    this.changed();
    return row;
  }

  async updateWarnRule(input: WarnRuleUpdate): Promise<{ before: WarnRuleRow; after: WarnRuleRow }> {
    const before = await this.warnRule(input.id);
    const { id, ...changes } = input;
    await this.assertReferences(changes);
    if (changes.warnTemplateId && !(await this.repo.template(changes.warnTemplateId)))
      throw fieldError('warnTemplateId', 'rules.unknownReference');
    const merged = { ...before, ...changes };
    const target = targetOf(merged);
    await this.assertFixedValueFree({ ...merged, ...target }, id);
    const after = await this.repo.updateWarnRule(id, { ...changes, ...target, updatedAt: this.now() });
    this.changed();
    return { before, after };
  }

  async deleteWarnRule(id: number): Promise<WarnRuleRow> {
    const row = await this.warnRule(id);
    await this.repo.deleteWarnRule(id);
    this.changed();
    return row;
  }

  // ---- message templates
  async template(id: number): Promise<MessageTemplateRow> {
    const row = await this.repo.template(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.messageTemplate' });
    return row;
  }

  templatePage(q: MessageTemplatePageRequest) {
    return this.repo.templatePage(q);
  }

  templates() {
    return this.repo.templates();
  }

  async insertTemplate(input: MessageTemplateInsert): Promise<MessageTemplateRow> {
    const now = this.now();
    const row = await this.repo.insertTemplate({
      msgName: input.msgName,
      type: input.type,
      subtype: input.subtype || null,
      localeCode: input.localeCode,
      systemContent: input.systemContent,
      emailSubject: input.emailSubject || null,
      emailContent: input.emailContent || null,
      smsContent: input.smsContent || null,
      wechatContent: input.wechatContent || null,
      voiceContent: input.voiceContent || null,
      createdAt: now,
      updatedAt: now,
    });
    this.changed();
    return row;
  }

  async updateTemplate(
    input: MessageTemplateUpdate,
  ): Promise<{ before: MessageTemplateRow; after: MessageTemplateRow }> {
    const before = await this.template(input.id);
    const { id, ...changes } = input;
    const blankToNull = Object.fromEntries(
      Object.entries(changes).map(([k, v]) => [k, v === '' && k !== 'systemContent' ? null : v]),
    );
    const after = await this.repo.updateTemplate(id, { ...blankToNull, updatedAt: this.now() });
    this.changed();
    return { before, after };
  }

  async deleteTemplate(id: number): Promise<MessageTemplateRow> {
    const row = await this.template(id);
    if (await this.repo.templateInUse(id))
      throw new AppError('entityInUse', { entity: 'entities.messageTemplate' });
    await this.repo.deleteTemplate(id);
    this.changed();
    return row;
  }
}
