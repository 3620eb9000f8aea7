import {
  ALARM_LEVELS_MAX,
  type AlarmChannel,
  type Locale,
  type PushConfig,
  type PushConfigUpdate,
} from '@coldchain/shared';
import type { FieldIssue } from './alarm-rules.ts';

/**
 * The push configuration form of the device detail (002 §2, §5): the form's values, the body sent to
 * PUT /device/Device/pushConfig/{deviceId}, and the rules across fields the server also applies.
 */

export interface RecipientFields {
  name: string;
  phone?: string | null;
  email?: string | null;
  localeCode?: Locale | null;
  /** Channels per level: index 0 is level 1. */
  channels: AlarmChannel[][];
}

export interface PushConfigFields {
  alarmEnabled: boolean;
  warningEnabled: boolean;
  /** Index 0 is level 1; a delay in minutes each. */
  levels: { delayMinutes: number | null }[];
  recipients: RecipientFields[];
  /** null: no offline alarm. */
  offlineTimeoutMinutes: number | null;
  /** null: no reminders. */
  repeatIntervalMinutes: number | null;
}

const trimmed = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

export function pushConfigFields(config: PushConfig | undefined): PushConfigFields {
  const levels = [...(config?.levels ?? [{ level: 1, delayMinutes: 0 }])].sort((a, b) => a.level - b.level);
  return {
    alarmEnabled: (config?.alarmEnabled ?? 1) === 1,
    warningEnabled: (config?.warningEnabled ?? 1) === 1,
    levels: levels.map((l) => ({ delayMinutes: l.delayMinutes })),
    recipients: (config?.recipients ?? []).map((r) => ({
      name: r.name,
      phone: r.phone,
      email: r.email,
      localeCode: (r.localeCode as Locale | null) ?? null,
      channels: levels.map((l) => r.levels.find((rl) => rl.level === l.level)?.channels ?? []),
    })),
    offlineTimeoutMinutes: config?.offlineTimeoutMinutes ?? null,
    repeatIntervalMinutes: config?.repeatIntervalMinutes ?? null,
  };
}

/** A recipient added to a form with `levelCount` levels: no channel chosen yet. */
export function emptyRecipient(levelCount: number): RecipientFields {
  return {
    name: '',
    phone: null,
    email: null,
    localeCode: null,
    channels: Array.from({ length: levelCount }, () => []),
  };
}

export function pushConfigBody(values: PushConfigFields): PushConfigUpdate {
  const levelCount = Math.min(values.levels.length, ALARM_LEVELS_MAX);
  return {
    alarmEnabled: values.alarmEnabled ? 1 : 0,
    warningEnabled: values.warningEnabled ? 1 : 0,
    levels: values.levels.slice(0, levelCount).map((l, i) => ({
      level: i + 1,
      // A missing delay is refused before sending (levelIssues); NaN never leaves the form.
      delayMinutes: l.delayMinutes ?? Number.NaN,
    })),
    recipients: values.recipients.map((r) => ({
      name: r.name.trim(),
      phone: trimmed(r.phone),
      email: trimmed(r.email),
      localeCode: r.localeCode ?? null,
      levels: (r.channels ?? [])
        .slice(0, levelCount)
        .map((channels, i) => ({ level: i + 1, channels: [...new Set(channels ?? [])] }))
        .filter((l) => l.channels.length > 0),
    })),
    offlineTimeoutMinutes: values.offlineTimeoutMinutes ?? null,
    repeatIntervalMinutes: values.repeatIntervalMinutes ?? null,
  };
}

/**
 * Level delays (002 §5, §9): each required, and strictly increasing by level (level 1 < level 2 <
 * level 3). An issue names the first delay that is not above the one before it.
 */
export function levelIssues(levels: readonly { delayMinutes: number | null | undefined }[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  levels.forEach((level, i) => {
    const delay = level.delayMinutes;
    if (typeof delay !== 'number' || !Number.isFinite(delay)) {
      issues.push({ field: `levels.${i}.delayMinutes`, rule: 'rules.required' });
      return;
    }
    const previous = levels[i - 1]?.delayMinutes;
    if (i > 0 && typeof previous === 'number' && Number.isFinite(previous) && delay <= previous)
      issues.push({ field: `levels.${i}.delayMinutes`, rule: 'rules.delayOrder' });
  });
  return issues;
}

const normalized = (value: string | null) => value?.toLowerCase() ?? null;

/**
 * Recipients (002 §5): a phone or an e-mail address at least, and no phone or address given twice
 * (compared without case). Each issue names the later of two duplicates.
 */
export function recipientIssues(recipients: PushConfigUpdate['recipients']): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const phones = new Set<string>();
  const emails = new Set<string>();
  recipients.forEach((r, i) => {
    const phone = normalized(r.phone ?? null);
    const email = normalized(r.email ?? null);
    if (!phone && !email) issues.push({ field: `recipients.${i}.phone`, rule: 'rules.phoneOrEmail' });
    if (phone) {
      if (phones.has(phone)) issues.push({ field: `recipients.${i}.phone`, rule: 'rules.duplicateContact' });
      phones.add(phone);
    }
    if (email) {
      if (emails.has(email)) issues.push({ field: `recipients.${i}.email`, rule: 'rules.duplicateContact' });
      emails.add(email);
    }
  });
  return issues;
}

/** Every rule across fields of the form, in the order the fields appear. */
export function pushConfigIssues(body: PushConfigUpdate): FieldIssue[] {
  return [...levelIssues(body.levels), ...recipientIssues(body.recipients)];
}
