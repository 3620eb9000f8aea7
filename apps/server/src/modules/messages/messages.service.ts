import {
  ALARM_CAUSES,
  ALARM_MESSAGE_TYPES,
  ALARM_TREATMENTS,
  type AlarmCause,
  type AlarmHandle,
  type AlarmMessage,
  type AlarmMessagePageRequest,
  type AlarmMessageType,
  type AlarmReason,
  type AlarmTreatment,
  type Locale,
  type NotificationKind,
  SYSTEM_TREATMENTS,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { TemplateBook } from '../alarms/alarm-notify.ts';
import { varsOf } from '../alarms/alarm-notify.ts';
import { type DeviceCaller, type DeviceScope, visibleDevices } from '../devices/device-policy.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { MessageReader, MessagesRepo } from './messages.repo.ts';

type MessageRow = Awaited<ReturnType<MessagesRepo['byIds']>>[number];

const ALARM_TREATMENT_SET: readonly AlarmTreatment[] = ALARM_TREATMENTS.filter(
  (t) => !SYSTEM_TREATMENTS.includes(t),
);

/** The notification kind whose template renders a message's text. */
function kindOf(row: MessageRow): NotificationKind {
  if (row.messageType === 'clearedAlarm') return 'cleared';
  if (row.messageType === 'warning' || row.messageType === 'gradedWarning') return 'warning';
  if (row.cause === 'offline') return 'offline';
  if (row.cause === 'door' || row.cause === 'power' || row.cause === 'fault') return 'event';
  return 'level';
}

/** Whether a message may take a treatment: unhandled ones any, postponed ones a final one. */
function openTo(row: Pick<MessageRow, 'state' | 'treatment'>, treatment: AlarmTreatment): boolean {
  if (row.state !== 'treated') return true;
  return row.treatment === 'postponed' && treatment !== 'postponed';
}

/** Ids of a grant map whose grant carries a template (a grant without one shows every probe). */
const templated = (grants: ReadonlyMap<number, unknown>) =>
  [...grants].flatMap(([id, template]) => (template === null ? [] : [id]));

/**
 * The message centre (002 §2, §4): alarm and system messages of the devices the caller may see,
 * their handling with a treatment, a reason and a result, and the header badge's count (000 §4).
 */
export class MessagesService {
  constructor(
    private readonly repo: MessagesRepo,
    private readonly devices: DevicesService,
    private readonly book: TemplateBook,
    private readonly clock: Clock,
  ) {}

  async page(caller: DeviceCaller, q: AlarmMessagePageRequest, locale: Locale) {
    // A device the caller may not see answers "device not found", like a missing one.
    if (q.deviceId !== undefined) await this.devices.load(caller, q.deviceId, 'query');
    const { rows, totalCount } = await this.repo.page(await this.readerOf(caller), q);
    await this.book.prepare();
    return { rows: rows.map((r) => this.present(r, locale)), totalCount };
  }

  /** The back office's alarm list (operation.alarm): every device of the platform, or of all to operators of the default one. */
  async backOfficePage(caller: DeviceCaller, q: AlarmMessagePageRequest, locale: Locale) {
    const scope: DeviceScope = caller.platformIsDefault
      ? { kind: 'all' }
      : { kind: 'platform', platformId: caller.platformId };
    const { rows, totalCount } = await this.repo.page({ accountId: caller.accountId, scope }, q);
    await this.book.prepare();
    return { rows: rows.map((r) => this.present(r, locale)), totalCount };
  }

  async detail(caller: DeviceCaller, id: number, locale: Locale): Promise<AlarmMessage> {
    const [row] = await this.repo.visibleByIds(await this.readerOf(caller), [id]);
    if (!row) throw new AppError('notFound', { entity: 'entities.alarmMessage' });
    await this.book.prepare();
    return this.present(row, locale);
  }

  /** One message as the console shows it, for the live channel (no caller: the engine asks). */
  async forLive(id: number, locale: Locale): Promise<AlarmMessage | null> {
    const [row] = await this.repo.byIds([id]);
    if (!row) return null;
    await this.book.prepare();
    return this.present(row, locale);
  }

  async count(caller: DeviceCaller) {
    return this.repo.alarmCount(await this.readerOf(caller));
  }

  async markRead(caller: DeviceCaller) {
    return this.repo.markRead(await this.readerOf(caller), this.clock.now().toISOString());
  }

  /**
   * Handles messages: alarm messages are approved, rejected or postponed with a reason of 002 §4;
   * system messages are agreed or refused. A postponed alarm is still to be dealt with: it may be
   * approved or rejected later (the engine keeps reminding until then). Any other message handled
   * before is refused, so a second click cannot overwrite who handled it first.
   */
  async handle(caller: DeviceCaller, input: AlarmHandle): Promise<{ before: MessageRow[]; updated: number }> {
    const ids = [...new Set(input.ids)];
    const rows = await this.repo.visibleByIds(await this.readerOf(caller), ids);
    if (rows.length !== ids.length) throw new AppError('notFound', { entity: 'entities.alarmMessage' });
    for (const row of rows) {
      const system = row.messageType === 'system';
      const allowed = system ? SYSTEM_TREATMENTS : ALARM_TREATMENT_SET;
      if (!allowed.includes(input.treatment)) throw new AppError('alarmTreatmentMismatch');
      if (!system && !input.reason) throw new AppError('alarmReasonRequired');
      if (!openTo(row, input.treatment)) throw new AppError('alarmAlreadyHandled');
    }
    const now = this.clock.now().toISOString();
    const updated = await this.repo.handle(ids, {
      state: 'treated',
      treatment: input.treatment,
      reason: rows.some((r) => r.messageType !== 'system') ? (input.reason ?? null) : null,
      result: input.result || null,
      handledById: caller.accountId,
      handledBy: caller.userName,
      handledAt: now,
      newFlag: 0,
      updatedAt: now,
    });
    return { before: rows, updated };
  }

  /**
   * The caller as a reader of the console's message centre. Alarms of a probe a permission template
   * hides on a granted device are left out (000 §6); a caller without templated grants costs no query.
   */
  private async readerOf(caller: DeviceCaller): Promise<MessageReader> {
    const reader = { accountId: caller.accountId, scope: visibleDevices(caller, 'console') };
    const shared = caller.grants ? templated(caller.grants.shared) : [];
    const organizations = caller.grants ? templated(caller.grants.organizations) : [];
    if (shared.length === 0 && organizations.length === 0) return reader;
    const reached = await this.repo.reachedDevices(caller, shared, organizations);
    const hidden = await this.devices.hiddenProbesOf(caller, reached);
    // Devices hiding the same probes share one condition.
    const groups = new Map<string, { deviceIds: number[]; probeIds: number[] }>();
    for (const [deviceId, probes] of hidden) {
      const probeIds = [...probes].sort((a, b) => a - b);
      const key = probeIds.join(',');
      const group = groups.get(key) ?? { deviceIds: [], probeIds };
      group.deviceIds.push(deviceId);
      groups.set(key, group);
    }
    return { ...reader, hidden: [...groups.values()] };
  }

  private present(row: MessageRow, locale: Locale): AlarmMessage {
    const device = { deviceName: row.deviceName ?? '', deviceGuid: row.deviceGuid ?? '' };
    const cause = (ALARM_CAUSES as readonly string[]).includes(row.cause ?? '')
      ? (row.cause as AlarmCause)
      : 'system';
    const text =
      row.messageType === 'system'
        ? (row.content ?? '')
        : this.book.render(
            kindOf(row),
            cause,
            'system',
            locale,
            varsOf(row, device, locale, row.timeZone ?? 'UTC'),
            null,
          ).body;
    return {
      id: row.id,
      deviceId: row.deviceId,
      deviceName: row.deviceName ?? null,
      deviceGuid: row.deviceGuid ?? null,
      timeZone: row.timeZone ?? null,
      messageType: (ALARM_MESSAGE_TYPES as readonly string[]).includes(row.messageType)
        ? (row.messageType as AlarmMessageType)
        : 'system',
      cause,
      level: row.level,
      probeId: row.probeId,
      channelKind: row.channelKind,
      value: row.value,
      limit: row.limitValue,
      startTime: row.startTime,
      endTime: row.endTime,
      state: row.state as AlarmMessage['state'],
      treatment: row.treatment as AlarmTreatment | null,
      reason: row.reason as AlarmReason | null,
      result: row.result,
      handledBy: row.handledBy,
      handledAt: row.handledAt,
      newFlag: row.newFlag === 1 ? 1 : 0,
      text,
      ruleId: row.ruleId,
      faultCode: row.faultCode,
      faultMeaning: row.faultMeaning,
      repairGuidance: row.repairGuidance,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt ?? row.createdAt,
    };
  }
}
