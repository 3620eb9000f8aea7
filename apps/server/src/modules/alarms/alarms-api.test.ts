import {
  type AlarmCount,
  type AlarmMessage,
  type AlarmRule,
  ERRORS,
  type MessageTemplate,
  type PageResponse,
  type PushConfig,
  type PushConfigUpdate,
  type WarnRule,
} from '@coldchain/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test/harness.ts';
import { setDeviceAlarmsEnabled } from './alarm-switch.ts';
import { alarmEngineOf } from './alarms.routes.ts';
import { at, deviceWithLimits, iso, ManualClock, messagesOf } from './test-support.ts';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const RULE = '/api/device/DeviceAlarmRule';
const WARN = '/api/device/DeviceWarnRule';
const TEMPLATE = '/api/device/DeviceMessageTemlate';
const ALARM = '/api/device/alarm';

const CONFIG: PushConfigUpdate = {
  alarmEnabled: 1,
  levels: [
    { level: 1, delayMinutes: 0 },
    { level: 2, delayMinutes: 10 },
  ],
  recipients: [
    { name: 'Quality lead', phone: '13800138001', email: null, levels: [{ level: 1, channels: ['system'] }] },
    {
      name: 'Store manager',
      phone: null,
      email: 'store@example.com',
      levels: [{ level: 2, channels: ['email'] }],
    },
  ],
  offlineTimeoutMinutes: 30,
  repeatIntervalMinutes: 60,
  warningEnabled: 1,
};

