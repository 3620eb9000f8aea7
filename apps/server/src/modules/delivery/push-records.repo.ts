import type { PushRecordPageRequest } from '@coldchain/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { contains, countAll } from '../../db/sql-helpers.ts';
import type { PushRecordTable } from '../../db/tables/alarm-delivery.ts';

export type PushRecordRow = Selectable<PushRecordTable> & {
  deviceGuid: string | null;
  deviceName: string | null;
  userName: string | null;
};

export class PushRecordsRepo {
  constructor(private readonly db: Db) {}

  /** The platform's push records, newest first. */
  async page(
    platformId: number,
    q: PushRecordPageRequest,
  ): Promise<{ rows: PushRecordRow[]; totalCount: number }> {
    let query = this.db
      .selectFrom('pushRecord')
      .leftJoin('device', 'device.id', 'pushRecord.deviceId')
      .leftJoin('account', 'account.id', 'pushRecord.accountId')
      .where('pushRecord.platformId', '=', platformId);
    if (q.channel) query = query.where('pushRecord.channel', '=', q.channel);
    if (q.status) query = query.where('pushRecord.status', '=', q.status);
    if (q.target) query = query.where(contains('pushRecord.target', q.target));
    if (q.deviceGuid) query = query.where(contains('device.deviceGuid', q.deviceGuid));
    if (q.startTime) query = query.where('pushRecord.createdAt', '>=', new Date(q.startTime).toISOString());
    if (q.endTime) query = query.where('pushRecord.createdAt', '<=', new Date(q.endTime).toISOString());
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll('pushRecord')
      .select(['device.deviceGuid', 'device.deviceName', 'account.userName'])
      .orderBy('pushRecord.id', q.sortOrder === 'ascend' ? 'asc' : 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }
}
