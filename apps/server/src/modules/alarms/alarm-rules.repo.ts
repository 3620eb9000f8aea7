import type {
  AlarmRulePageRequest,
  MessageTemplatePageRequest,
  WarnRulePageRequest,
} from '@coldchain/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { AlarmRuleTable, MessageTemplateTable, WarnRuleTable } from '../../db/tables/alarm.ts';

export type AlarmRuleRow = Selectable<AlarmRuleTable>;
export type WarnRuleRow = Selectable<WarnRuleTable>;
export type MessageTemplateRow = Selectable<MessageTemplateTable>;

const paging = (q: { start: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.start - 1) * q.pageSize,
});
const direction = (q: { sortOrder?: 'ascend' | 'descend' | undefined }) =>
  q.sortOrder === 'descend' ? 'desc' : 'asc';

/** Alarm rules, warning rules and message templates of the back office (002 §3). */
export class AlarmRulesRepo {
  constructor(private readonly db: Db) {}

  // ---- alarm rules
  alarmRule(id: number): Promise<AlarmRuleRow | undefined> {
    return this.db.selectFrom('alarmRule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  alarmRules(): Promise<AlarmRuleRow[]> {
    return this.db.selectFrom('alarmRule').selectAll().orderBy('id').execute();
  }

  async alarmRulePage(q: AlarmRulePageRequest): Promise<{ rows: AlarmRuleRow[]; totalCount: number }> {
    let query = this.db.selectFrom('alarmRule');
    if (q.ruleName) query = query.where(contains('ruleName', q.ruleName));
    if (q.alarmLevel !== undefined) query = query.where('alarmLevel', '=', q.alarmLevel);
    if (q.activeDefault !== undefined) query = query.where('activeDefault', '=', q.activeDefault);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      ruleName: 'ruleName',
      alarmLevel: 'alarmLevel',
      updatedAt: 'updatedAt',
      id: 'id',
    } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'id';
    const { limit, offset } = paging(q);
    const rows = await query.selectAll().orderBy(column, direction(q)).limit(limit).offset(offset).execute();
    return { rows, totalCount: Number(total.n) };
  }

  insertAlarmRule(row: Insertable<AlarmRuleTable>): Promise<AlarmRuleRow> {
    return this.db.insertInto('alarmRule').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateAlarmRule(id: number, row: Updateable<AlarmRuleTable>): Promise<AlarmRuleRow> {
    return this.db
      .updateTable('alarmRule')
      .set(row)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteAlarmRule(id: number): Promise<void> {
    await this.db.deleteFrom('alarmRule').where('id', '=', id).execute();
  }

  // ---- warning rules
  warnRule(id: number): Promise<WarnRuleRow | undefined> {
    return this.db.selectFrom('warnRule').selectAll().where('id', '=', id).executeTakeFirst();
  }

  warnRules(): Promise<WarnRuleRow[]> {
    return this.db.selectFrom('warnRule').selectAll().orderBy('id').execute();
  }

  /** Another warning rule with a fixed target of the same value and kind (002 §3: must not repeat). */
  fixedWarnRule(
    channelKind: string,
    value: number,
    exceptId: number | null,
  ): Promise<WarnRuleRow | undefined> {
    let q = this.db
      .selectFrom('warnRule')
      .selectAll()
      .where('targetType', '=', 'fixed')
      .where('channelKind', '=', channelKind)
      .where('value', '=', value);
    if (exceptId !== null) q = q.where('id', '<>', exceptId);
    return q.executeTakeFirst();
  }

  async warnRulePage(q: WarnRulePageRequest): Promise<{ rows: WarnRuleRow[]; totalCount: number }> {
    let query = this.db.selectFrom('warnRule');
    if (q.ruleName) query = query.where(contains('ruleName', q.ruleName));
    if (q.activeDefault !== undefined) query = query.where('activeDefault', '=', q.activeDefault);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = {
      ruleName: 'ruleName',
      warnLevel: 'warnLevel',
      updatedAt: 'updatedAt',
      id: 'id',
    } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'id';
    const { limit, offset } = paging(q);
    const rows = await query.selectAll().orderBy(column, direction(q)).limit(limit).offset(offset).execute();
    return { rows, totalCount: Number(total.n) };
  }

  insertWarnRule(row: Insertable<WarnRuleTable>): Promise<WarnRuleRow> {
    return this.db.insertInto('warnRule').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateWarnRule(id: number, row: Updateable<WarnRuleTable>): Promise<WarnRuleRow> {
    return this.db
      .updateTable('warnRule')
      .set(row)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteWarnRule(id: number): Promise<void> {
    await this.db.deleteFrom('warnRule').where('id', '=', id).execute();
  }

  // ---- message templates
  template(id: number): Promise<MessageTemplateRow | undefined> {
    return this.db.selectFrom('messageTemplate').selectAll().where('id', '=', id).executeTakeFirst();
  }

  templates(): Promise<MessageTemplateRow[]> {
    return this.db.selectFrom('messageTemplate').selectAll().orderBy('id').execute();
  }

  async templatePage(
    q: MessageTemplatePageRequest,
  ): Promise<{ rows: MessageTemplateRow[]; totalCount: number }> {
    let query = this.db.selectFrom('messageTemplate');
    if (q.msgName) query = query.where(contains('msgName', q.msgName));
    if (q.type) query = query.where('type', '=', q.type);
    if (q.localeCode) query = query.where('localeCode', '=', q.localeCode);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const sortable = { msgName: 'msgName', type: 'type', updatedAt: 'updatedAt', id: 'id' } as const;
    const column = sortable[(q.sortField ?? 'id') as keyof typeof sortable] ?? 'id';
    const { limit, offset } = paging(q);
    const rows = await query.selectAll().orderBy(column, direction(q)).limit(limit).offset(offset).execute();
    return { rows, totalCount: Number(total.n) };
  }

  insertTemplate(row: Insertable<MessageTemplateTable>): Promise<MessageTemplateRow> {
    return this.db.insertInto('messageTemplate').values(row).returningAll().executeTakeFirstOrThrow();
  }

  updateTemplate(id: number, row: Updateable<MessageTemplateTable>): Promise<MessageTemplateRow> {
    return this.db
      .updateTable('messageTemplate')
      .set(row)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteTemplate(id: number): Promise<void> {
    await this.db.deleteFrom('messageTemplate').where('id', '=', id).execute();
  }

  /** Whether a rule names the template. */
  async templateInUse(id: number): Promise<boolean> {
    const [alarm, warn] = await Promise.all([
      this.db
        .selectFrom('alarmRule')
        .select('id')
        .where('alarmTemplateId', '=', id)
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('warnRule')
        .select('id')
        .where('warnTemplateId', '=', id)
        .limit(1)
        .executeTakeFirst(),
    ]);
    return alarm !== undefined || warn !== undefined;
  }

  async deviceTypeExists(id: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('deviceType').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }
}
