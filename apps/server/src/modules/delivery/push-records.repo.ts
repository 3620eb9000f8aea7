import type { ConsolePushRecordPageRequest, PushRecordPageRequest } from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { PushRecordTable } from '../../db/tables/alarm-delivery.ts';
import type { DeviceScope } from '../devices/device-policy.ts';
import { scopeCondition } from '../devices/devices.repo.ts';

export type PushRecordRow = Selectable<PushRecordTable> & {
  deviceGuid: string | null;
  deviceName: string | null;
  userName: string | null;
};

type Filters = Pick<PushRecordPageRequest, 'status' | 'target' | 'startTime' | 'endTime'>;

export class PushRecordsRepo {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('pushRecord')
      .leftJoin('device', 'device.id', 'pushRecord.deviceId')
      .leftJoin('account', 'account.id', 'pushRecord.accountId');
  }

  private async read(
    query: ReturnType<PushRecordsRepo['base']>,
    q: Filters & Pick<PushRecordPageRequest, 'start' | 'pageSize' | 'sortOrder'>,
  ): Promise<{ rows: PushRecordRow[]; totalCount: number }> {
    let filtered = query;
    if (q.status) filtered = filtered.where('pushRecord.status', '=', q.status);
    if (q.target) filtered = filtered.where(contains('pushRecord.target', q.target));
    if (q.startTime)
      filtered = filtered.where('pushRecord.createdAt', '>=', new Date(q.startTime).toISOString());
    if (q.endTime) filtered = filtered.where('pushRecord.createdAt', '<=', new Date(q.endTime).toISOString());
    const total = await filtered.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await filtered
      .selectAll('pushRecord')
      .select(['device.deviceGuid', 'device.deviceName', 'account.userName'])
      .orderBy('pushRecord.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** The platform's push records, newest first. */
  page(platformId: number, q: PushRecordPageRequest): Promise<{ rows: PushRecordRow[]; totalCount: number }> {
    let query = this.base().where('pushRecord.platformId', '=', platformId);
    if (q.channel) query = query.where('pushRecord.channel', '=', q.channel);
    if (q.deviceGuid) query = query.where(contains('device.deviceGuid', q.deviceGuid));
    return this.read(query, q);
  }

  /**
   * Notifications about the devices in a console scope (of one project, or one device, when asked),
   * newest first. Data pushes (webhooks) stay with the back office.
   */
  consolePage(
    scope: DeviceScope,
    q: ConsolePushRecordPageRequest,
  ): Promise<{ rows: PushRecordRow[]; totalCount: number }> {
    let devices = this.db
      .selectFrom('device')
      .select('device.id')
      .where(() => scopeCondition(scope));
    if (q.projectId !== undefined) devices = devices.where('device.projectId', '=', q.projectId);
    if (q.deviceId !== undefined) devices = devices.where('device.id', '=', q.deviceId);
    let query = this.base()
      .where('pushRecord.deviceId', 'in', devices)
      .where('pushRecord.dataPushConfigId', 'is', null);
    if (q.channel) query = query.where('pushRecord.channel', '=', q.channel);
    return this.read(query, q);
  }
}
