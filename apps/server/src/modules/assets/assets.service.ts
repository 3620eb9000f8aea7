import {
  type Action,
  ASSET_DEVICES_MAX,
  ASSET_IMAGE_MAX_BYTES,
  ASSET_STATE_DISABLED,
  ASSET_STATE_ENABLED,
  type AssetInsert,
  type AssetPageRequest,
  type AssetStateChange,
  type AssetUpdate,
  type DeviceBinding,
  IMAGE_EXTENSIONS,
  type OwnedDevicePageRequest,
} from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError } from '../../errors.ts';
import { contentMatches, extensionOf } from '../accounts/avatar-storage.ts';
import { setDeviceAlarmsEnabled } from '../alarms/alarm-switch.ts';
import { authorize, type DeviceCaller, visibleDevices } from '../devices/device-policy.ts';
import type { DeviceRecord, DevicesRepo } from '../devices/devices.repo.ts';
import { authorizedDevices, devicePageOf } from '../organizations/org-devices.ts';
import type { OrganizationsService } from '../organizations/organizations.service.ts';
import { AssetImageStorage, isAssetImageUrl } from './asset-images.ts';
import type { AssetReach, AssetRow, AssetsRepo } from './assets.repo.ts';

export interface LoadedAsset {
  asset: AssetRow;
  /** The owner, or someone who manages the asset's organization. */
  canEdit: boolean;
}

/**
 * Assets (002 §3-§5): things kept cold, with their details, custom key/value pairs, an image and at
 * most five devices. An asset is its owner's; members of its organization see it and those who manage
 * the organization edit it. Disabling an asset stops its devices and switches their alarms off.
 */
