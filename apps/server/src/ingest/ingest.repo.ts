import type { DeviceCommandMessage, RejectReason } from '@coldchain/shared/device-protocol';
import type { Db } from '../db/create-db.ts';
import { countAll } from '../db/sql-helpers.ts';

export interface RejectRow {
  deviceId: number;
  deviceGuid: string;
  deviceName: string;
  reason: RejectReason;
  count: number;
  firstAt: string;
  lastAt: string;
  lastTopic: string;
  lastDetail: string;
}

/** Queries of the ingest routes: commands for HTTP devices, refused payloads for operators. */
export class IngestRepo {
  constructor(private readonly db: Db) {}

  /**
   * Pending commands of a device polling over HTTP, and unacknowledged ones sent over a minute ago;
   * marked sent in the same transaction, so two polls do not both take one.
   */
  async takeCommands(deviceId: number, now: string): Promise<DeviceCommandMessage[]> {
    const resendBefore = new Date(Date.parse(now) - 60_000).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('deviceCommand')
        .select(['id', 'commandType', 'payload', 'createdAt'])
        .where('deviceId', '=', deviceId)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'sent'), eb('sentAt', '<', resendBefore)]),
          ]),
        )
        .orderBy('id')
        .limit(50)
        .execute();
      if (rows.length === 0) return [];
      await trx
        .updateTable('deviceCommand')
        .set({ state: 'sent', sentAt: now })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({
        id: r.id,
        type: r.commandType,
        payload: parseJson(r.payload),
        createdAt: r.createdAt,
      }));
    });
  }

  async rejects(
    query: { start: number; pageSize: number; deviceGuid?: string | undefined },
    scope: { platformId?: number },
  ): Promise<{ rows: RejectRow[]; totalCount: number }> {
    let base = this.db.selectFrom('ingestReject as r').innerJoin('device as d', 'd.id', 'r.deviceId');
    if (scope.platformId !== undefined) base = base.where('d.platformId', '=', scope.platformId);
    if (query.deviceGuid) base = base.where('d.deviceGuid', '=', query.deviceGuid);
    const total = await base.select(countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select([
        'r.deviceId',
        'd.deviceGuid',
        'd.deviceName',
        'r.reason',
        'r.count',
        'r.firstAt',
        'r.lastAt',
        'r.lastTopic',
        'r.lastDetail',
      ])
      .orderBy('r.lastAt', 'desc')
      .orderBy('r.deviceId')
      .orderBy('r.reason')
      .offset((query.start - 1) * query.pageSize)
      .limit(query.pageSize)
      .execute();
    return {
      rows: rows.map((r) => ({ ...r, reason: r.reason as RejectReason, count: Number(r.count) })),
      totalCount: Number(total?.n ?? 0),
    };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
