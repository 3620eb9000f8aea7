import type { AuditService } from '../../audit/audit.service.ts';
import { type DeviceCaller, type DeviceView, inScope, visibleDevices } from './device-policy.ts';

/** What of another account's device an operator opened: its detail, its history, or an export of it. */
export type ViewedPart = 'detail' | 'history' | 'export';

/**
 * An operator reading another account's device through the back office (operation.device) leaves an
 * entry in the operation log: who looked, at which device of which owner, and at what. What the
 * operator could read through the console anyway (own, shared and organization devices) is not logged.
 */
export async function recordBackOfficeView(
  audit: AuditService,
  caller: DeviceCaller,
  device: {
    id: number;
    platformId: number;
    accountId: number;
    organizationId: number | null;
    deviceGuid: string;
    deviceName: string;
  },
  view: DeviceView,
  part: ViewedPart,
): Promise<void> {
  if (view !== 'backOffice' || inScope(visibleDevices(caller, 'console'), device)) return;
  await audit.append({
    platformId: caller.platformId,
    accountId: caller.accountId,
    accountName: caller.userName,
    action: 'device.backOfficeView',
    entityType: 'device',
    entityId: device.id,
    newValue: {
      deviceName: device.deviceName,
      deviceGuid: device.deviceGuid,
      ownerAccountId: device.accountId,
      part,
    },
    sourceIp: caller.sourceIp,
  });
}
