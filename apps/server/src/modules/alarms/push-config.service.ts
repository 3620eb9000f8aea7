import type { PushConfig, PushConfigUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { DeviceCaller } from '../devices/device-policy.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import { normalizeRecipient, pushSettingsOf, type StoredRecipient } from './alarm-config.ts';

/**
 * The push configuration tab of a device (002 §2, §5): alarm levels with delays, recipients with
 * their channels per level, offline timeout and reminder interval. Probe limits are shown here and
 * set through the device's parameter settings, which also send them to the device.
 */
export class PushConfigService {
  constructor(
    private readonly db: Db,
    private readonly devices: DevicesService,
    private readonly clock: Clock,
    private readonly changed: (deviceId: number) => Promise<void>,
  ) {}

  async get(caller: DeviceCaller, deviceId: number): Promise<PushConfig> {
    await this.devices.load(caller, deviceId, 'query');
    return this.read(deviceId);
  }

  async update(
    caller: DeviceCaller,
    deviceId: number,
    input: PushConfigUpdate,
  ): Promise<{ before: PushConfig; after: PushConfig }> {
    await this.devices.load(caller, deviceId, 'edit');
    const levels = [...input.levels].sort((a, b) => a.level - b.level);
    levels.forEach((l, i) => {
      if (l.level !== i + 1) throw fieldError(`levels.${i}.level`, 'rules.alarmLevelSequence');
    });
    // 002 §5: level 1 < level 2 < level 3.
    for (let i = 1; i < levels.length; i += 1) {
      if ((levels[i]?.delayMinutes ?? 0) <= (levels[i - 1]?.delayMinutes ?? 0))
        throw new AppError('alarmTimeOrder');
    }
    const recipients = input.recipients.map(normalizeRecipient);
    this.checkRecipients(recipients, levels.length);

    const before = await this.read(deviceId);
    const now = this.clock.now().toISOString();
    const row = {
      alarmEnabled: input.alarmEnabled,
      levels: JSON.stringify(levels),
      recipients: JSON.stringify(recipients),
      offlineTimeoutMinutes: input.offlineTimeoutMinutes,
      repeatIntervalMinutes: input.repeatIntervalMinutes,
      warningEnabled: input.warningEnabled,
      updatedAt: now,
    };
    await this.db
      .insertInto('devicePushConfig')
      .values({ deviceId, ...row })
      .onConflict((oc) => oc.column('deviceId').doUpdateSet(row))
      .execute();
    await this.changed(deviceId);
    return { before, after: await this.read(deviceId) };
  }

  /** Names 1-50 (schema), a phone or an e-mail address, no phone or address twice, known levels. */
  private checkRecipients(recipients: StoredRecipient[], levelCount: number) {
    const phones = new Set<string>();
    const emails = new Set<string>();
    recipients.forEach((r, i) => {
      if (!r.phone && !r.email) throw fieldError(`recipients.${i}.phone`, 'rules.phoneOrEmail');
      if (r.phone) {
        if (phones.has(r.phone)) throw new AppError('alarmRecipientDuplicate', { value: r.phone });
        phones.add(r.phone);
      }
      if (r.email) {
        const email = r.email.toLowerCase();
        if (emails.has(email)) throw new AppError('alarmRecipientDuplicate', { value: r.email });
        emails.add(email);
      }
      const seen = new Set<number>();
      for (const l of r.levels) {
        if (l.level > levelCount) throw new AppError('alarmRecipientLevel', { level: l.level });
        if (seen.has(l.level)) throw fieldError(`recipients.${i}.levels`, 'rules.duplicates');
        seen.add(l.level);
      }
    });
  }

  private async read(deviceId: number): Promise<PushConfig> {
    const [device, row, probes] = await Promise.all([
      this.db
        .selectFrom('device')
        .select(['upperLimit', 'lowerLimit', 'alarmDelay'])
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('devicePushConfig').selectAll().where('deviceId', '=', deviceId).executeTakeFirst(),
      this.db
        .selectFrom('deviceProbeSetting')
        .select(['probeId', 'probeName', 'upperLimit', 'lowerLimit'])
        .where('deviceId', '=', deviceId)
        .orderBy('probeId')
        .execute(),
    ]);
    const settings = pushSettingsOf(row, device.alarmDelay);
    return {
      deviceId,
      alarmEnabled: settings.alarmEnabled ? 1 : 0,
      levels: settings.levels,
      recipients: settings.recipients,
      offlineTimeoutMinutes: settings.offlineTimeoutMinutes,
      repeatIntervalMinutes: settings.repeatIntervalMinutes,
      warningEnabled: settings.warningEnabled ? 1 : 0,
      probes:
        probes.length > 0
          ? probes
          : [{ probeId: 1, probeName: null, upperLimit: device.upperLimit, lowerLimit: device.lowerLimit }],
      updatedAt: row?.updatedAt ?? null,
    };
  }
}
