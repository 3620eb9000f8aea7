import {
  ALARM_TREATMENTS,
  type AlarmMessage,
  type AlarmMessageState,
  type AlarmMessageType,
  type AlarmTreatment,
  SYSTEM_TREATMENTS,
} from '@coldchain/shared';

/** What the message lists show and check, apart from React. */

/** Treatments of an alarm (002 §4: approved, rejected, postponed), or of a system message (agreed, refused). */
const ALARM_HANDLING: readonly AlarmTreatment[] = ALARM_TREATMENTS.filter(
  (t) => !SYSTEM_TREATMENTS.includes(t),
);

/** A postponed alarm is settled later, as approved or rejected; it cannot be postponed again. */
export function treatmentsFor(system: boolean, postponed = false): readonly AlarmTreatment[] {
  if (system) return SYSTEM_TREATMENTS;
  return postponed ? ALARM_HANDLING.filter((t) => t !== 'postponed') : ALARM_HANDLING;
}

/** Messages handled together must all be system messages or all alarm messages (their treatments differ). */
export function sameCategory(messages: readonly Pick<AlarmMessage, 'messageType'>[]): boolean {
  const system = messages.filter((m) => m.messageType === 'system').length;
  return system === 0 || system === messages.length;
}

/** A message is handled once; untreated, cleared and postponed ones may still be. */
export const canHandle = (message: Pick<AlarmMessage, 'state' | 'treatment'>): boolean =>
  message.state !== 'treated' || message.treatment === 'postponed';

export const STATE_COLORS: Record<AlarmMessageState, string | undefined> = {
  untreated: 'red',
  treated: 'green',
  cleared: 'blue',
};

export const TYPE_COLORS: Record<AlarmMessageType, string | undefined> = {
  gradedAlarm: 'volcano',
  alarm: 'red',
  warning: 'gold',
  gradedWarning: 'orange',
  clearedAlarm: 'green',
  system: 'blue',
};

/** Something with the start and end of a chosen period (dayjs values of the range picker). */
interface Instant {
  toISOString(): string;
}

/**
 * The query form's values as the page request: the chosen period becomes startTime and endTime
 * (ISO-8601 UTC), the picker's own value is not sent.
 */
export function withPeriod<T extends Record<string, unknown>>(
  values: T,
): T & { startTime?: string; endTime?: string } {
  const { period, ...rest } = values;
  const request = rest as T;
  if (!Array.isArray(period) || period.length !== 2) return request;
  const [from, to] = period as [Instant | null, Instant | null];
  return {
    ...request,
    ...(from ? { startTime: from.toISOString() } : {}),
    ...(to ? { endTime: to.toISOString() } : {}),
  };
}
