import crypto from 'node:crypto';
import {
  type AlarmCause,
  type AlarmChannel,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type NotificationKind,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { zonedTime } from '../../history/time-format.ts';
import { translate } from '../../i18n/i18n.ts';
import type { NotificationIntent } from '../delivery/outbox.ts';
import type { DeviceInfo, StoredRecipient } from './alarm-config.ts';
import type { AlarmEngineRepo, AlarmMessageRow, TemplateRow } from './alarm-engine.repo.ts';

/** Templates are re-read this often, so a back-office edit applies within seconds on every node. */
const TEMPLATE_TTL_MS = 5_000;
/** The outbox keeps subjects of at most 200 characters. */
const SUBJECT_MAX = 200;

export type TemplateVars = Record<string, string>;

export function asLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

/** A time as the messages show it, in the reader's zone and naming it: `2026-11-21 13:29:00 GMT+8`. */
export function showTime(iso: string | null, timeZone: string): string {
  return iso ? zonedTime(Date.parse(iso), timeZone) : '';
}

const showNumber = (v: number | null): string => (v === null ? '' : String(Math.round(v * 100) / 100));

/** The placeholders of a message about an alarm record (ALARM_TEMPLATE_PLACEHOLDERS), times in `timeZone`. */
export function varsOf(
  row: AlarmMessageRow,
  device: Pick<DeviceInfo, 'deviceName' | 'deviceGuid'>,
  locale: Locale,
  timeZone: string,
): TemplateVars {
  const end = row.endTime ? Date.parse(row.endTime) : Date.parse(row.updatedAt ?? row.createdAt);
  const start = row.startTime ? Date.parse(row.startTime) : end;
  return {
    deviceName: device.deviceName,
    deviceGuid: device.deviceGuid,
    probe: row.probeId === null ? '' : String(row.probeId),
    value: showNumber(row.value),
    limit: showNumber(row.limitValue),
    level: row.level === null ? '' : String(row.level),
    alarmType: translate(locale, `alarm.cause.${row.cause ?? 'system'}`),
    startTime: showTime(row.startTime, timeZone),
    endTime: showTime(row.endTime, timeZone),
    duration: String(Math.max(0, Math.round((end - start) / 60_000))),
    faultCode: row.faultCode ?? '',
    faultMeaning: row.faultMeaning ?? '',
    repairGuidance: row.repairGuidance ?? '',
  };
}

const fill = (text: string, vars: TemplateVars) =>
  text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => vars[name] ?? whole);

/**
 * The back office's message templates (002 §3), rendered with the placeholders of one message in one
 * language; without a matching template the built-in texts of the locale files apply.
 */
export class TemplateBook {
  private cache: { at: number; rows: TemplateRow[] } | null = null;

  constructor(
    private readonly repo: AlarmEngineRepo,
    private readonly clock: Clock,
  ) {}

  /** Forgets cached templates (after a back-office change on this node). */
  invalidate(): void {
    this.cache = null;
  }

  /**
   * Loads the templates when the cached ones are stale. Call it before a transaction: rendering reads
   * only the cache, so it never waits for a connection the transaction holds (SQLite has one).
   */
  async prepare(): Promise<void> {
    const now = this.clock.now().getTime();
    if (!this.cache || Math.abs(now - this.cache.at) > TEMPLATE_TTL_MS)
      this.cache = { at: now, rows: await this.repo.templates() };
  }

  private pick(
    rows: TemplateRow[],
    kind: NotificationKind,
    cause: AlarmCause,
    locale: Locale,
    templateId: number | null,
  ) {
    if (templateId !== null) {
      const chosen = rows.find((r) => r.id === templateId);
      if (chosen) return chosen;
    }
    const ofKind = rows.filter((r) => r.type === kind && r.localeCode === locale);
    return ofKind.find((r) => r.subtype === cause) ?? ofKind.find((r) => !r.subtype);
  }

