import { ACTIONS, CLOUD_ROUTE_KEYS, SYSTEM_ROLE_PERMISSIONS } from '@coldchain/shared';
import type { AppContext } from '../context.ts';
import { DEMO_DEVICES } from '../ingest/demo-devices.ts';
import { AssetsRepo } from '../modules/assets/assets.repo.ts';
import { OrganizationsRepo } from '../modules/organizations/organizations.repo.ts';
import { ORG_ADMIN_ROLE, ORG_MEMBER_ROLE } from '../modules/organizations/organizations.service.ts';
import { ProjectsRepo } from '../modules/projects/projects.repo.ts';
import { RolesRepo } from '../modules/roles/roles.repo.ts';

export const DEMO_ORGANIZATION = 'Coldchain Demo Ltd';
export const DEMO_PROJECT = 'Vaccine cold chain';
export const DEMO_ASSET = 'Vaccine store';
/** The demo user's role: a personal user who may also open the cloud-chain scene (scene 2). */
export const DEMO_USER_ROLE = 'custom_demo_user';
/** The devices of the vaccine store (the asset and the organization): the cold rooms and the freezer. */
const STORE_PROFILES: readonly string[] = ['coldRoom', 'freezer'];

interface DemoAccount {
  id: number;
  platformId: number;
  roleCode: string;
}

async function account(ctx: AppContext, userName: string): Promise<DemoAccount | undefined> {
  return ctx.db
    .selectFrom('account')
    .innerJoin('platform', 'platform.id', 'account.platformId')
    .select(['account.id', 'account.platformId', 'account.roleCode'])
    .where('account.userName', '=', userName)
    .where('platform.isDefault', '=', 1)
    .executeTakeFirst();
}

/**
 * The demo's people and groupings, once: demo_operator's organization with demo_user as a member and
 * the vaccine store's devices in it, demo_user's project holding the whole fleet (scene 2's "my
 * project") and an asset holding the store's devices, and a platform role that gives demo_user the
 * cloud-chain scene besides the personal console. Each piece is added when missing, so a user's own
 * changes (a renamed project, another role) stay.
 */
export async function seedDemoOrganization(ctx: AppContext): Promise<void> {
  const [operator, user] = [await account(ctx, 'demo_operator'), await account(ctx, 'demo_user')];
  if (!operator || !user) return;
  const now = ctx.clock.now().toISOString();
  const devices = await ctx.db
    .selectFrom('device')
    .select(['id', 'deviceGuid', 'organizationId', 'projectId'])
    .where('accountId', '=', user.id)
    .where(
      'deviceGuid',
      'in',
      DEMO_DEVICES.map((d) => d.guid),
    )
    .execute();
  const storeGuids: string[] = DEMO_DEVICES.filter((d) => STORE_PROFILES.includes(d.profile)).map(
    (d) => d.guid,
  );
  const store = devices.filter((d) => storeGuids.includes(d.deviceGuid)).map((d) => d.id);

  const orgs = new OrganizationsRepo(ctx.db);
  let org = await ctx.db
    .selectFrom('organization')
    .select('id')
    .where('platformId', '=', operator.platformId)
    .where('creatorAccountId', '=', operator.id)
    .where('name', '=', DEMO_ORGANIZATION)
    .executeTakeFirst();
  if (!org) {
    org = await orgs.insert(
      {
        platformId: operator.platformId,
        name: DEMO_ORGANIZATION,
        parentId: null,
        creatorAccountId: operator.id,
        createdAt: now,
        updatedAt: now,
      },
      await orgs.roleIdByCode(ORG_ADMIN_ROLE),
    );
    await ctx.db
      .insertInto('organizationMember')
      .values({
        organizationId: org.id,
        accountId: user.id,
        roleId: await orgs.roleIdByCode(ORG_MEMBER_ROLE),
        permissionModelId: null,
        createdAt: now,
      })
      .execute();
    await orgs.setDeviceOrganization(store, org.id, now);
  }

  const projects = new ProjectsRepo(ctx.db);
  if ((await projects.all(user.id)).length === 0) {
    await projects.insert(
      {
        platformId: user.platformId,
        accountId: user.id,
        projectName: DEMO_PROJECT,
        createdAt: now,
        updatedAt: now,
      },
      devices.map((d) => d.id),
    );
  }

  const asset = await ctx.db
    .selectFrom('asset')
    .select('id')
    .where('accountId', '=', user.id)
    .executeTakeFirst();
  if (!asset) {
    await new AssetsRepo(ctx.db).insert(
      {
        platformId: user.platformId,
        accountId: user.id,
        organizationId: null,
        combName: DEMO_ASSET,
        combTypeName: 'Cold store',
        combNum: 'VS001',
        brand: null,
        model: null,
        volume: '120 m³',
        description: 'Two cold rooms and a vaccine freezer',
        customKeys: '[]',
        customValues: '[]',
        combState: 1,
        image: null,
        createdAt: now,
        updatedAt: now,
      },
      store,
    );
  }

  await seedDemoUserRole(ctx, user, now);
}

/** demo_user's role: created once and given to demo_user while it still holds the personal role. */
async function seedDemoUserRole(ctx: AppContext, user: DemoAccount, now: string): Promise<void> {
  const keys = [
    ...SYSTEM_ROLE_PERMISSIONS.personalUser,
    ...CLOUD_ROUTE_KEYS.flatMap((route) => [route, ...ACTIONS.map((action) => `${route}:${action}`)]),
  ];
  const roles = new RolesRepo(ctx.db);
  const found = await ctx.db
    .selectFrom('role')
    .select('id')
    .where('code', '=', DEMO_USER_ROLE)
    .executeTakeFirst();
  if (found) return;
  await roles.insert(
    {
      code: DEMO_USER_ROLE,
      roleName: 'Demo user',
      roleType: 'custom',
      description: 'Console + cloud',
      platformId: user.platformId,
      createdAt: now,
      ownerAccountId: null,
    },
    keys,
  );
  if (user.roleCode === 'personalUser')
    await ctx.db.updateTable('account').set({ roleCode: DEMO_USER_ROLE }).where('id', '=', user.id).execute();
}
