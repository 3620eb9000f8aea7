import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { countAll } from '../../db/sql-helpers.ts';
import type { DeviceTrialClaimTable } from '../../db/tables/device-service.ts';
import type { CreditDb } from './credit.ts';

/** The device columns the service lifecycle reads (and the device policy needs to authorize). */
const DEVICE_COLUMNS = [
  'id',
  'platformId',
  'accountId',
  'organizationId',
  'deviceGuid',
  'deviceName',
  'useState',
  'serverLevel',
  'serviceExpiredDate',
  'dataExpiredDate',
  'smsCount',
  'voiceCount',
] as const;

/** Queries of the device service lifecycle and premium membership. */
export class DeviceServiceRepo {
  constructor(private readonly db: Db) {}

  device(id: number) {
    return this.db
      .selectFrom('device')
      .select(DEVICE_COLUMNS)
      .where('id', '=', id)
      .where('deletedFlag', '=', 0)
      .executeTakeFirst();
  }

  async trialClaimed(deviceId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('deviceTrialClaim')
      .select('id')
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a claim; false when the device already has one (the unique key decides under races). */
  async insertTrialClaim(exec: CreditDb, row: Insertable<DeviceTrialClaimTable>): Promise<boolean> {
    const inserted = await exec
      .insertInto('deviceTrialClaim')
      .values(row)
      .onConflict((oc) => oc.column('deviceId').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Trial claims of a platform (every platform for null), newest first. */
  async trialClaims(platformId: number | null, q: { start: number; pageSize: number; deviceGuid?: string }) {
    let query = this.db
      .selectFrom('deviceTrialClaim as c')
      .leftJoin('device as d', 'd.id', 'c.deviceId')
      .leftJoin('account as owner', 'owner.id', 'c.ownerAccountId')
      .leftJoin('account as by', 'by.id', 'c.claimedBy');
    if (platformId !== null) query = query.where('c.platformId', '=', platformId);
    if (q.deviceGuid) query = query.where('c.deviceGuid', 'like', `%${q.deviceGuid.replace(/[%_\\]/g, '')}%`);
    const total = await query.select(countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select([
        'c.id',
        'c.deviceId',
        'c.deviceGuid',
        'd.deviceName',
        'owner.userName as ownerName',
        'by.userName as claimedByName',
        'c.months',
        'c.serviceBefore',
        'c.serviceAfter',
        'c.createdAt',
      ])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(q.pageSize)
      .offset((q.start - 1) * q.pageSize)
      .execute();
    return { rows, totalCount: Number(total.n) };
  }

  /** Plans on sale to a platform: its own and those of every platform, in their order. */
  plans(platformId: number) {
    return this.db
      .selectFrom('premiumPlan')
      .selectAll()
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('platformId', '=', platformId), eb('platformId', 'is', null)]))
      .orderBy('sortNo')
      .orderBy('months')
      .orderBy('id')
      .execute();
  }

  plan(id: number, platformId: number) {
    return this.db
      .selectFrom('premiumPlan')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('platformId', '=', platformId), eb('platformId', 'is', null)]))
      .executeTakeFirst();
  }

  async premiumExpiresAt(accountId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.premiumExpiresAt ?? null;
  }
}
