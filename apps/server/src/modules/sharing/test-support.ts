import type { DeviceShare, PermissionItem, PermissionModel } from '@coldchain/shared';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import { call } from '../../test/harness.ts';

/** A clock the tests move forward (share ends, link validity). */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const SHARE = '/api/device/DeviceShare';
export const TRANSFER = '/api/device/DeviceTransfer';
export const MODEL = '/api/device/DevicePermissionModel';

export async function createTemplate(
  app: FastifyInstance,
  token: string,
  body: { name: string; deviceTypeId?: number | null; items: PermissionItem[] },
): Promise<PermissionModel> {
  const answer = await call<PermissionModel>(app, 'POST', `${MODEL}/insert`, { token, body });
  if (answer.code !== 0) throw new Error(`template insert failed: ${answer.msg}`);
  return answer.data;
}

/** Shares devices and has the recipient accept every one of them. */
export async function shareAccepted(
  app: FastifyInstance,
  owner: string,
  recipient: { userName: string; token: string },
  deviceIds: number[],
  permissionModelId: number | null = null,
): Promise<DeviceShare[]> {
  const shared = await call<{ shares: DeviceShare[] }>(app, 'POST', `${SHARE}/batchShare`, {
    token: owner,
    body: { deviceIds, account: recipient.userName, permissionModelId },
  });
  if (shared.code !== 0) throw new Error(`share failed: ${shared.msg}`);
  for (const share of shared.data.shares) {
    const accepted = await call(app, 'PUT', `${SHARE}/accept`, {
      token: recipient.token,
      body: { id: share.id },
    });
    if (accepted.code !== 0) throw new Error(`accept failed: ${accepted.msg}`);
  }
  return shared.data.shares;
}

export const item = (
  permissionCode: string,
  kind: PermissionItem['kind'],
  viewStatus: 1 | 0 | -1,
  setStatus: 1 | 0 | -1,
): PermissionItem => ({ permissionCode, kind, viewStatus, setStatus });
