import {
  type DevicePermission,
  PARAM_VOCATIONAL_PROBE,
  type PermissionCatalogue,
  type PermissionItem,
  type PermissionModelInsert,
  type PermissionModelPageRequest,
  type PermissionModelUpdate,
  paramPermissionCode,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import {
  type DeviceCaller,
  FIXED_PERMISSION_ITEMS,
  grantedItem,
  grantsOn,
} from '../devices/device-policy.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { PermissionModelRow, PermissionModelsRepo } from './permission-models.repo.ts';

type CatalogueItem = PermissionCatalogue['items'][number];

/**
 * Permission templates (002 §3, §6, §9): an account's named sets of visible and operable flags per
 * parameter, block and button, applied to the accounts it shares devices with and to organization
 * members. Templates are private to their account; another account's id answers "not found".
 */
export class PermissionModelsService {
  constructor(
    private readonly repo: PermissionModelsRepo,
    private readonly devices: DevicesService,
    private readonly clock: Clock,
  ) {}

  private now() {
    return this.clock.now().toISOString();
  }

  async page(caller: DeviceCaller, q: PermissionModelPageRequest) {
    const { rows, totalCount } = await this.repo.page(caller.accountId, q);
    const usage = await this.repo.usage(rows.map((r) => r.id));
    return { rows: rows.map((row) => ({ row, usedBy: usage.get(row.id) ?? 0 })), totalCount };
  }

  async detail(caller: DeviceCaller, id: number): Promise<{ row: PermissionModelRow; usedBy: number }> {
    const row = await this.owned(caller, id);
    return { row, usedBy: (await this.repo.usage([id])).get(id) ?? 0 };
  }

  /** A template of the caller, for sharing and the organization pages; none answers "not found". */
  async owned(caller: Pick<DeviceCaller, 'accountId'>, id: number): Promise<PermissionModelRow> {
    const row = await this.repo.owned(caller.accountId, id);
    if (!row) throw new AppError('permissionModelNotFound');
    return row;
  }

  async insert(caller: DeviceCaller, input: PermissionModelInsert) {
    const items = await this.checkedItems(input.deviceTypeId ?? null, input.items);
    const now = this.now();
    const id = await this.repo.insert({
      platformId: caller.platformId,
      accountId: caller.accountId,
      name: input.name,
      deviceTypeId: input.deviceTypeId ?? null,
      items: JSON.stringify(items),
      createdAt: now,
      updatedAt: now,
    });
    return this.detail(caller, id);
  }

  async update(caller: DeviceCaller, input: PermissionModelUpdate) {
    const before = await this.owned(caller, input.id);
    const items = await this.checkedItems(input.deviceTypeId ?? null, input.items);
    await this.repo.update(caller.accountId, input.id, {
      name: input.name,
      deviceTypeId: input.deviceTypeId ?? null,
      items: JSON.stringify(items),
      updatedAt: this.now(),
    });
    return { before, after: await this.detail(caller, input.id) };
  }

  /** A template still applied to a share, a member or a live link cannot go: that would widen access. */
  async delete(caller: DeviceCaller, id: number): Promise<PermissionModelRow> {
    const row = await this.owned(caller, id);
    const used = (await this.repo.usage([id])).get(id) ?? 0;
    if (used > 0 || (await this.repo.inLinks(id, this.now()))) throw new AppError('permissionModelInUse');
    await this.repo.delete(caller.accountId, id);
    return row;
  }

  /** What a template can govern for a device type (or, without one, the blocks, buttons and settings). */
  async catalogue(deviceTypeId: number | null): Promise<CatalogueItem[]> {
    const fixed: CatalogueItem[] = FIXED_PERMISSION_ITEMS.map((i) => ({ ...i, label: null }));
    if (deviceTypeId === null) return fixed;
    if (!(await this.repo.typeExists(deviceTypeId)))
      throw fieldError('deviceTypeId', 'rules.unknownReference');
    const seen = new Set<number>();
    const params: CatalogueItem[] = [];
    // The parameter-settings tab shows one parameter per probe (the first by sort number).
    for (const p of await this.repo.probeParams(deviceTypeId)) {
      if (p.vocationalWork !== PARAM_VOCATIONAL_PROBE || p.probeId === null || seen.has(p.probeId)) continue;
      seen.add(p.probeId);
      params.push({ permissionCode: paramPermissionCode(p.id), kind: 'param', label: p.paramName });
    }
    return [...fixed, ...params];
  }

  /**
   * The caller's permissions on one device, item by item (000 §3): all allowed to its owner (and to
   * the back office), the merged templates of its grants otherwise.
   */
  async devicePermission(caller: DeviceCaller, deviceId: number): Promise<DevicePermission> {
    const device = await this.devices.load(caller, deviceId, 'get');
    const items = await this.catalogue(device.deviceTypeId);
    const grants = grantsOn(caller, device);
    return {
      deviceId: device.id,
      owner: grants === null,
      items: items.map(({ permissionCode, kind }) =>
        grants
          ? grantedItem(grants, permissionCode, kind)
          : { permissionCode, kind, viewStatus: 1, setStatus: kind === 'block' ? -1 : 1 },
      ),
    };
  }

  /**
   * Items must name what the catalogue of the type offers, with its kind; blocks have no operable
   * flag (-1), and an operable item is visible.
   */
  private async checkedItems(
    deviceTypeId: number | null,
    items: PermissionItem[],
  ): Promise<PermissionItem[]> {
    const catalogue = new Map((await this.catalogue(deviceTypeId)).map((i) => [i.permissionCode, i.kind]));
    return items.map((item, index) => {
      if (catalogue.get(item.permissionCode) !== item.kind)
        throw fieldError(`items.${index}.permissionCode`, 'rules.unknownReference');
      const setStatus = item.kind === 'block' ? -1 : item.setStatus;
      const viewStatus = setStatus === 1 ? 1 : item.viewStatus;
      return { ...item, viewStatus, setStatus };
    });
  }
}
