import type { Db } from '../../db/create-db.ts';
import { AppError } from '../../errors.ts';

/**
 * The device-add path's view of generated GUIDs (002 §4 "GUID: used or unused, locked or unlocked").
 * A GUID that was never generated here stays free to add (devices made elsewhere); a generated one
 * must be unlocked and of the device type it was generated for, and becomes used once added.
 */
export class GuidGate {
  constructor(private readonly db: Db) {}

  /** Refuses a locked GUID or one of another device type; answers nothing for other GUIDs. */
  async check(deviceGuid: string, deviceTypeId: number): Promise<void> {
    const found = await this.db
      .selectFrom('deviceGuid')
      .innerJoin('guidBatch', 'guidBatch.id', 'deviceGuid.batchId')
      .select(['deviceGuid.lockedFlag', 'guidBatch.deviceTypeId'])
      .where('deviceGuid.guid', '=', deviceGuid)
      .executeTakeFirst();
    if (!found) return;
    if (found.lockedFlag === 1) throw new AppError('guidLocked', { guid: deviceGuid });
    if (found.deviceTypeId !== deviceTypeId) throw new AppError('guidTypeMismatch', { guid: deviceGuid });
  }

  /** Marks a generated GUID used by the device just added with it. */
  async markUsed(deviceGuid: string, deviceId: number, at: string): Promise<void> {
    await this.db
      .updateTable('deviceGuid')
      .set({ usedFlag: 1, deviceId, usedAt: at })
      .where('guid', '=', deviceGuid)
      .execute();
  }
}
