import type { SystemRoleCode } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import { newAccountRow, newProfileRow } from '../modules/accounts/new-account.ts';

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
    .values(
      newAccountRow(
        {
          platformId,
          userName: options.userName ?? `user_${process.pid}_${counter}`,
          passwordHash: await hashPassword(password),
          phone: options.phone ?? null,
          email: options.email ?? null,
          accountType: options.roleCode === 'enterpriseAdmin' ? 2 : 1,
          roleCode: options.roleCode ?? 'personalUser',
        },
        now,
      ),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  const fda = options.enableFda ? 1 : 0;
  await db
    .insertInto('userProfile')
    .values({
      accountId: account.id,
      ...newProfileRow(now, {
        identity: options.identity === undefined ? 'manager' : options.identity,
        industry: 'pharma',
        enableProtect: fda,
        enableFda: fda,
      }),
    })
    .execute();
  return { account, password };
}
