import { alarmMessagePageSchema } from '@coldchain/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { canHandle, sameCategory, treatmentsFor, withPeriod } from './message-view.ts';

describe('handling (002 §4)', () => {
  it('offers approved, rejected and postponed for alarms, agreed and refused for system messages', () => {
    expect(treatmentsFor(false)).toEqual(['approved', 'rejected', 'postponed']);
    expect(treatmentsFor(true)).toEqual(['agreed', 'refused']);
  });

  it('settles a postponed alarm as approved or rejected only', () => {
    expect(treatmentsFor(false, true)).toEqual(['approved', 'rejected']);
    expect(treatmentsFor(true, true)).toEqual(['agreed', 'refused']);
  });

  it('handles alarm and system messages only apart', () => {
    expect(sameCategory([{ messageType: 'alarm' }, { messageType: 'gradedWarning' }])).toBe(true);
    expect(sameCategory([{ messageType: 'system' }, { messageType: 'system' }])).toBe(true);
    expect(sameCategory([{ messageType: 'system' }, { messageType: 'alarm' }])).toBe(false);
  });

  it('handles a message once, a postponed alarm once more', () => {
    expect(canHandle({ state: 'untreated', treatment: null })).toBe(true);
    expect(canHandle({ state: 'cleared', treatment: null })).toBe(true);
    expect(canHandle({ state: 'treated', treatment: 'approved' })).toBe(false);
    expect(canHandle({ state: 'treated', treatment: 'postponed' })).toBe(true);
  });
});

describe('the time filter', () => {
  it('sends the chosen period as ISO instants the server accepts', () => {
    const request = withPeriod({
      start: 1,
      pageSize: 10,
      state: 'untreated',
      period: [dayjs('2026-03-01T00:00:00Z'), dayjs('2026-03-02T12:30:00Z')],
    });
    expect(request).toEqual({
      start: 1,
      pageSize: 10,
      state: 'untreated',
      startTime: '2026-03-01T00:00:00.000Z',
      endTime: '2026-03-02T12:30:00.000Z',
    });
    expect(alarmMessagePageSchema.safeParse(request).success).toBe(true);
  });

  it('sends nothing for an empty period', () => {
    expect(withPeriod({ start: 1, period: null })).toEqual({ start: 1 });
    expect(withPeriod({ start: 1 })).toEqual({ start: 1 });
  });
});
