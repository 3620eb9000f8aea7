import type { AppContext } from '../context.ts';
import { ServicePackagesRepo } from '../modules/service-packages/service-packages.repo.ts';
import { ServicePackagesService } from '../modules/service-packages/service-packages.service.ts';

/** The demo package's code; its presence means the demo catalogue is there. */
export const DEMO_PACKAGE_CODE = '20260001';

const ITEMS = [
  {
    itemCode: 'DATA_QUERY_EXPORT',
    itemName: 'Data query & export',
    itemSupplement: 'History, curves and reports',
    itemLabel: 'Data',
  },
  {
    itemCode: 'ALARM_SMS',
    itemName: 'SMS alarms',
    itemSupplement: 'Alarm messages by SMS',
    itemLabel: 'SMS',
  },
  { itemCode: 'ALARM_VOICE', itemName: 'Voice alarms', itemSupplement: 'Alarm calls', itemLabel: 'Voice' },
  { itemCode: 'AI_QA', itemName: 'AI questions', itemSupplement: 'Answers about your data', itemLabel: 'AI' },
] as const;

const years = (yuanPerYear: number, dataPerYear: number, bonusOn3 = 0) =>
  [1, 2, 3].map((n) => ({
    timeLength: 12 * n,
    serviceFee: yuanPerYear * 100 * n,
    dataFee: dataPerYear * 100 * n,
    discount: n === 1 ? 100 : n === 2 ? 95 : 90,
    topStatus: n === 2 ? (1 as const) : (0 as const),
    presentationMonth: n === 3 ? bonusOn3 : 0,
  }));

/**
 * The demo's service catalogue on the default platform (001 §3.1): the four service items, a package
 * with a free Basic level, Standard and Premium (1, 2 and 3 years; Premium with a running activity
 * discount and bonus months), the free package, every existing device type allowed to buy it, and
 * SMS and voice packages for country codes 86 (CNY) and 1 (USD). Written once.
 */
export async function seedDemoServicePackages(ctx: AppContext): Promise<void> {
  const platform = await ctx.db
    .selectFrom('platform')
    .select('id')
    .where('isDefault', '=', 1)
    .executeTakeFirstOrThrow();
  const repo = new ServicePackagesRepo(ctx.db);
  if (await repo.packageByCode(platform.id, DEMO_PACKAGE_CODE)) return;
  const service = new ServicePackagesService(repo, ctx.clock);
  for (const item of ITEMS)
    if (!(await repo.itemByCode(platform.id, item.itemCode))) await service.insertItem(platform.id, item);

  const now = ctx.clock.now();
  const inAYear = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  const pkg = await service.insert(platform.id, {
    packageName: 'Cold chain care',
    packageCode: DEMO_PACKAGE_CODE,
    currency: 'CNY',
    enableTime: null,
    levelList: [
      {
        levelName: 'Basic',
        levelDescribe: 'Live data and alarms in the console',
        free: 1,
        activityDiscount: 100,
        itemCodes: ['DATA_QUERY_EXPORT'],
        yearList: [],
      },
      {
        levelName: 'Standard',
        levelDescribe: 'History, reports and SMS alarms',
        free: 0,
        activityDiscount: 100,
        itemCodes: ['DATA_QUERY_EXPORT', 'ALARM_SMS'],
        yearList: years(99, 20),
      },
      {
        levelName: 'Premium',
        levelDescribe: 'Everything, with voice alarms and AI answers',
        free: 0,
        activityDiscount: 85,
        activityStartTime: now.toISOString(),
        activityEndTime: inAYear.toISOString(),
        itemCodes: ['DATA_QUERY_EXPORT', 'ALARM_SMS', 'ALARM_VOICE', 'AI_QA'],
        yearList: years(199, 30, 6).map((y) => (y.timeLength === 12 ? { ...y, presentationMonth: 1 } : y)),
      },
    ],
    freePackage: { levelName: 'Basic', months: 2, smsCount: 20, voiceCount: 5 },
  });
  await service.enable(platform.id, pkg.id);
  const related = await ctx.db
    .selectFrom('payDeviceTypeService')
    .select('deviceTypeId')
    .where('platformId', '=', platform.id)
    .execute();
  const taken = new Set(related.map((r) => r.deviceTypeId));
  const types = await ctx.db.selectFrom('deviceType').select('id').execute();
  await service.setRelations(platform.id, {
    packageId: pkg.id,
    deviceTypeIds: types.map((t) => t.id).filter((id) => !taken.has(id)),
  });

  for (const [countryCode, currency, unit] of [
    ['86', 'CNY', 100],
    ['1', 'USD', 10],
  ] as const) {
    for (const [count, fee] of [
      [100, 10],
      [500, 45],
      [1000, 80],
    ] as const)
      await service.insertSms(platform.id, {
        kind: 'sms',
        countryCode,
        currency,
        packageName: `${count} SMS`,
        count,
        packageFee: fee * unit,
        initialFee: Math.round((count / 10) * unit),
      });
    for (const [count, fee] of [
      [50, 15],
      [200, 50],
    ] as const)
      await service.insertSms(platform.id, {
        kind: 'voice',
        countryCode,
        currency,
        packageName: `${count} calls`,
        count,
        packageFee: fee * unit,
        initialFee: Math.round((count * 3 * unit) / 10),
      });
  }
}
