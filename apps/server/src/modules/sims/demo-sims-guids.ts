import type { AppContext } from '../../context.ts';
import { DEMO_DEVICES, DEMO_TYPE_CODE } from '../../ingest/demo-devices.ts';
import { GuidsRepo } from '../guids/guids.repo.ts';

/** Demo SIM cards: the first three sit in demo_user's cold rooms and freezer. */
const DEMO_SIMS = [
  { iccId: '89860012345678900001', cardNum: '1064912345001', operator: 'China Mobile', useState: 'active' },
  { iccId: '89860012345678900002', cardNum: '1064912345002', operator: 'China Mobile', useState: 'active' },
  { iccId: '89860112345678900003', cardNum: '1064912345003', operator: 'China Unicom', useState: 'active' },
  {
    iccId: '89860112345678900004',
    cardNum: '1064912345004',
    operator: 'China Unicom',
    useState: 'notActivated',
  },
  {
    iccId: '89860312345678900005',
    cardNum: '1064912345005',
    operator: 'China Telecom',
    useState: 'suspended',
  },
  {
    iccId: '89860312345678900006',
    cardNum: '1064912345006',
    operator: 'China Telecom',
    useState: 'notActivated',
  },
] as const;
const BOUND = 3;
const DEMO_ORDER_CODE = 'DEMO-GUID-001';
const DEMO_GUIDS = 20;
/** Demo GUIDs: 16 digits under a prefix no generated GUID of the demo's own batch draws twice. */
const demoGuid = (n: number) => `9026${String(n).padStart(12, '0')}`;

/**
 * Gives the default platform's back office six SIM cards, three of them bound to demo_user's first
 * devices (whose iccId follows), and one GUID batch of the demo device type with two GUIDs locked.
 * Runs at every start; does nothing once the demo cards and batch exist.
 */
export async function seedDemoSimsAndGuids(ctx: AppContext): Promise<void> {
  const platform = await ctx.db
    .selectFrom('platform')
    .select('id')
    .where('isDefault', '=', 1)
    .executeTakeFirst();
  if (!platform) return;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const day = (monthsFromNow: number) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() + monthsFromNow);
    return d.toISOString().slice(0, 10);
  };
  for (const [index, sim] of DEMO_SIMS.entries()) {
    const found = await ctx.db
      .selectFrom('simCard')
      .select('id')
      .where('platformId', '=', platform.id)
      .where('iccId', '=', sim.iccId)
      .executeTakeFirst();
    if (found) continue;
    const device =
      index < BOUND
        ? await ctx.db
            .selectFrom('device')
            .select(['id', 'lastSeenAt'])
            .where('deviceGuid', '=', DEMO_DEVICES[index]?.guid ?? '')
            .where('platformId', '=', platform.id)
            .executeTakeFirst()
        : undefined;
    const taken = device
      ? await ctx.db.selectFrom('simCard').select('id').where('deviceId', '=', device.id).executeTakeFirst()
      : undefined;
    const deviceId = device && !taken ? device.id : null;
    await ctx.db
      .insertInto('simCard')
      .values({
        platformId: platform.id,
        iccId: sim.iccId,
        cardNum: sim.cardNum,
        operator: sim.operator,
        source: 'Demo supplier',
        openTime: day(-6),
        activeTime: sim.useState === 'notActivated' ? null : day(-5),
        expiredTime: day(index === 4 ? 1 : 18),
        lastOnline: null,
        useState: sim.useState,
        rechargeState: index % 2 === 0 ? 'recharged' : 'notRecharged',
        balance: 1000 + index * 250,
        plan: '30 MB / month',
        freeMonth: 2,
        description: index < BOUND ? 'Demo logger card' : null,
        deviceId,
        createdAt: iso,
        updatedAt: iso,
      })
      .execute();
    if (deviceId !== null)
      await ctx.db.updateTable('device').set({ iccId: sim.iccId }).where('id', '=', deviceId).execute();
  }

  const type = await ctx.db
    .selectFrom('deviceType')
    .select('id')
    .where('typeCode', '=', DEMO_TYPE_CODE)
    .executeTakeFirst();
  if (!type) return;
  const batch = await ctx.db
    .selectFrom('guidBatch')
    .select('id')
    .where('platformId', '=', platform.id)
    .where('orderCode', '=', DEMO_ORDER_CODE)
    .executeTakeFirst();
  if (batch) return;
  const operator = await ctx.db
    .selectFrom('account')
    .select(['id', 'userName'])
    .where('platformId', '=', platform.id)
    .where('userName', '=', 'demo_operator')
    .executeTakeFirst();
  const repo = new GuidsRepo(ctx.db);
  const guids = Array.from({ length: DEMO_GUIDS }, (_, i) => demoGuid(i + 1));
  const taken = await repo.takenGuids(guids);
  const saved = await repo.insertBatch(
    {
      platformId: platform.id,
      orderCode: DEMO_ORDER_CODE,
      num: DEMO_GUIDS - taken.size,
      deviceTypeId: type.id,
      deviceTag: 'regular',
      domainId: platform.id,
      exportCount: 0,
      lastExportedAt: null,
      creatorId: operator?.id ?? null,
      creatorName: operator?.userName ?? null,
      createdAt: iso,
    },
    guids.filter((g) => !taken.has(g)),
  );
  await ctx.db
    .updateTable('deviceGuid')
    .set({ lockedFlag: 1 })
    .where('batchId', '=', saved.id)
    .where('guid', 'in', [demoGuid(19), demoGuid(20)])
    .execute();
}
