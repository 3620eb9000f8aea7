import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Devices whose alarm switch changed in this process. The switch may be flipped inside a caller's
 * transaction, so the engine cannot reload at once; it reloads these devices on their next data and
 * on its next timer tick (and every engine reloads settings within seconds anyway).
 */
export const switchedDevices = new Set<number>();

/** Limits or time zone of a device changed: the engine judges its next data by the new ones. */
export function deviceAlarmSettingsChanged(deviceId: number): void {
  switchedDevices.add(deviceId);
}

/** The levels a device gets when its alarm switch is set before anyone configured it. */
const DEFAULT_LEVELS = JSON.stringify([{ level: 1, delayMinutes: 0 }]);

/**
 * Turns the alarms of devices on or off (002 §4: disabling an asset disables its devices' alarm
 * settings). Off, the engine raises nothing for them; the rest of their push configuration is kept.
 * Runs on the caller's database or transaction.
 */
export async function setDeviceAlarmsEnabled(
  db: Kysely<Database>,
  deviceIds: number[],
  enabled: boolean,
  now: string,
): Promise<void> {
  if (deviceIds.length === 0) return;
  const flag = enabled ? 1 : 0;
  const devices = await db
    .selectFrom('device')
    .select(['id', 'alarmDelay'])
    .where('id', 'in', deviceIds)
    .execute();
  if (devices.length === 0) return;
  await db
    .insertInto('devicePushConfig')
    .values(
      devices.map((d) => ({
        deviceId: d.id,
        alarmEnabled: flag,
        levels:
          d.alarmDelay === null ? DEFAULT_LEVELS : JSON.stringify([{ level: 1, delayMinutes: d.alarmDelay }]),
        recipients: '[]',
        offlineTimeoutMinutes: null,
        repeatIntervalMinutes: null,
        warningEnabled: 1,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.column('deviceId').doUpdateSet({ alarmEnabled: flag, updatedAt: now }))
    .execute();
  for (const d of devices) switchedDevices.add(d.id);
}
