import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DEMO_DEVICES, DEMO_TYPE_CODE } from '../../ingest/demo-devices.ts';
import { firmwareDownloadPath } from './firmware.service.ts';
import { UploadStorage } from './upload-storage.ts';

/** A firmware image for the demo: recognisable bytes of a plausible size. */
function demoImage(version: string): Buffer {
  return Buffer.from(`COLDCHAIN-DEMO-LOGGER-FIRMWARE ${version}\n`.repeat(4096));
}

/**
 * The demo's firmware (SEED_DEMO): the demo logger type upgrades online, its devices run 1.0.0,
 * versions 1.1.0 and 1.2.0 exist, Cold room A already went to 1.1.0 (a finished upgrade record), and
 * the platform's apps have an Android and an iOS release with notes. Safe to run at every start.
 */
export async function seedDemoFirmware(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const type = await db
    .selectFrom('deviceType')
    .select('id')
    .where('typeCode', '=', DEMO_TYPE_CODE)
    .executeTakeFirst();
  const platform = await db.selectFrom('platform').select('id').where('isDefault', '=', 1).executeTakeFirst();
  const operator = await db
    .selectFrom('account')
    .select(['id', 'userName'])
    .where('userName', '=', 'demo_operator')
    .executeTakeFirst();
  if (!type || !platform) return;
  const now = ctx.clock.now().toISOString();
  await db.updateTable('deviceType').set({ onlineUpgradeStatus: 1 }).where('id', '=', type.id).execute();
  await db
    .updateTable('device')
    .set({ version: '1.0.0' })
    .where('deviceTypeId', '=', type.id)
    .where('version', 'is', null)
    .execute();

  const existing = await db
    .selectFrom('deviceSoftwareVersion')
    .select('id')
    .where('deviceTypeId', '=', type.id)
    .executeTakeFirst();
  if (!existing) {
    const files = new UploadStorage(ctx.config.dataDir, 'firmware');
    const versions = [
      {
        value: '1.1.0',
        label: 'Faster backfill',
        description: 'Sends a day of records in one message after an outage.',
      },
      {
        value: '1.2.0',
        label: 'Door alarm delay',
        description: 'Door events wait 30 s before they count as open.',
      },
    ];
    const ids: number[] = [];
    for (const v of versions) {
      const stored = await files.save(demoImage(v.value));
      const row = await db
        .insertInto('deviceSoftwareVersion')
        .values({
          deviceTypeId: type.id,
          value: v.value,
          label: v.label,
          description: v.description,
          fileName: `demo-logger-${v.value}.bin`,
          fileKey: stored.fileKey,
          fileSize: stored.fileSize,
          sha256: stored.sha256,
          createdBy: operator?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const roomA = await db
      .selectFrom('device')
      .select(['id', 'deviceGuid', 'platformId'])
      .where('deviceGuid', '=', DEMO_DEVICES[0].guid)
      .executeTakeFirst();
    const first = ids[0];
    if (roomA && first !== undefined) {
      const record = await db
        .insertInto('deviceUpgradeRecord')
        .values({
          batchId: crypto.randomBytes(8).toString('hex'),
          platformId: roomA.platformId,
          versionId: first,
          deviceId: roomA.id,
          fromVersion: '1.0.0',
          state: 'succeeded',
          progress: 100,
          failure: null,
          detail: '1.1.0',
          commandId: null,
          operatorId: operator?.id ?? null,
          operatorName: operator?.userName ?? null,
          createdAt: now,
          updatedAt: now,
          lastReportAt: now,
          finishedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('deviceCommand')
        .values({
          deviceId: roomA.id,
          commandType: 'upgrade',
          payload: JSON.stringify({
            recordId: record.id,
            version: '1.1.0',
            url: firmwareDownloadPath(roomA.deviceGuid, record.id),
          }),
          state: 'acked',
          createdAt: now,
          sentAt: now,
          ackedAt: now,
          result: JSON.stringify({ accepted: record.id }),
        })
        .execute();
      await db.updateTable('device').set({ version: '1.1.0' }).where('id', '=', roomA.id).execute();
    }
  }

  const releases = [
    {
      appType: 'android',
      forced: 0,
      storeUrl: 'https://play.google.com/store/apps/details?id=cloud.coldchain.demo',
      releaseNotes: 'Upgrade progress of your devices on the phone.\nFaster device list.',
    },
    {
      appType: 'ios',
      forced: 1,
      storeUrl: 'https://apps.apple.com/app/id0000000000',
      releaseNotes: 'Upgrade progress of your devices on the phone.\nSign in with a verification code.',
    },
  ];
  for (const release of releases) {
    const found = await db
      .selectFrom('appVersion')
      .select('id')
      .where('platformId', '=', platform.id)
      .where('appType', '=', release.appType)
      .executeTakeFirst();
    if (found) continue;
    await db
      .insertInto('appVersion')
      .values({
        platformId: platform.id,
        ...release,
        version: '3.2.0',
        fileName: null,
        fileKey: null,
        fileSize: null,
        createdBy: operator?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}