describe('alarm rules, templates, push configuration and the message centre', () => {
  let t: TestApp;
  let operator: string;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await createTestApp({ clock });
    operator = await login(t.app, 'demo_operator');
  });
  afterAll(async () => t.close());

  const en = { locale: 'en-US' };

  it('keeps alarm rules within the spec limits and needs the back-office permission', async () => {
    const body = {
      ruleName: 'Compressor fault',
      content: 'Fault code reported by the controller',
      channelKind: 'voltage',
      alarmLevel: 2,
      comparator: 'eq',
      value: 5,
      targetType: 'fixed',
      faultCode: 'E05',
      faultMeaning: 'Compressor does not start',
      repairGuidance: 'Check the start capacitor',
    };
    const created = await call<AlarmRule>(t.app, 'POST', `${RULE}/insert`, { token: operator, body });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ ...body, activeDefault: 1, targetParam: null, deviceTypeId: null });

    const tooLong = await call(t.app, 'POST', `${RULE}/insert`, {
      token: operator,
      body: { ...body, ruleName: 'x'.repeat(101) },
      ...en,
    });
    expect(tooLong.code).toBe(ERRORS.validation.code);
    expect(tooLong.msg).toContain('Rule name');

    const noParam = await call(t.app, 'POST', `${RULE}/insert`, {
      token: operator,
      body: { ...body, targetType: 'param' },
      ...en,
    });
    expect(noParam.code).toBe(ERRORS.validation.code);
    expect(noParam.msg).toContain('Associated parameter');

    const updated = await call<AlarmRule>(t.app, 'PUT', `${RULE}/update`, {
      token: operator,
      body: {
        id: created.data.id,
        targetType: 'param',
        targetParam: 'upperLimit',
        value: 0,
        activeDefault: 0,
      },
    });
    expect(updated.data).toMatchObject({ targetType: 'param', targetParam: 'upperLimit', activeDefault: 0 });
    const page = await call<PageResponse<AlarmRule>>(t.app, 'POST', `${RULE}/page`, {
      token: operator,
      body: { ruleName: 'Compressor' },
    });
    expect(page.data.data.map((r) => r.id)).toEqual([created.data.id]);

    const user = await deviceWithLimits(t.app);
    expect((await call(t.app, 'POST', `${RULE}/page`, { token: user.user.token, body: {} })).status).toBe(
      403,
    );

    expect(
      (
        await call(t.app, 'DELETE', `${RULE}/delete`, {
          token: operator,
          query: { id: String(created.data.id) },
        })
      ).code,
    ).toBe(0);
    const gone = await call(t.app, 'GET', `${RULE}/detail`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    expect(gone.code).toBe(ERRORS.notFound.code);
  });

  it('refuses a warning rule whose fixed value repeats another', async () => {
    const body = {
      ruleName: 'Humidity high',
      channelKind: 'humidity',
      comparator: 'gt',
      value: 85,
      targetType: 'fixed',
    };
    const first = await call<WarnRule>(t.app, 'POST', `${WARN}/insert`, { token: operator, body });
    expect(first.code).toBe(0);
    const again = await call(t.app, 'POST', `${WARN}/insert`, {
      token: operator,
      body: { ...body, ruleName: 'Again' },
      ...en,
    });
    expect(again.code).toBe(ERRORS.warnRuleValueRepeated.code);
    const other = await call<WarnRule>(t.app, 'POST', `${WARN}/insert`, {
      token: operator,
      body: { ...body, ruleName: 'Other', value: 90 },
    });
    expect(other.code).toBe(0);
    const moved = await call(t.app, 'PUT', `${WARN}/update`, {
      token: operator,
      body: { id: other.data.id, value: 85 },
    });
    expect(moved.code).toBe(ERRORS.warnRuleValueRepeated.code);
    for (const id of [first.data.id, other.data.id])
      await call(t.app, 'DELETE', `${WARN}/delete`, { token: operator, query: { id: String(id) } });
  });

  it('requires inserted template text in every template body and keeps templates used by rules', async () => {
    const body = {
      msgName: 'Door alarm',
      type: 'event',
      subtype: 'door',
      localeCode: 'en-US',
      systemContent: 'Door of {deviceName} open since {startTime}',
      emailSubject: 'Door open: {deviceName}',
      smsContent: '{deviceName}: door open',
    };
    const plain = await call(t.app, 'POST', `${TEMPLATE}/insert`, {
      token: operator,
      body: { ...body, systemContent: 'The door is open' },
      ...en,
    });
    expect(plain.code).toBe(ERRORS.validation.code);
    expect(plain.msg).toContain('placeholder');
    const unknown = await call(t.app, 'POST', `${TEMPLATE}/insert`, {
      token: operator,
      body: { ...body, smsContent: '{deviceName} {colour}' },
      ...en,
    });
    expect(unknown.code).toBe(ERRORS.validation.code);
    expect(unknown.msg).toContain('SMS text');
    const longName = await call(t.app, 'POST', `${TEMPLATE}/insert`, {
      token: operator,
      body: { ...body, msgName: 'x'.repeat(21) },
      ...en,
    });
    expect(longName.code).toBe(ERRORS.validation.code);

    const created = await call<MessageTemplate>(t.app, 'POST', `${TEMPLATE}/insert`, {
      token: operator,
      body,
    });
    expect(created.code).toBe(0);
    const rule = await call<AlarmRule>(t.app, 'POST', `${RULE}/insert`, {
      token: operator,
      body: {
        ruleName: 'Uses the template',
        channelKind: 'temperature',
        alarmLevel: 1,
        alarmTemplateId: created.data.id,
        comparator: 'gt',
        value: 100,
        targetType: 'fixed',
        activeDefault: 0,
      },
    });
    expect(rule.code).toBe(0);
    const inUse = await call(t.app, 'DELETE', `${TEMPLATE}/delete`, {
      token: operator,
      query: { id: String(created.data.id) },
    });
    expect(inUse.code).toBe(ERRORS.entityInUse.code);
    const placeholders = await call<string[]>(t.app, 'GET', `${TEMPLATE}/placeholders`, { token: operator });
    expect(placeholders.data).toContain('deviceName');
    await call(t.app, 'DELETE', `${RULE}/delete`, { token: operator, query: { id: String(rule.data.id) } });
    expect(
      (
        await call(t.app, 'DELETE', `${TEMPLATE}/delete`, {
          token: operator,
          query: { id: String(created.data.id) },
        })
      ).code,
    ).toBe(0);
  });

  it('checks levels, delays and recipients of the push configuration', async () => {
    const d = await deviceWithLimits(t.app);
    const initial = await call<PushConfig>(t.app, 'GET', `/api/device/Device/pushConfig/${d.device.id}`, {
      token: d.user.token,
    });
    expect(initial.data).toMatchObject({
      alarmEnabled: 1,
      levels: [{ level: 1, delayMinutes: 0 }],
      recipients: [],
      probes: [{ probeId: 1, upperLimit: 8, lowerLimit: 2 }],
    });

    const equalDelays = await d.pushConfig({
      ...CONFIG,
      levels: [
        { level: 1, delayMinutes: 5 },
        { level: 2, delayMinutes: 5 },
      ],
    });
    expect(equalDelays.code).toBe(ERRORS.alarmTimeOrder.code);
    const decreasing = await d.pushConfig({
      ...CONFIG,
      levels: [
        { level: 1, delayMinutes: 5 },
        { level: 2, delayMinutes: 10 },
        { level: 3, delayMinutes: 8 },
      ],
    });
    expect(decreasing.code).toBe(ERRORS.alarmTimeOrder.code);
    const gap = await d.pushConfig({ ...CONFIG, levels: [{ level: 2, delayMinutes: 5 }] });
    expect(gap.code).toBe(ERRORS.validation.code);
    const four = await d.pushConfig({
      ...CONFIG,
      levels: [1, 2, 3, 4].map((level) => ({ level, delayMinutes: level })),
    });
    expect(four.code).toBe(ERRORS.validation.code);

    const recipient = CONFIG.recipients[0] as PushConfigUpdate['recipients'][number];
    const withRecipient = (r: Partial<typeof recipient>) =>
      d.pushConfig({ ...CONFIG, recipients: [{ ...recipient, ...r }] });
    expect((await withRecipient({ name: '' })).code).toBe(ERRORS.validation.code);
    expect((await withRecipient({ name: 'n'.repeat(51) })).code).toBe(ERRORS.validation.code);
    expect((await withRecipient({ name: 'n'.repeat(50) })).code).toBe(0);
    const noContact = await withRecipient({ phone: null, email: null });
    expect(noContact.code).toBe(ERRORS.validation.code);
    expect(noContact.msg).toContain('phone number or an e-mail');
    expect((await withRecipient({ email: 'not-an-address' })).code).toBe(ERRORS.validation.code);
    expect((await withRecipient({ phone: '12ab' })).code).toBe(ERRORS.validation.code);
    expect((await withRecipient({ levels: [{ level: 3, channels: ['sms'] }] })).code).toBe(
      ERRORS.alarmRecipientLevel.code,
    );
    const duplicate = await d.pushConfig({
      ...CONFIG,
      recipients: [recipient, { ...recipient, name: 'Someone else', email: 'else@example.com' }],
    });
    expect(duplicate.code).toBe(ERRORS.alarmRecipientDuplicate.code);
    const sameMail = await d.pushConfig({
      ...CONFIG,
      recipients: [
        { ...recipient, email: 'Same@example.com' },
        { name: 'B', phone: null, email: 'same@example.com', levels: [] },
      ],
    });
    expect(sameMail.code).toBe(ERRORS.alarmRecipientDuplicate.code);

    const saved = await d.pushConfig(CONFIG);
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      levels: CONFIG.levels,
      offlineTimeoutMinutes: 30,
      repeatIntervalMinutes: 60,
      recipients: [
        { name: 'Quality lead', phone: '13800138001', email: null },
        { name: 'Store manager', phone: null, email: 'store@example.com' },
      ],
    });
  });

  it('lists, filters and handles alarm messages with a reason and a result', async () => {
    const d = await deviceWithLimits(t.app);
    expect((await d.pushConfig(CONFIG)).code).toBe(0);
    clock.ms = at(T0, 11);
    await d.readings([
      [at(T0, 0), 5],
      [at(T0, 1), 9],
      [at(T0, 2), 9.4],
    ]);
    const count = await call<AlarmCount>(t.app, 'GET', `${ALARM}/count`, { token: d.user.token });
    expect(count.data).toEqual({ newFlagOneCount: 1, totalCount: 1 });

    const page = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/page`, {
      token: d.user.token,
      body: { category: 'alarm', deviceId: d.device.id, state: 'untreated', messageType: 'gradedAlarm' },
      ...en,
    });
    expect(page.data.totalCount).toBe(1);
    const [message] = page.data.data;
    expect(message).toMatchObject({
      deviceId: d.device.id,
      deviceName: d.device.deviceName,
      messageType: 'gradedAlarm',
      cause: 'high',
      level: 1,
      probeId: 1,
      value: 9.4,
      limit: 8,
      startTime: iso(at(T0, 1)),
      endTime: null,
      state: 'untreated',
      treatment: null,
    });
    expect(message?.text).toContain(d.device.deviceName);
    expect(message?.text).toContain('above the upper limit');
    const none = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/page`, {
      token: d.user.token,
      body: { deviceId: d.device.id, state: 'treated' },
    });
    expect(none.data.totalCount).toBe(0);
    const later = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/page`, {
      token: d.user.token,
      body: { deviceId: d.device.id, startTime: iso(at(T0, 12)) },
    });
    expect(later.data.totalCount).toBe(0);

    // The back office's alarm list shows it to operators only.
    const backOffice = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/sysPage`, {
      token: operator,
      body: { deviceId: d.device.id },
    });
    expect(backOffice.data.data.map((m) => m.id)).toEqual([message?.id]);
    expect((await call(t.app, 'POST', `${ALARM}/sysPage`, { token: d.user.token, body: {} })).status).toBe(
      403,
    );

    const id = message?.id as number;
    const handle = (body: Record<string, unknown>) =>
      call<{ updated: number }>(t.app, 'PUT', `${ALARM}/handle`, {
        token: d.user.token,
        body: { ids: [id], ...body },
        ...en,
      });
    expect((await handle({ treatment: 'approved' })).code).toBe(ERRORS.alarmReasonRequired.code);
    expect((await handle({ treatment: 'agreed', reason: 'defrost' })).code).toBe(
      ERRORS.alarmTreatmentMismatch.code,
    );
    expect((await handle({ treatment: 'approved', reason: 'holiday' })).code).toBe(ERRORS.validation.code);
    expect((await handle({ treatment: 'approved', reason: 'doorOpen', result: 'r'.repeat(51) })).code).toBe(
      ERRORS.validation.code,
    );
    const done = await handle({
      treatment: 'postponed',
      reason: 'goodsInOut',
      result: 'Loading dock, door left open',
    });
    expect(done.data).toEqual({ updated: 1 });
    expect((await handle({ treatment: 'postponed', reason: 'doorOpen' })).code).toBe(
      ERRORS.alarmAlreadyHandled.code,
    );

    const detail = await call<AlarmMessage>(t.app, 'GET', `${ALARM}/detail`, {
      token: d.user.token,
      query: { id: String(id) },
    });
    expect(detail.data).toMatchObject({
      state: 'treated',
      treatment: 'postponed',
      reason: 'goodsInOut',
      result: 'Loading dock, door left open',
      handledBy: d.user.userName,
      handledAt: iso(at(T0, 11)),
    });
    expect(
      (await call<AlarmCount>(t.app, 'GET', `${ALARM}/count`, { token: d.user.token })).data.totalCount,
    ).toBe(0);

    // A postponed alarm is dealt with later: approved or rejected once, then settled.
    clock.ms = at(T0, 12);
    expect((await handle({ treatment: 'approved', reason: 'doorOpen', result: 'Door closed' })).data).toEqual(
      {
        updated: 1,
      },
    );
    expect((await handle({ treatment: 'rejected', reason: 'fault' })).code).toBe(
      ERRORS.alarmAlreadyHandled.code,
    );
    const settled = await call<AlarmMessage>(t.app, 'GET', `${ALARM}/detail`, {
      token: d.user.token,
      query: { id: String(id) },
    });
    expect(settled.data).toMatchObject({
      state: 'treated',
      treatment: 'approved',
      reason: 'doorOpen',
      result: 'Door closed',
      handledAt: iso(at(T0, 12)),
    });
  });

  it("answers another account's device and alarm ids exactly like missing ones", async () => {
    const owner = await deviceWithLimits(t.app);
    const stranger = await deviceWithLimits(t.app);
    clock.ms = at(T0, 30);
    await owner.readings([[at(T0, 29), 20]]);
    const [record] = await messagesOf(t.app, owner.device.id);
    const foreign = String(record?.id);
    const missing = '99999999';

    const pushOf = (id: number | string) =>
      call(t.app, 'GET', `/api/device/Device/pushConfig/${id}`, { token: stranger.user.token, ...en });
    const [a, b] = [await pushOf(owner.device.id), await pushOf(missing)];
    expect(a.code).toBe(ERRORS.deviceNotFound.code);
    expect({ code: a.code, msg: a.msg }).toEqual({ code: b.code, msg: b.msg });
    const put = await call(t.app, 'PUT', `/api/device/Device/pushConfig/${owner.device.id}`, {
      token: stranger.user.token,
      body: CONFIG,
    });
    expect(put.code).toBe(ERRORS.deviceNotFound.code);

    const detailOf = (id: string) =>
      call(t.app, 'GET', `${ALARM}/detail`, { token: stranger.user.token, query: { id }, ...en });
    const [c, e] = [await detailOf(foreign), await detailOf(missing)];
    expect(c.code).toBe(ERRORS.notFound.code);
    expect({ code: c.code, msg: c.msg }).toEqual({ code: e.code, msg: e.msg });
    const handled = await call(t.app, 'PUT', `${ALARM}/handle`, {
      token: stranger.user.token,
      body: { ids: [Number(foreign)], treatment: 'approved', reason: 'fault' },
    });
    expect(handled.code).toBe(ERRORS.notFound.code);
    const listed = await call(t.app, 'POST', `${ALARM}/page`, {
      token: stranger.user.token,
      body: { deviceId: owner.device.id },
    });
    expect(listed.code).toBe(ERRORS.deviceNotFound.code);
    const own = await call<PageResponse<AlarmMessage>>(t.app, 'POST', `${ALARM}/page`, {
      token: stranger.user.token,
      body: {},
    });
    expect(own.data.data.map((m) => m.deviceId)).not.toContain(owner.device.id);
    await call(t.app, 'POST', `${ALARM}/markRead`, { token: stranger.user.token });
    const after = await messagesOf(t.app, owner.device.id);
    expect(after[0]?.newFlag).toBe(1);
  });

  it('raises nothing for devices whose alarms were switched off (asset disabled)', async () => {
    const d = await deviceWithLimits(t.app);
    await setDeviceAlarmsEnabled(t.app.ctx.db, [d.device.id], false, iso(clock.ms));
    clock.ms = at(T0, 50);
    await d.readings([[at(T0, 49), 20]]);
    expect(await messagesOf(t.app, d.device.id)).toHaveLength(0);
    const shown = await call<PushConfig>(t.app, 'GET', `/api/device/Device/pushConfig/${d.device.id}`, {
      token: d.user.token,
    });
    expect(shown.data.alarmEnabled).toBe(0);

    await setDeviceAlarmsEnabled(t.app.ctx.db, [d.device.id], true, iso(clock.ms));
    await alarmEngineOf(t.app).tick();
    await d.readings([[at(T0, 50), 20]]);
    expect((await messagesOf(t.app, d.device.id)).map((m) => m.startTime)).toEqual([iso(at(T0, 50))]);
  });
});
