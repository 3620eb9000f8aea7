import type { SystemRoleCode } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';

let counter = 0;

/** A live account on a platform (the default one unless named), with a profile. */
export async function createAccount(
  app: FastifyInstance,
  options: {
    roleCode?: SystemRoleCode;
    platformId?: number;
    userName?: string;
    password?: string;
    phone?: string | null;
    email?: string | null;
    enableFda?: boolean;
    identity?: string | null;
  } = {},
) {
  const db = app.ctx.db;
  counter += 1;
  const platformId =
    options.platformId ??
    (await db.selectFrom('platform').select('id').where('isDefault', '=', 1).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  const password = options.password ?? 'Passw0rd!';
  const account = await db
    .insertInto('account')
    .values({
      platformId,
      userName: options.userName ?? `user_${process.pid}_${counter}`,
      passwordHash: await hashPassword(password),
      phone: options.phone ?? null,
      email: options.email ?? null,
      countryCode: '86',
      realName: null,
      companyName: null,
      accountType: options.roleCode === 'enterpriseAdmin' ? 2 : 1,
      roleCode: options.roleCode ?? 'personalUser',
      foreignFlag: 0,
      accountPhoto: null,
      timeZone: 'Asia/Shanghai',
      temperatureUnit: 'C',
      contractorCompany: null,
      contractorContact: null,
      premiumExpiresAt: null,
      failedLoginCount: 0,
      lockedUntil: null,
      deletedFlag: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('userProfile')
    .values({
      accountId: account.id,
      identity: options.identity === undefined ? 'manager' : options.identity,
      industry: 'pharma',
      alarmToneStatus: 1,
      homePage: null,
      walletStatus: 0,
      enableProtect: options.enableFda ? 1 : 0,
      enableFda: options.enableFda ? 1 : 0,
      updatedAt: now,
    })
    .execute();
  return { account, password };
}
