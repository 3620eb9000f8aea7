import {
  type DeviceCaller,
  type DeviceOwnership,
  grantsOn,
  hiddenProbes,
  probeParamsByProbe,
} from './device-policy.ts';
import { withoutProbeLimits } from './devices.presenter.ts';
import type { DeviceRecord, DevicesRepo, TypeParamRow } from './devices.repo.ts';

export type ProbeOwner = DeviceOwnership & { id: number; deviceTypeId: number };

/**
 * Each device the caller reaches through templates only, with its type's probes and those the
 * templates hide; the types' parameters are read in one query, and none at all when no device comes
 * through a template (owners and the back office cost nothing).
 */
export async function probeVisibility<T extends ProbeOwner>(
  repo: DevicesRepo,
  caller: DeviceCaller,
  devices: readonly T[],
) {
  const templated = devices.flatMap((device) => {
    const grants = grantsOn(caller, device);
    // A grant without a template shows everything, so only templates can hide a probe.
    return grants && grants.length > 0 && grants.every((g) => g !== null) ? [{ device, grants }] : [];
  });
  if (templated.length === 0) return [];
  const typeIds = [...new Set(templated.map(({ device }) => device.deviceTypeId))];
  const paramsByType = new Map<number, TypeParamRow[]>();
  for (const param of await repo.probeParamsOfTypes(typeIds)) {
    const list = paramsByType.get(param.deviceTypeId) ?? [];
    list.push(param);
    paramsByType.set(param.deviceTypeId, list);
  }
  return templated.map(({ device, grants }) => {
    const probes = probeParamsByProbe(paramsByType.get(device.deviceTypeId) ?? []);
    return { device, probes, hidden: hiddenProbes(grants, probes) };
  });
}

/** Devices whose first probe the caller may not see answer no limits (they mirror that probe). */
export async function withVisibleLimits<T extends DeviceRecord>(
  repo: DevicesRepo,
  caller: DeviceCaller,
  devices: T[],
): Promise<T[]> {
  const hiding = new Set<number>();
  for (const { device, probes, hidden } of await probeVisibility(repo, caller, devices)) {
    const [first] = probes.keys();
    if (first !== undefined && hidden.has(first)) hiding.add(device.id);
  }
  if (hiding.size === 0) return devices;
  return devices.map((d) => (hiding.has(d.id) ? withoutProbeLimits(d) : d));
}
