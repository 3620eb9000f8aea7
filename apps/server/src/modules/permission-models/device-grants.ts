import type { PermissionItem } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/create-db.ts';
import type { DeviceGrants, GrantTemplate } from '../devices/device-policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Shares and organization memberships of the signed-in caller (device-policy). */
    deviceGrants: DeviceGrants | null;
  }
}

/** A template's stored items by permission code. */
export function templateOf(id: number, items: string): GrantTemplate {
  const parsed = JSON.parse(items) as PermissionItem[];
  return { id, items: new Map(parsed.map((item) => [item.permissionCode, item])) };
}

/**
 * What an account reaches besides its own devices at `at`: accepted shares not yet ended and the
 * organizations it belongs to, each with its permission template. Two indexed reads by account.
 */
export async function loadDeviceGrants(db: Db, accountId: number, at: string): Promise<DeviceGrants> {
  const [shares, members] = await Promise.all([
    db
      .selectFrom('deviceShare')
      .leftJoin('permissionModel', 'permissionModel.id', 'deviceShare.permissionModelId')
      .select(['deviceShare.deviceId', 'permissionModel.id as modelId', 'permissionModel.items'])
      .where('deviceShare.accountId', '=', accountId)
      .where('deviceShare.state', '=', 'accepted')
      .where((eb) => eb.or([eb('deviceShare.expiresAt', 'is', null), eb('deviceShare.expiresAt', '>', at)]))
      .execute(),
    db
      .selectFrom('organizationMember')
      .leftJoin('permissionModel', 'permissionModel.id', 'organizationMember.permissionModelId')
      .select(['organizationMember.organizationId', 'permissionModel.id as modelId', 'permissionModel.items'])
      .where('organizationMember.accountId', '=', accountId)
      .execute(),
  ]);
  const template = (row: { modelId: number | null; items: string | null }) =>
    row.modelId !== null && row.items !== null ? templateOf(row.modelId, row.items) : null;
  return {
    at,
    shared: new Map(shares.map((row) => [row.deviceId, template(row)])),
    organizations: new Map(members.map((row) => [row.organizationId, template(row)])),
  };
}

/**
 * Loads the grants of every signed-in API call once, after the session is known, so each device
 * check of the request (device-policy, synchronous) sees shares and organizations.
 */
export function registerDeviceGrants(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('deviceGrants', null);
  app.addHook('preHandler', async (request) => {
    if (!request.auth) return;
    request.deviceGrants = await loadDeviceGrants(
      ctx.db,
      request.auth.account.id,
      ctx.clock.now().toISOString(),
    );
  });
}
