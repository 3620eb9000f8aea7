import { type PushConfig, pushConfigUpdateSchema } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import {
  levelIssues,
  pushConfigBody,
  pushConfigFields,
  pushConfigIssues,
  recipientIssues,
} from './push-config.ts';

const stored: PushConfig = {
  deviceId: 7,
  alarmEnabled: 1,
  warningEnabled: 0,
  // Stored out of order: the form shows level 1 first.
  levels: [
    { level: 2, delayMinutes: 10 },
    { level: 1, delayMinutes: 0 },
  ],
  recipients: [
    {
      name: 'Ana',
      phone: '13800000000',
      email: null,
      localeCode: 'pt-PT',
      levels: [{ level: 2, channels: ['sms', 'voice'] }],
    },
  ],
  offlineTimeoutMinutes: 30,
  repeatIntervalMinutes: null,
  probes: [],
  updatedAt: null,
};

describe('level delays (002 §5: required, level 1 < level 2 < level 3)', () => {
  it('accepts strictly increasing delays', () => {
    expect(levelIssues([{ delayMinutes: 0 }, { delayMinutes: 5 }, { delayMinutes: 30 }])).toEqual([]);
  });

  it('refuses a delay equal to or below the previous level', () => {
    expect(levelIssues([{ delayMinutes: 5 }, { delayMinutes: 5 }, { delayMinutes: 2 }])).toEqual([
      { field: 'levels.1.delayMinutes', rule: 'rules.delayOrder' },
      { field: 'levels.2.delayMinutes', rule: 'rules.delayOrder' },
    ]);
  });

  it('requires every delay and compares the next one only with a given one', () => {
    expect(levelIssues([{ delayMinutes: 3 }, { delayMinutes: null }, { delayMinutes: 1 }])).toEqual([
      { field: 'levels.1.delayMinutes', rule: 'rules.required' },
    ]);
  });
});

describe('recipients (002 §5)', () => {
  const recipient = (phone: string | null, email: string | null) => ({ name: 'R', phone, email, levels: [] });

  it('needs a phone or an e-mail address', () => {
    expect(recipientIssues([recipient(null, null)])).toEqual([
      { field: 'recipients.0.phone', rule: 'rules.phoneOrEmail' },
    ]);
    expect(recipientIssues([recipient(null, 'a@b.cn'), recipient('13800000000', null)])).toEqual([]);
  });

  it('refuses a phone or an address given twice, whatever the case', () => {
    expect(
      recipientIssues([
        recipient('13800000000', 'Ops@Example.com'),
        recipient('13900000000', 'ops@example.com'),
        recipient('13800000000', null),
      ]),
    ).toEqual([
      { field: 'recipients.1.email', rule: 'rules.duplicateContact' },
      { field: 'recipients.2.phone', rule: 'rules.duplicateContact' },
    ]);
  });
});

describe('form values and body', () => {
  it('shows stored levels in order with each recipient’s channels per level', () => {
    const fields = pushConfigFields(stored);
    expect(fields.levels).toEqual([{ delayMinutes: 0 }, { delayMinutes: 10 }]);
    expect(fields.recipients[0]?.channels).toEqual([[], ['sms', 'voice']]);
    expect(fields.warningEnabled).toBe(false);
  });

  it('round-trips to a body the shared schema accepts', () => {
    const body = pushConfigBody(pushConfigFields(stored));
    expect(pushConfigUpdateSchema.safeParse(body).success).toBe(true);
    expect(body.levels).toEqual([
      { level: 1, delayMinutes: 0 },
      { level: 2, delayMinutes: 10 },
    ]);
    expect(body.recipients[0]?.levels).toEqual([{ level: 2, channels: ['sms', 'voice'] }]);
    expect(pushConfigIssues(body)).toEqual([]);
  });

  it('drops channels of levels removed from the form and empties blank contacts', () => {
    const fields = pushConfigFields(stored);
    fields.levels = [{ delayMinutes: 0 }];
    fields.recipients = [
      { name: ' Bo ', phone: '  ', email: 'bo@example.com', channels: [['email'], ['sms']] },
    ];
    const body = pushConfigBody(fields);
    expect(body.recipients).toEqual([
      {
        name: 'Bo',
        phone: null,
        email: 'bo@example.com',
        localeCode: null,
        levels: [{ level: 1, channels: ['email'] }],
      },
    ]);
  });

  it('starts a device without a configuration at one level without delay', () => {
    expect(pushConfigFields(undefined).levels).toEqual([{ delayMinutes: 0 }]);
  });
});