export class AssetsService {
  readonly images: AssetImageStorage;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: AssetsRepo,
    private readonly devices: DevicesRepo,
    private readonly organizations: OrganizationsService,
  ) {
    this.images = new AssetImageStorage(ctx.config.dataDir);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  private permit(caller: DeviceCaller, action: Action) {
    if (!caller.permissions.includes(`asset.list:${action}`)) throw new AppError('forbidden');
  }

  private async reach(caller: DeviceCaller): Promise<{ reach: AssetReach; managed: Set<number> }> {
    const visible = await this.organizations.visible(caller);
    const managed = new Set([...visible.values()].filter((v) => v.canManage).map((v) => v.org.id));
    return {
      reach: {
        accountId: caller.accountId,
        platformId: caller.platformId,
        organizationIds: [...visible.keys()],
      },
      managed,
    };
  }

  /** An asset the caller may see; for changes, one it may edit. */
  async load(caller: DeviceCaller, id: number, action: Action): Promise<LoadedAsset> {
    this.permit(caller, action);
    const { reach, managed } = await this.reach(caller);
    const asset = await this.repo.byId(reach, id);
    if (!asset) throw new AppError('notFound', { entity: 'entities.asset' });
    const canEdit =
      asset.accountId === caller.accountId ||
      (asset.organizationId !== null && managed.has(asset.organizationId));
    if (action !== 'query' && !canEdit) throw new AppError('organizationManageDenied');
    return { asset, canEdit };
  }

  async page(caller: DeviceCaller, q: AssetPageRequest) {
    this.permit(caller, 'query');
    const { reach, managed } = await this.reach(caller);
    const { rows, totalCount } = await this.repo.page(reach, q);
    const counts = await this.repo.deviceCounts(rows.map((r) => r.id));
    const canEdit = (a: AssetRow) =>
      a.accountId === caller.accountId || (a.organizationId !== null && managed.has(a.organizationId));
    return { rows: rows.map((asset) => ({ asset, canEdit: canEdit(asset) })), counts, totalCount };
  }

  deviceCounts(ids: readonly number[]) {
    return this.repo.deviceCounts(ids);
  }

  /** Custom keys and values pair up by position: the same number, no value without its key. */
  private customInfo(keys: readonly string[], values: readonly string[]) {
    if (keys.length !== values.length || keys.some((k) => k === '')) throw new AppError('customInfoMismatch');
    if (new Set(keys).size !== keys.length) throw fieldError('customKeys', 'rules.duplicates');
    return { customKeys: JSON.stringify(keys), customValues: JSON.stringify(values) };
  }

  private checkImage(image: string | null | undefined) {
    if (image && !isAssetImageUrl(image)) throw fieldError('image', 'rules.invalidFormat');
  }

  /** An organization the caller manages, for an asset to belong to. */
  private async organizationFor(caller: DeviceCaller, organizationId: number | null | undefined) {
    if (!organizationId) return null;
    await this.organizations.managed(caller, organizationId);
    return organizationId;
  }

  /** Devices the caller may edit, in no other asset, at most five with those already bound. */
  private async bindable(caller: DeviceCaller, assetId: number | null, deviceIds: readonly number[]) {
    const devices = await authorizedDevices(this.devices, caller, deviceIds, 'edit');
    const elsewhere = await this.repo.boundElsewhere(
      assetId,
      devices.map((d) => d.id),
    );
    const taken = devices.find((d) => elsewhere.some((e) => e.deviceId === d.id));
    if (taken) throw new AppError('deviceInOtherAsset', { name: taken.deviceName });
    return devices;
  }

  async insert(caller: DeviceCaller, input: AssetInsert) {
    this.permit(caller, 'add');
    if ((input.deviceIds?.length ?? 0) > ASSET_DEVICES_MAX) throw new AppError('assetDeviceLimit');
    const custom = this.customInfo(input.customKeys ?? [], input.customValues ?? []);
    this.checkImage(input.image);
    const organizationId = await this.organizationFor(caller, input.organizationId);
    const devices = input.deviceIds?.length ? await this.bindable(caller, null, input.deviceIds) : [];
    if (devices.length > ASSET_DEVICES_MAX) throw new AppError('assetDeviceLimit');
    const now = this.now();
    return this.repo.insert(
      {
        platformId: caller.platformId,
        accountId: caller.accountId,
        organizationId,
        combName: input.combName,
        combTypeName: input.combTypeName || null,
        combNum: input.combNum || null,
        brand: input.brand || null,
        model: input.model || null,
        volume: input.volume || null,
        description: input.desc || null,
        ...custom,
        combState: ASSET_STATE_ENABLED,
        image: input.image || null,
        createdAt: now,
        updatedAt: now,
      },
      devices.map((d) => d.id),
    );
  }

  async update(caller: DeviceCaller, input: AssetUpdate) {
    const { asset } = await this.load(caller, input.id, 'edit');
    const keys = input.customKeys ?? (JSON.parse(asset.customKeys) as string[]);
    const values = input.customValues ?? (JSON.parse(asset.customValues) as string[]);
    const custom =
      input.customKeys !== undefined || input.customValues !== undefined ? this.customInfo(keys, values) : {};
    this.checkImage(input.image);
    const text = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
    const changes = {
      ...(input.combName !== undefined ? { combName: input.combName } : {}),
      ...(input.combTypeName !== undefined ? { combTypeName: text(input.combTypeName) } : {}),
      ...(input.combNum !== undefined ? { combNum: text(input.combNum) } : {}),
      ...(input.brand !== undefined ? { brand: text(input.brand) } : {}),
      ...(input.model !== undefined ? { model: text(input.model) } : {}),
      ...(input.volume !== undefined ? { volume: text(input.volume) } : {}),
      ...(input.desc !== undefined ? { description: text(input.desc) } : {}),
      ...(input.image !== undefined ? { image: text(input.image) } : {}),
      ...(input.organizationId !== undefined
        ? { organizationId: await this.organizationFor(caller, input.organizationId) }
        : {}),
      ...custom,
    };
    await this.repo.update(asset.id, { ...changes, updatedAt: this.now() });
    return { before: asset, after: changes };
  }

  async delete(caller: DeviceCaller, id: number) {
    const { asset } = await this.load(caller, id, 'delete');
    await this.repo.delete(asset.id);
    return asset;
  }

  async bindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const { asset } = await this.load(caller, input.id, 'edit');
    const devices = await this.bindable(caller, asset.id, input.deviceIds);
    const ids = devices.map((d) => d.id);
    if (!(await this.repo.bind(asset.id, ids, ASSET_DEVICES_MAX, this.now())))
      throw new AppError('assetDeviceLimit');
    return ids;
  }

  async unbindDevices(caller: DeviceCaller, input: DeviceBinding) {
    const { asset } = await this.load(caller, input.id, 'edit');
    const bound = new Set(await this.repo.deviceIds(asset.id));
    const devices = await authorizedDevices(this.devices, caller, input.deviceIds, 'edit');
    const ids = devices.filter((d) => bound.has(d.id)).map((d) => d.id);
    if (ids.length) await this.repo.unbind(asset.id, ids);
    return ids;
  }

  async devicePage(caller: DeviceCaller, q: OwnedDevicePageRequest) {
    const { asset } = await this.load(caller, q.id, 'query');
    const { ids, totalCount } = await this.repo.devicePage(visibleDevices(caller, 'console'), asset.id, q);
    return devicePageOf(this.devices, this.ctx.clock, caller, ids, q.start, totalCount);
  }

  /**
   * Enables or disables an asset (002 §4). Disabling stops its enabled devices and switches their
   * alarm settings off; enabling starts the stopped ones again and switches their alarms back on.
   * Only devices the caller may still act on change, so a device that moved to another owner since
   * it was bound is left alone.
   */
  async changeState(caller: DeviceCaller, input: AssetStateChange) {
    const enable = input.combState === ASSET_STATE_ENABLED;
    const action: Action = enable ? 'enable' : 'disable';
    const { asset } = await this.load(caller, input.id, action);
    const bound = await this.devices.byIds(await this.repo.deviceIds(asset.id));
    const actionable = bound.filter((d) => allowed(caller, d, action));
    const from = enable ? 'stopped' : 'enabled';
    const changed = actionable.filter((d) => d.useState === from).map((d) => d.id);
    const all = actionable.map((d) => d.id);
    const now = this.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('asset')
        .set({ combState: enable ? ASSET_STATE_ENABLED : ASSET_STATE_DISABLED, updatedAt: now })
        .where('id', '=', asset.id)
        .execute();
      if (changed.length)
        await trx
          .updateTable('device')
          .set({ useState: enable ? 'enabled' : 'stopped', updatedAt: now })
          .where('id', 'in', changed)
          .execute();
      if (all.length) await setDeviceAlarmsEnabled(trx, all, enable, now);
    });
    return {
      before: { combState: asset.combState },
      after: { combState: input.combState, devices: changed },
    };
  }

  async uploadImage(caller: DeviceCaller, filename: string, bytes: Buffer): Promise<string> {
    this.permit(caller, 'edit');
    const ext = extensionOf(filename);
    if (!ext || !contentMatches(ext, bytes))
      throw new AppError('fileType', { types: IMAGE_EXTENSIONS.join(', ') });
    if (bytes.length > ASSET_IMAGE_MAX_BYTES)
      throw new AppError('fileTooLarge', { maxMb: ASSET_IMAGE_MAX_BYTES / (1024 * 1024) });
    return this.images.save(ext, bytes);
  }
}

function allowed(caller: DeviceCaller, device: DeviceRecord, action: Action): boolean {
  try {
    authorize(caller, device, action);
    return true;
  } catch {
    return false;
  }
}
