import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMonths } from '../devices/device-time.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import {
  creditDeviceCounts,
  creditDeviceService,
  creditPremium,
  LIFELONG_EXPIRY,
  reverseDeviceService,
} from './credit.ts';

const NOW = new Date('2026-06-15T08:00:00.000Z');

describe('device service credits', () => {
  let t: TestApp;
  let typeId: number;
  let user: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const operator = await signedIn(t.app, { roleCode: 'operator' });
    typeId = (await publishedType(t.app, operator.token)).type.id;
    user = await signedIn(t.app);
  });
  afterAll(async () => t.close());

  async function device(service: string, data = addMonths(new Date(service), 3).toISOString()) {
    const added = await addDevice(t.app, user.token, typeId);
    await t.app.ctx.db
      .updateTable('device')
      .set({ serviceExpiredDate: service, dataExpiredDate: data })
      .where('id', '=', added.id)
      .execute();
    return added.id;
  }
  const read = (id: number) =>
    t.app.ctx.db
      .selectFrom('device')
      .select(['serviceExpiredDate', 'dataExpiredDate', 'serverLevel', 'smsCount', 'voiceCount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('extends an active device from its current expiry and sets the level', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: id, months: 12, bonusMonths: 2, levelId: 7, dataOnly: false },
      NOW,
    );
    expect(await read(id)).toMatchObject({
      serviceExpiredDate: '2027-10-01T00:00:00.000Z',
      dataExpiredDate: '2028-01-01T00:00:00.000Z',
      serverLevel: 7,
    });
  });

  it('extends a lapsed device from now, not from its old expiry', async () => {
    const id = await device('2025-01-10T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: id, months: 12, bonusMonths: 0, levelId: 3, dataOnly: false },
      NOW,
    );
    expect(await read(id)).toMatchObject({
      serviceExpiredDate: '2027-06-15T08:00:00.000Z',
      dataExpiredDate: '2027-09-15T08:00:00.000Z',
      serverLevel: 3,
    });
  });

  it('a data-only credit moves the data expiry alone', async () => {
    const id = await device('2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: id, months: 6, bonusMonths: 0, levelId: 9, dataOnly: true },
      NOW,
    );
    expect(await read(id)).toMatchObject({
      serviceExpiredDate: '2026-01-01T00:00:00.000Z',
      dataExpiredDate: '2026-12-15T08:00:00.000Z',
      serverLevel: 0,
    });
  });

  it('1,200 months, or a result in 2099 or later, is lifelong; crediting a lifelong device keeps it', async () => {
    const a = await device('2026-08-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: a, months: 1200, bonusMonths: 0, levelId: 1, dataOnly: false },
      NOW,
    );
    expect((await read(a)).serviceExpiredDate).toBe(LIFELONG_EXPIRY);
    const b = await device('2090-01-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: b, months: 120, bonusMonths: 0, levelId: 1, dataOnly: false },
      NOW,
    );
    expect((await read(b)).serviceExpiredDate).toBe(LIFELONG_EXPIRY);
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: b, months: 12, bonusMonths: 0, levelId: 2, dataOnly: false },
      NOW,
    );
    expect(await read(b)).toMatchObject({ serviceExpiredDate: LIFELONG_EXPIRY, serverLevel: 2 });
  });

  it('refuses bad input with a field-naming error and changes nothing', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    const before = await read(id);
    const bad = [
      { months: 0, bonusMonths: 0, field: 'months' },
      { months: -1, bonusMonths: 2, field: 'months' },
      { months: 1.5, bonusMonths: 0, field: 'months' },
      { months: 1, bonusMonths: -2, field: 'bonusMonths' },
    ];
    for (const { field, ...months } of bad)
      await expect(
        creditDeviceService(t.app.ctx.db, { deviceId: id, levelId: 1, dataOnly: false, ...months }, NOW),
      ).rejects.toMatchObject({ key: 'deviceServiceCreditInvalid', params: { field } });
    await expect(
      creditDeviceService(
        t.app.ctx.db,
        { deviceId: id, months: 1, bonusMonths: 0, levelId: -1, dataOnly: false },
        NOW,
      ),
    ).rejects.toMatchObject({ params: { field: 'levelId' } });
    await expect(
      creditDeviceService(
        t.app.ctx.db,
        { deviceId: 99_999_999, months: 1, bonusMonths: 0, levelId: 1, dataOnly: false },
        NOW,
      ),
    ).rejects.toMatchObject({ key: 'deviceNotFound' });
    await expect(
      creditDeviceCounts(t.app.ctx.db, { deviceId: id, smsCount: 0, voiceCount: 0 }),
    ).rejects.toMatchObject({
      key: 'deviceServiceCreditInvalid',
    });
    await expect(
      creditDeviceCounts(t.app.ctx.db, { deviceId: id, smsCount: -5, voiceCount: 10 }),
    ).rejects.toMatchObject({
      params: { field: 'smsCount' },
    });
    await expect(
      reverseDeviceService(t.app.ctx.db, { deviceId: id, months: 0, bonusMonths: 0 }),
    ).rejects.toMatchObject({
      key: 'deviceServiceCreditInvalid',
    });
    await expect(creditPremium(t.app.ctx.db, { accountId: user.id, months: 0 }, NOW)).rejects.toMatchObject({
      key: 'deviceServiceCreditInvalid',
    });
    expect(await read(id)).toEqual(before);
  });

  it('adds counts atomically, also when credited concurrently', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        creditDeviceCounts(t.app.ctx.db, { deviceId: id, smsCount: 100, voiceCount: 5 }),
      ),
    );
    expect(await read(id)).toMatchObject({ smsCount: 2000, voiceCount: 100 });
  });

  it('concurrent service credits of one device all count', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.ctx.db
          .transaction()
          .execute((trx) =>
            creditDeviceService(
              trx,
              { deviceId: id, months: 1, bonusMonths: 0, levelId: 4, dataOnly: false },
              NOW,
            ),
          ),
      ),
    );
    expect((await read(id)).serviceExpiredDate).toBe('2027-02-01T00:00:00.000Z');
  });

  it('a credit inside a transaction that rolls back leaves nothing', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await creditDeviceService(
          trx,
          { deviceId: id, months: 12, bonusMonths: 0, levelId: 4, dataOnly: false },
          NOW,
        );
        await creditDeviceCounts(trx, { deviceId: id, smsCount: 10, voiceCount: 0 });
        throw new Error('payment failed later');
      }),
    ).rejects.toThrow('payment failed later');
    expect(await read(id)).toMatchObject({
      serviceExpiredDate: '2026-08-01T00:00:00.000Z',
      smsCount: 0,
      serverLevel: 0,
    });
  });

  it('reverses a refunded credit; a lifelong one refunded as lifelong ends now', async () => {
    const id = await device('2026-08-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: id, months: 12, bonusMonths: 1, levelId: 2, dataOnly: false },
      NOW,
    );
    await reverseDeviceService(t.app.ctx.db, { deviceId: id, months: 12, bonusMonths: 1 }, NOW);
    expect(await read(id)).toMatchObject({
      serviceExpiredDate: '2026-08-01T00:00:00.000Z',
      dataExpiredDate: '2026-11-01T00:00:00.000Z',
    });
    const life = await device('2026-08-01T00:00:00.000Z');
    await creditDeviceService(
      t.app.ctx.db,
      { deviceId: life, months: 1200, bonusMonths: 0, levelId: 2, dataOnly: false },
      NOW,
    );
    await reverseDeviceService(t.app.ctx.db, { deviceId: life, months: 12, bonusMonths: 0 }, NOW);
    expect((await read(life)).serviceExpiredDate).toBe(LIFELONG_EXPIRY);
    await reverseDeviceService(t.app.ctx.db, { deviceId: life, months: 1200, bonusMonths: 0 }, NOW);
    expect(await read(life)).toMatchObject({
      serviceExpiredDate: NOW.toISOString(),
      dataExpiredDate: '2026-09-15T08:00:00.000Z',
    });
  });

  it('extends premium from now when none or lapsed, and from its end while active', async () => {
    const member = await signedIn(t.app);
    await creditPremium(t.app.ctx.db, { accountId: member.id, months: 1 }, NOW);
    const first = await t.app.ctx.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(first.premiumExpiresAt).toBe('2026-07-15T08:00:00.000Z');
    await creditPremium(t.app.ctx.db, { accountId: member.id, months: 12 }, NOW);
    const second = await t.app.ctx.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(second.premiumExpiresAt).toBe('2027-07-15T08:00:00.000Z');
    await creditPremium(
      t.app.ctx.db,
      { accountId: member.id, months: 1 },
      new Date('2028-01-01T00:00:00.000Z'),
    );
    const third = await t.app.ctx.db
      .selectFrom('account')
      .select('premiumExpiresAt')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(third.premiumExpiresAt).toBe('2028-02-01T00:00:00.000Z');
    await expect(
      creditPremium(t.app.ctx.db, { accountId: 99_999_999, months: 1 }, NOW),
    ).rejects.toMatchObject({
      key: 'notFound',
    });
  });
});
