import type { AppContext } from '../../context.ts';

const TEMPLATES = [
  {
    msgName: 'Probe alarm',
    type: 'level',
    localeCode: 'en-US',
    systemContent:
      '{deviceName} probe {probe}: {value} is {alarmType} ({limit}) since {startTime}, level {level}.',
    emailSubject: 'Level {level} alarm: {deviceName}',
    smsContent: '{deviceName} P{probe} {value} {alarmType} since {startTime} (L{level})',
  },
  {
    msgName: '探头报警',
    type: 'level',
    localeCode: 'zh-CN',
    systemContent:
      '{deviceName} 探头 {probe}：{value}，{alarmType}（限值 {limit}），自 {startTime} 起，{level} 级报警。',
    emailSubject: '{level} 级报警：{deviceName}',
    smsContent: '{deviceName} 探头{probe} {value} {alarmType}，{startTime} 起（{level}级）',
  },
  {
    msgName: 'Alarm cleared',
    type: 'cleared',
    localeCode: 'en-US',
    systemContent: '{deviceName}: {alarmType} ended at {endTime} after {duration} minutes.',
    emailSubject: 'Cleared: {deviceName}',
    smsContent: '{deviceName} back in range at {endTime}',
  },
  {
    msgName: '报警解除',
    type: 'cleared',
    localeCode: 'zh-CN',
    systemContent: '{deviceName}：{alarmType}已于 {endTime} 解除，持续 {duration} 分钟。',
    emailSubject: '报警解除：{deviceName}',
    smsContent: '{deviceName} 已于 {endTime} 恢复正常',
  },
] as const;

/**
 * Demo message templates for the back office, and one alarm and one warning rule to edit. The
 * rules are inactive (activeDefault 0) so a demo platform's devices alarm on their limits only until
 * an operator turns a rule on. Idempotent: nothing is added once any template exists.
 */
export async function seedDemoAlarmRules(ctx: AppContext): Promise<void> {
  const existing = await ctx.db.selectFrom('messageTemplate').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('messageTemplate')
    .values(TEMPLATES.map((t) => ({ ...t, subtype: null, createdAt: now, updatedAt: now })))
    .execute();
  await ctx.db
    .insertInto('alarmRule')
    .values({
      ruleName: 'Supply voltage low',
      content: 'The logger runs below its rated supply voltage',
      channelKind: 'voltage',
      deviceTypeId: null,
      alarmLevel: 1,
      alarmTemplateId: null,
      comparator: 'lt',
      value: 3.3,
      targetType: 'fixed',
      targetParam: null,
      faultCode: 'V01',
      faultMeaning: 'Battery or mains adapter weak',
      repairGuidance: 'Replace the battery or check the mains adapter',
      activeDefault: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await ctx.db
    .insertInto('warnRule')
    .values({
      ruleName: 'Approaching the upper limit',
      content: 'One degree below the probe upper limit',
      channelKind: 'temperature',
      deviceTypeId: null,
      warnLevel: 0,
      warnTemplateId: null,
      comparator: 'ge',
      value: -1,
      targetType: 'param',
      targetParam: 'upperLimit',
      activeDefault: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
