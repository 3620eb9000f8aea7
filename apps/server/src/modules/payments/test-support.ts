import type { DeviceDetail, OrderCreated } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { type Answer, call, login } from '../../test/harness.ts';
import { addDevice, publishedType, signedIn } from '../devices/test-support.ts';
import { type SeededPackage, seedPackage } from '../service-packages/test-support.ts';
import { paymentsOf } from './payments.module.ts';
import type { PayOrderRow } from './providers/provider.ts';
import type { SandboxNoticeBody } from './providers/sandbox.ts';

/** Helpers for the payment tests: a sellable package, buyers with devices, orders and notices. */

export const DEPOSIT = '/api/payment/PayDeviceDepositRecord';
/** The price of the test level's 12-month row, cents per device. */
export const UNIT_FEE = 12_000;

export interface PurchaseWorld {
  platformId: number;
  typeId: number;
  otherTypeId: number;
  pkg: SeededPackage;
  levelId: number;
  yearId: number;
  freeLevelId: number;
  freeYearId: number;
}

/** A device type with a package it may buy on the default platform: a paid level (12 months, 120.00, 1 bonus month) and a free one. */
export async function purchaseWorld(app: FastifyInstance): Promise<PurchaseWorld> {
  const operator = await login(app, 'demo_operator');
  const { type } = await publishedType(app, operator);
  const { type: other } = await publishedType(app, operator);
  const platform = await app.ctx.db
    .selectFrom('platform')
    .select('id')
    .where('isDefault', '=', 1)
    .executeTakeFirstOrThrow();
  const pkg = await seedPackage(app.ctx.db, platform.id, {
    deviceTypeIds: [type.id, other.id],
    levels: [
      {
        levelName: 'Standard',
        years: [{ timeLength: 12, serviceFee: 10_000, dataFee: 2_000, presentationMonth: 1 }],
      },
      { levelName: 'Free', free: true, years: [{ timeLength: 2, serviceFee: 0, dataFee: 0 }] },
    ],
  });
  const [paid, free] = pkg.levels;
  if (!paid?.yearIds[0] || !free?.yearIds[0]) throw new Error('package seeding failed');
  return {
    platformId: platform.id,
    typeId: type.id,
    otherTypeId: other.id,
    pkg,
    levelId: paid.levelId,
    yearId: paid.yearIds[0],
    freeLevelId: free.levelId,
    freeYearId: free.yearIds[0],
  };
}

export interface Buyer {
  id: number;
  token: string;
  devices: DeviceDetail[];
}

/** A new personal account with devices of a type. */
export async function buyerWithDevices(app: FastifyInstance, typeId: number, count = 1): Promise<Buyer> {
  const account = await signedIn(app);
  const devices: DeviceDetail[] = [];
  for (let i = 0; i < count; i += 1)
    devices.push(await addDevice(app, account.token, typeId, { deviceName: `Freezer ${i + 1}` }));
  return { id: account.id, token: account.token, devices };
}

/** The body of a single-device service order at the test price. */
export function serviceOrderBody(
  world: PurchaseWorld,
  deviceId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    deviceId,
    levelId: world.levelId,
    levelYearId: world.yearId,
    servicePackageId: world.pkg.packageId,
    payType: 1,
    serviceFee: 10_000,
    totalFee: UNIT_FEE,
    applyFlag: 0,
    ...overrides,
  };
}

export async function createServiceOrder(
  app: FastifyInstance,
  token: string,
  world: PurchaseWorld,
  deviceId: number,
  overrides: Record<string, unknown> = {},
): Promise<Answer<OrderCreated>> {
  return call<OrderCreated>(app, 'POST', `${DEPOSIT}/createDeviceDeposit`, {
    token,
    body: serviceOrderBody(world, deviceId, overrides),
    locale: 'en-US',
  });
}

export async function orderRow(app: FastifyInstance, orderId: string | number): Promise<PayOrderRow> {
  return app.ctx.db
    .selectFrom('payOrder')
    .selectAll()
    .where('id', '=', Number(orderId))
    .executeTakeFirstOrThrow();
}

/** The app listening on a free loopback port (providers post notices over real HTTP); its origin. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A sandbox notice signed like the sandbox signs them (at `at`, now by default). */
export function signedSandboxNotice(app: FastifyInstance, body: SandboxNoticeBody, at = Date.now()) {
  const text = JSON.stringify(body);
  return {
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': paymentsOf(app.ctx).sandbox.sign(text, at),
    },
    body: text,
  };
}

/** Posts a notice to the notify endpoint over HTTP. */
export async function postToNotify(
  origin: string,
  provider: string,
  notice: { headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${origin}/api/payment/notify/${provider}`, {
    method: 'POST',
    headers: notice.headers,
    body: notice.body,
  });
  return { status: response.status, body: await response.text() };
}

/** How many notices settled an order, and the device's service expiry. */
export async function creditState(app: FastifyInstance, orderId: number, deviceId: number) {
  const db = app.ctx.db;
  const notices = await db.selectFrom('paymentNotice').select('id').where('orderId', '=', orderId).execute();
  const device = await db
    .selectFrom('device')
    .select(['serviceExpiredDate', 'serverLevel'])
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return { notices: notices.length, ...device };
}
