import { DEVICE_ONLINE_STATUSES, type ProjectCounts } from '@coldchain/shared';
import { type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { ProjectTable } from '../../db/tables/org.ts';
import type { DeviceScope } from '../devices/device-policy.ts';
import { scopeCondition } from '../devices/devices.repo.ts';

export type ProjectRow = Selectable<ProjectTable>;

const ONLINE = sql.join(DEVICE_ONLINE_STATUSES.map((s) => sql.lit(s)));
const EMPTY: ProjectCounts = { total: 0, online: 0, offline: 0, alarm: 0, disabled: 0 };

/** Projects of an account and the devices pointing at them. */
export class ProjectsRepo {
  constructor(private readonly db: Db) {}

  /** A project of the account, or undefined (another account's answers like a missing one). */
  owned(accountId: number, id: number): Promise<ProjectRow | undefined> {
    return this.db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', id)
      .where('accountId', '=', accountId)
      .executeTakeFirst();
  }

  async page(accountId: number, q: { start: number; pageSize: number; projectName?: string | undefined }) {
    let query = this.db.selectFrom('project').where('accountId', '=', accountId);
    if (q.projectName) query = query.where(contains('projectName', q.projectName));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  all(accountId: number): Promise<ProjectRow[]> {
    return this.db
      .selectFrom('project')
      .selectAll()
      .where('accountId', '=', accountId)
      .orderBy('id')
      .execute();
  }

  async insert(row: Insertable<ProjectTable>, deviceIds: readonly number[]): Promise<ProjectRow> {
    return this.db.transaction().execute(async (trx) => {
      const project = await trx.insertInto('project').values(row).returningAll().executeTakeFirstOrThrow();
      if (deviceIds.length)
        await trx
          .updateTable('device')
          .set({ projectId: project.id, updatedAt: row.createdAt })
          .where('id', 'in', deviceIds)
          .execute();
      return project;
    });
  }

  async rename(id: number, projectName: string, now: string): Promise<void> {
    await this.db.updateTable('project').set({ projectName, updatedAt: now }).where('id', '=', id).execute();
  }

  /** Deletes a project; its devices stay, in no project. */
  async delete(id: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device')
        .set({ projectId: null, updatedAt: now })
        .where('projectId', '=', id)
        .execute();
      await trx.deleteFrom('project').where('id', '=', id).execute();
    });
  }

  async setDeviceProject(deviceIds: readonly number[], projectId: number | null, now: string) {
    await this.db
      .updateTable('device')
      .set({ projectId, updatedAt: now })
      .where('id', 'in', deviceIds)
      .execute();
  }

  /** Device counts per project among the devices of a scope (see docs/decisions.md). */
  async counts(scope: DeviceScope, projectIds: readonly number[]): Promise<Map<number, ProjectCounts>> {
    if (projectIds.length === 0) return new Map();
    const enabled = sql<SqlBool>`${sql.ref('device.useState')} = 'enabled'`;
    const rows = await this.db
      .selectFrom('device')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .where('device.projectId', 'in', projectIds)
      .groupBy('device.projectId')
      .select([
        'device.projectId',
        countAll().as('total'),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('device.status')} in (${ONLINE}) then 1 else 0 end)`.as(
          'online',
        ),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('device.status')} not in (${ONLINE}) then 1 else 0 end)`.as(
          'offline',
        ),
        sql<
          string | number
        >`sum(case when ${enabled} and ${sql.ref('device.status')} = 'alarm' then 1 else 0 end)`.as('alarm'),
        sql<string | number>`sum(case when ${sql.ref('device.useState')} <> 'enabled' then 1 else 0 end)`.as(
          'disabled',
        ),
      ])
      .execute();
    const n = (v: string | number | null) => Number(v ?? 0);
    const result = new Map<number, ProjectCounts>(projectIds.map((id) => [id, { ...EMPTY }]));
    for (const r of rows)
      result.set(r.projectId as number, {
        total: n(r.total),
        online: n(r.online),
        offline: n(r.offline),
        alarm: n(r.alarm),
        disabled: n(r.disabled),
      });
    return result;
  }

  async devicePage(
    scope: DeviceScope,
    projectId: number,
    q: { start: number; pageSize: number; deviceName?: string | undefined },
  ) {
    let query = this.db
      .selectFrom('device')
      .where('device.deletedFlag', '=', 0)
      .where(scopeCondition(scope))
      .where('device.projectId', '=', projectId);
    if (q.deviceName) query = query.where(contains('device.deviceName', q.deviceName));
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const ids = await query
      .select('device.id')
      .orderBy('device.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { ids: ids.map((r) => r.id), totalCount: Number(total.n) };
  }
}
