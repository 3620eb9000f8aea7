import type {
  AlarmCause,
  AlarmChannel,
  AlarmComparator,
  AlarmMessageType,
  AlarmRecipient,
  AlarmTargetParam,
  Locale,
  NotificationKind,
} from '@coldchain/shared';
import { DEVICE_LEVEL_KINDS, type DeviceEventType, describeChannel } from '@coldchain/shared/device-protocol';
import type { Selectable } from 'kysely';
import type { DevicePushConfigTable } from '../../db/tables/alarm.ts';
import { type Breach, type Condition, compare } from './evaluate.ts';

const MINUTE_MS = 60_000;

/** A device's push configuration as the engine uses it (device_push_config, or the defaults). */
export interface PushSettings {
  alarmEnabled: boolean;
  levels: { level: number; delayMinutes: number }[];
  recipients: StoredRecipient[];
  offlineTimeoutMinutes: number | null;
  repeatIntervalMinutes: number | null;
  warningEnabled: boolean;
}

export interface StoredRecipient {
  name: string;
  phone: string | null;
  email: string | null;
  localeCode: string | null;
  levels: { level: number; channels: AlarmChannel[] }[];
}

/** Without a saved configuration a device alarms at level 1 after its own alarm delay and notifies no one. */
export function defaultPushSettings(alarmDelayMinutes: number | null): PushSettings {
  return {
    alarmEnabled: true,
    levels: [{ level: 1, delayMinutes: alarmDelayMinutes ?? 0 }],
    recipients: [],
    offlineTimeoutMinutes: null,
    repeatIntervalMinutes: null,
    warningEnabled: true,
  };
}

/** The settings of a device_push_config row, or the defaults when the device has none. */
export function pushSettingsOf(
  row: Omit<Selectable<DevicePushConfigTable>, 'deviceId' | 'updatedAt'> | undefined,
  alarmDelayMinutes: number | null,
): PushSettings {
  if (!row) return defaultPushSettings(alarmDelayMinutes);
  return {
    alarmEnabled: row.alarmEnabled === 1,
    levels: JSON.parse(row.levels) as PushSettings['levels'],
    recipients: JSON.parse(row.recipients) as StoredRecipient[],
    offlineTimeoutMinutes: row.offlineTimeoutMinutes,
    repeatIntervalMinutes: row.repeatIntervalMinutes,
    warningEnabled: row.warningEnabled === 1,
  };
}

export function normalizeRecipient(r: AlarmRecipient): StoredRecipient {
  return {
    name: r.name,
    phone: r.phone || null,
    email: r.email || null,
    localeCode: r.localeCode ?? null,
    levels: r.levels.map((l) => ({ level: l.level, channels: [...new Set(l.channels)] })),
  };
}

export interface DeviceInfo {
  id: number;
  platformId: number;
  accountId: number;
  deviceName: string;
  deviceGuid: string;
  deviceTypeId: number;
  useState: string;
  deletedFlag: number;
  lastSeenAt: string | null;
  upperLimit: number | null;
  lowerLimit: number | null;
  alarmDelay: number | null;
  /** language of messages to recipients who chose none */
  ownerLocale: Locale;
  /** the device's own zone: times in texts to its contacts */
  timeZone: string;
  /** the owner account's zone: times in its message centre */
  ownerTimeZone: string;
  /** alarms are raised only before it (device-service/service-lapse.ts) */
  serviceExpiredDate: string;
}

export interface ProbeLimits {
  probeId: number;
  upperLimit: number;
  lowerLimit: number;
}

export interface RuleInfo {
  id: number;
  source: 'rule' | 'warn';
  channelKind: string;
  deviceTypeId: number | null;
  level: number;
  templateId: number | null;
  comparator: AlarmComparator;
  value: number;
  targetType: string;
  targetParam: AlarmTargetParam | null;
  faultCode: string | null;
  faultMeaning: string | null;
  repairGuidance: string | null;
}

/** What a condition's records look like and whom they notify. */
export interface ConditionMeta {
  messageType: AlarmMessageType;
  kind: NotificationKind;
  probeId: number | null;
  channel: number | null;
  channelKind: string | null;
  rule: RuleInfo | null;
  /** warnings end quietly; alarms send a cleared message */
  clearedMessage: boolean;
}

export interface WatchedCondition {
  condition: Condition;
  meta: ConditionMeta;
}

/** Everything the engine needs about one device, reloaded when its settings change. */
export class DeviceAlarmConfig {
  private readonly byChannel = new Map<number, WatchedCondition[]>();

  constructor(
    readonly device: DeviceInfo,
    readonly push: PushSettings,
    private readonly probes: ReadonlyMap<number, ProbeLimits>,
    private readonly rules: readonly RuleInfo[],
    /** false once the device's service has lapsed when the settings were loaded */
    private readonly served = true,
  ) {}

  /** Whether the engine raises anything for this device. */
  get active(): boolean {
    return (
      this.served &&
      this.push.alarmEnabled &&
      this.device.deletedFlag === 0 &&
      this.device.useState === 'enabled'
    );
  }

  get levels(): { level: number; delayMs: number }[] {
    return [...this.push.levels]
      .sort((a, b) => a.level - b.level)
      .map((l) => ({ level: l.level, delayMs: l.delayMinutes * MINUTE_MS }));
  }