  render(
    kind: NotificationKind,
    cause: AlarmCause,
    channel: AlarmChannel,
    locale: Locale,
    vars: TemplateVars,
    templateId: number | null = null,
  ): { subject: string; body: string } {
    const template = this.pick(this.cache?.rows ?? [], kind, cause, locale, templateId);
    const builtInSubject = translate(locale, 'alarm.notify.subject', vars);
    if (!template) {
      return {
        subject: builtInSubject.slice(0, SUBJECT_MAX),
        body: translate(locale, `alarm.notify.${kind}`, vars),
      };
    }
    const byChannel: Record<AlarmChannel, string | null> = {
      system: template.systemContent,
      email: template.emailContent,
      sms: template.smsContent,
      wechat: template.wechatContent,
      voice: template.voiceContent ?? template.smsContent,
    };
    const body = byChannel[channel] || template.systemContent;
    const subject = template.emailSubject ? fill(template.emailSubject, vars) : builtInSubject;
    return { subject: subject.slice(0, SUBJECT_MAX), body: fill(body, vars) };
  }
}

/** A channel needs an address: e-mail an e-mail address; SMS, voice and WeChat a phone number. */
function reachable(r: StoredRecipient, channel: AlarmChannel): boolean {
  if (channel === 'email') return r.email !== null;
  if (channel === 'system') return true;
  return r.phone !== null;
}

/** Short stable id of a recipient for dedupe keys (the outbox keeps keys of at most 200 characters). */
function recipientId(r: StoredRecipient): string {
  return crypto
    .createHash('sha256')
    .update(`${r.name}|${r.phone ?? ''}|${r.email ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

/** Who hears about a notification, on which channels. */
export interface Audience {
  recipient: StoredRecipient;
  level: number;
  channels: AlarmChannel[];
}

/** For levels that fired together, each recipient hears once: at the highest of them it subscribes to. */
export function levelAudience(recipients: readonly StoredRecipient[], levels: readonly number[]): Audience[] {
  const out: Audience[] = [];
  for (const recipient of recipients) {
    const matching = recipient.levels
      .filter((l) => levels.includes(l.level) && l.channels.length > 0)
      .sort((a, b) => b.level - a.level)[0];
    if (matching) out.push({ recipient, level: matching.level, channels: matching.channels });
  }
  return out;
}

/** Everyone subscribed to any level up to `upTo`, on all their channels of those levels (cleared messages). */
export function clearedAudience(recipients: readonly StoredRecipient[], upTo: number): Audience[] {
  const out: Audience[] = [];
  for (const recipient of recipients) {
    const levels = recipient.levels.filter((l) => l.level <= upTo && l.channels.length > 0);
    if (levels.length === 0) continue;
    const channels = [...new Set(levels.flatMap((l) => l.channels))];
    out.push({ recipient, level: Math.max(...levels.map((l) => l.level)), channels });
  }
  return out;
}

/**
 * The zone a notification's times are in: the owner account's for the message centre (an account
 * reads it), the device's for a contact reached by e-mail, SMS, voice or WeChat (a contact keeps no
 * zone of its own).
 */
export const readerZone = (device: Pick<DeviceInfo, 'timeZone' | 'ownerTimeZone'>, channel: AlarmChannel) =>
  channel === 'system' ? device.ownerTimeZone : device.timeZone;

/** The intents for one message to an audience, each with a key that can be enqueued only once. */
export function intentsFor(
  book: TemplateBook,
  args: {
    record: AlarmMessageRow;
    /** the message the notification is about: the record, or its clearedAlarm message */
    messageId: number;
    device: DeviceInfo;
    kind: NotificationKind;
    audience: readonly Audience[];
    /** level number, or reminder number, in the dedupe key */
    step: string;
    templateId: number | null;
  },
): NotificationIntent[] {
  const { record, device, kind } = args;
  const cause = (record.cause ?? 'system') as AlarmCause;
  const intents: NotificationIntent[] = [];
  for (const { recipient, level, channels } of args.audience) {
    const locale = recipient.localeCode ? asLocale(recipient.localeCode) : device.ownerLocale;
    for (const channel of channels) {
      if (!reachable(recipient, channel)) continue;
      const vars = varsOf(record, device, locale, readerZone(device, channel));
      const { subject, body } = book.render(kind, cause, channel, locale, vars, args.templateId);
      intents.push({
        platformId: device.platformId,
        accountId: device.accountId,
        deviceId: device.id,
        alarmMessageId: args.messageId,
        level: kind === 'reminder' || kind === 'cleared' ? record.level : level,
        kind,
        channel,
        recipientName: recipient.name,
        phone: recipient.phone,
        email: recipient.email,
        subject,
        body,
        dedupeKey: `alarm:${record.id}:${kind}:${args.step}:${channel}:${recipientId(recipient)}`,
      });
    }
  }
  return intents;
}
