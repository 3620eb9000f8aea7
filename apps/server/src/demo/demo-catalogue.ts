import { PARAM_VOCATIONAL_PROBE, paramInsertSchema } from '@coldchain/shared';
import type { AppContext } from '../context.ts';
import { DEMO_DEVICES, DEMO_TYPE_CODE } from '../ingest/demo-devices.ts';
import { DeviceParamsRepo } from '../modules/catalogue/device-params.repo.ts';
import { DeviceParamsService } from '../modules/catalogue/device-params.service.ts';
import { DeviceTypesRepo } from '../modules/catalogue/device-types.repo.ts';

/** Relative humidity: its own classification, the basic unit of it. */
const HUMIDITY_UNIT = { unitName: 'Relative humidity', unitCode: '%RH', unitClassify: 'humidity' } as const;
/** What a demo logger's probes may be set to, and the humidity band the demo watches. */
const TEMPERATURE_RANGE = { min: -40, max: 85 } as const;
const HUMIDITY_LIMITS = { lower: 30, upper: 95 } as const;

/** The demo logger's probes: two temperature probes and a humidity probe (tools/device-sim numbering). */
const PROBES = [
  {
    probeId: 1,
    paramName: 'Temperature 1',
    paramKey: 'A1',
    unit: 'C',
    min: TEMPERATURE_RANGE.min,
    max: TEMPERATURE_RANGE.max,
  },
  {
    probeId: 2,
    paramName: 'Temperature 2',
    paramKey: 'A2',
    unit: 'C',
    min: TEMPERATURE_RANGE.min,
    max: TEMPERATURE_RANGE.max,
  },
  { probeId: 3, paramName: 'Humidity', paramKey: 'A3', unit: HUMIDITY_UNIT.unitCode, min: 0, max: 100 },
] as const;

async function unitId(ctx: AppContext, unitCode: string, now: string): Promise<number> {
  const found = await ctx.db
    .selectFrom('baseUnit')
    .select('id')
    .where('unitCode', '=', unitCode)
    .executeTakeFirst();
  if (found) return found.id;
  if (unitCode !== HUMIDITY_UNIT.unitCode) throw new Error(`unit ${unitCode} is missing`);
  const row = await ctx.db
    .insertInto('baseUnit')
    .values({
      ...HUMIDITY_UNIT,
      localeCode: null,
      basicUnitStatus: 1,
      unitPic: null,
      alarmPic: null,
      toBasicFormula: null,
      formBasicFormula: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Gives the demo logger type its probe parameters (units, settable ranges) through the catalogue's
 * own rules, and each demo device its probe limits, so the device detail shows probes whose limits
 * can be edited and alarms follow them. Idempotent: parameters are added once per key, limits only
 * where a device has none (a user's changes stay).
 */
export async function seedDemoCatalogue(ctx: AppContext): Promise<void> {
  const type = await ctx.db
    .selectFrom('deviceType')
    .select('id')
    .where('typeCode', '=', DEMO_TYPE_CODE)
    .executeTakeFirst();
  if (!type) return;
  const now = ctx.clock.now().toISOString();
  const repo = new DeviceParamsRepo(ctx.db);
  const params = new DeviceParamsService(repo, new DeviceTypesRepo(ctx.db), ctx.clock);
  for (const [index, probe] of PROBES.entries()) {
    if (await repo.byKey(type.id, probe.paramKey)) continue;
    await params.insert(
      paramInsertSchema.parse({
        deviceTypeId: type.id,
        paramName: probe.paramName,
        paramKey: probe.paramKey,
        paramSortNo: index + 1,
        vocationalWork: PARAM_VOCATIONAL_PROBE,
        probeId: probe.probeId,
        precisionUnit: 1,
        paramMin: probe.min,
        paramMax: probe.max,
        paramUnit: await unitId(ctx, probe.unit, now),
      }),
    );
  }

  for (const demo of DEMO_DEVICES) {
    const device = await ctx.db
      .selectFrom('device')
      .select('id')
      .where('deviceGuid', '=', demo.guid)
      .executeTakeFirst();
    if (!device) continue;
    const temperatureProbes = demo.profile === 'freezer' ? [1] : [1, 2];
    const limits = [
      ...temperatureProbes.map((probeId) => ({ probeId, upperLimit: demo.upper, lowerLimit: demo.lower })),
      ...(demo.profile === 'freezer'
        ? []
        : [{ probeId: 3, upperLimit: HUMIDITY_LIMITS.upper, lowerLimit: HUMIDITY_LIMITS.lower }]),
    ];
    await ctx.db
      .insertInto('deviceProbeSetting')
      .values(
        limits.map((l) => ({
          deviceId: device.id,
          probeName: PROBES.find((p) => p.probeId === l.probeId)?.paramName ?? null,
          correctionValue: 0,
          updatedAt: now,
          ...l,
        })),
      )
      .onConflict((oc) => oc.columns(['deviceId', 'probeId']).doNothing())
      .execute();
  }
}