  get offlineTimeoutMs(): number | null {
    return this.push.offlineTimeoutMinutes === null ? null : this.push.offlineTimeoutMinutes * MINUTE_MS;
  }

  private limitsOf(channel: number): { upper: number; lower: number } | null {
    const described = describeChannel(channel);
    if (!described || described.probe === 0 || DEVICE_LEVEL_KINDS.includes(described.kind)) return null;
    const probe = this.probes.get(described.probe);
    if (probe) return { upper: probe.upperLimit, lower: probe.lowerLimit };
    // The device-wide limits are temperature limits (002 §3 device upperLimit/lowerLimit).
    if (
      described.kind === 'temperature' &&
      this.device.upperLimit !== null &&
      this.device.lowerLimit !== null
    )
      return { upper: this.device.upperLimit, lower: this.device.lowerLimit };
    return null;
  }

  /** The conditions one reading channel is evaluated against: its limits, then alarm and warning rules. */
  conditionsFor(channel: number): WatchedCondition[] {
    const cached = this.byChannel.get(channel);
    if (cached) return cached;
    const described = describeChannel(channel);
    const list: WatchedCondition[] = [];
    if (described) {
      const limits = this.limitsOf(channel);
      const base = { probeId: described.probe, channel, channelKind: described.kind };
      if (limits) {
        list.push({
          condition: {
            key: `limit:${channel}`,
            test: (v): Breach | null =>
              v > limits.upper
                ? { cause: 'high', limit: limits.upper }
                : v < limits.lower
                  ? { cause: 'low', limit: limits.lower }
                  : null,
            levels: this.levels,
          },
          meta: { ...base, messageType: 'gradedAlarm', kind: 'level', rule: null, clearedMessage: true },
        });
      }
      for (const rule of this.rules) {
        if (rule.channelKind !== described.kind) continue;
        if (rule.deviceTypeId !== null && rule.deviceTypeId !== this.device.deviceTypeId) continue;
        if (rule.source === 'warn' && !this.push.warningEnabled) continue;
        let threshold = rule.value;
        if (rule.targetType === 'param') {
          if (!limits || !rule.targetParam) continue;
          threshold = (rule.targetParam === 'upperLimit' ? limits.upper : limits.lower) + rule.value;
        }
        const cause: AlarmCause = rule.source === 'rule' ? 'rule' : 'warning';
        list.push({
          condition: {
            key: `${rule.source}:${rule.id}:${channel}`,
            test: (v) => (compare(v, rule.comparator, threshold) ? { cause, limit: threshold } : null),
            levels: [{ level: Math.max(1, rule.level), delayMs: 0 }],
          },
          meta: {
            ...base,
            messageType: rule.source === 'rule' ? 'alarm' : rule.level > 0 ? 'gradedWarning' : 'warning',
            kind: rule.source === 'rule' ? 'level' : 'warning',
            rule,
            clearedMessage: rule.source === 'rule',
          },
        });
      }
    }
    this.byChannel.set(channel, list);
    return list;
  }

  /** The condition a device event belongs to, and the sample it makes (1 starts, 0 ends a breach). */
  eventCondition(
    type: DeviceEventType,
    state: string,
    probe: number,
  ): { watched: WatchedCondition; value: number } | null {
    const sample = eventSample(type, state);
    if (!sample) return null;
    const cause = sample.cause;
    return {
      value: sample.value,
      watched: {
        condition: {
          key: `${cause}:${probe}`,
          test: (v) => (v === 1 ? { cause, limit: null } : null),
          levels: [{ level: 1, delayMs: 0 }],
        },
        meta: {
          messageType: 'alarm',
          kind: 'event',
          probeId: probe,
          channel: null,
          channelKind: null,
          rule: null,
          clearedMessage: true,
        },
      },
    };
  }

  /** The silent-device condition (opened by the timer, closed by the next data). */
  offlineCondition(): WatchedCondition {
    return {
      condition: {
        key: 'offline',
        test: (v) => (v === 1 ? { cause: 'offline', limit: null } : null),
        levels: [{ level: 1, delayMs: 0 }],
      },
      meta: {
        messageType: 'alarm',
        kind: 'offline',
        probeId: null,
        channel: null,
        channelKind: null,
        rule: null,
        clearedMessage: true,
      },
    };
  }
}

/**
 * Device events that raise alarms (002 §4 reasons: door open, power cut, fault): door open/closed,
 * power off or on battery / on, and tamper or any `fault` state as a fault that ends with `ok`.
 */
function eventSample(type: DeviceEventType, state: string): { cause: AlarmCause; value: number } | null {
  if (type === 'door') {
    if (state === 'open') return { cause: 'door', value: 1 };
    if (state === 'closed') return { cause: 'door', value: 0 };
    return null;
  }
  if (type === 'power') {
    if (state === 'off' || state === 'battery') return { cause: 'power', value: 1 };
    if (state === 'on') return { cause: 'power', value: 0 };
    return null;
  }
  if (type === 'tamper' || state === 'fault') return { cause: 'fault', value: 1 };
  if (state === 'ok' || state === 'normal') return { cause: 'fault', value: 0 };
  return null;
}
