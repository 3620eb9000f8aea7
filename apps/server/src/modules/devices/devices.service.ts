import {
  type Action,
  DEVICE_DATA_GRACE_MONTHS,
  DEVICE_FREE_SERVICE_MONTHS,
  DEVICE_INTERVAL_DEFAULT_S,
  DEVICE_TYPE_ADD_APP_ONLY,
  DEVICE_TYPE_PUBLISHED,
  type DeviceCredentials,
  type DeviceInsert,
  type DeviceLogPageRequest,
  type DevicePageRequest,
  type DeviceUpdate,
  type DeviceUseState,
  type ParamSetting,
  type ParamSettingUpdate,
  paramPermissionCode,
} from '@coldchain/shared';
import { DEVICE_TOPIC_ROOT } from '@coldchain/shared/device-protocol';
import type { Insertable, Updateable } from 'kysely';
import { AuditRepo } from '../../audit/audit.repo.ts';
import type { AppContext } from '../../context.ts';
import type { DeviceProbeSettingTable, DeviceTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { deviceSecret } from '../../ingest/device-credentials.ts';
import { deviceAlarmSettingsChanged } from '../alarms/alarm-switch.ts';
import type { DeviceTypesRepo } from '../catalogue/device-types.repo.ts';
import type { ModelsRepo } from '../catalogue/models.repo.ts';
import { callerUnits, convertValue, roundTo } from '../catalogue/unit-converter.ts';
import type { UnitRow, UnitsRepo } from '../catalogue/units.repo.ts';
import { isTimeZone } from '../dicts/time-zones.ts';
import { GuidGate } from '../guids/guid-gate.ts';
import { recordBackOfficeView } from './back-office-view.ts';
import { DeviceDirectory } from './device-directory.ts';
import {
  type DeviceView as AccessView,
  authorize,
  type DeviceAction,
  type DeviceCaller,
  type GrantTemplate,
  grantedItem,
  grantsOn,
  hasBackOffice,
  hiddenProbes,
  isOperable,
  isVisible,
  probeParamsByProbe,
  visibleDevices,
} from './device-policy.ts';
import { addMonths } from './device-time.ts';
import { presentCommand } from './devices.presenter.ts';
import type { DeviceRecord, DevicesRepo, DeviceView, TypeParamRow } from './devices.repo.ts';
import { type ProbeOwner, probeVisibility, withVisibleLimits } from './probe-visibility.ts';

/** Command carrying parameter settings to a device; ingest delivers it and marks it acknowledged. */
export const SET_PARAMS_COMMAND = 'setParams';

export type BatchOperation = 'enable' | 'stop' | 'scrap' | 'delete' | 'export';
const BATCH_ACTION: Record<BatchOperation, Action> = {
  enable: 'enable',
  stop: 'disable',
  scrap: 'disable',
  delete: 'delete',
  export: 'export',
};

/** A device as far as its probes' visibility goes: who reaches it, and its type. */
/** One probe of a device's type as the parameter-settings tab shows it, with the units involved. */
interface ProbeContext {
  param: TypeParamRow;
  stored: UnitRow | undefined;
  shown: UnitRow | undefined;
}

/**
 * Devices (002 §3-§5): adding by GUID with two months of free service, listing for the console and
 * the back office, basic info and remark, parameter settings that become commands for the device,
 * batch enable/stop/scrap/delete/export of one type, credentials, and the device's operation log.
 * Every call by id goes through device-policy.authorize, so another account's device answers
 * "device not found".
 */
export class DevicesService {
  readonly directory: DeviceDirectory;
  private readonly audit: AuditRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: DevicesRepo,
    private readonly types: DeviceTypesRepo,
    private readonly models: ModelsRepo,
    private readonly units: UnitsRepo,
  ) {
    this.directory = DeviceDirectory.for(ctx.db, ctx.clock);
    this.audit = new AuditRepo(ctx.db);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** Loads a live device the caller may act on, or answers as if it did not exist. */
  async load(
    caller: DeviceCaller,
    id: number,
    action: DeviceAction,
  ): Promise<DeviceView & { access: AccessView }> {
    const device = await this.repo.view(id);
    const access = authorize(caller, device, action);
    return { ...(device as DeviceView), access };
  }

  /** Whether the caller may see a device by id (policy.canSee with the lookup). */
  async canSee(caller: DeviceCaller, id: number): Promise<boolean> {
    try {
      await this.load(caller, id, 'query');
      return true;
    } catch {
      return false;
    }
  }

  async page(caller: DeviceCaller, q: DevicePageRequest, view: AccessView) {
    const { rows, totalCount } = await this.repo.page(visibleDevices(caller, view), q);
    return { rows: await withVisibleLimits(this.repo, caller, rows), totalCount };
  }

  /** A device as its detail page shows it to the caller. */
  async detail(caller: DeviceCaller, id: number) {
    const device = await this.load(caller, id, 'get');
    await recordBackOfficeView(this.ctx.audit, caller, device, device.access, 'detail');
    const [shown] = await withVisibleLimits(this.repo, caller, [device]);
    return shown ?? device;
  }

  /**
   * The probes each device hides from the caller (000 §6, 002 §3), for the devices hiding any; the
   * types' parameters are read in one query, and none at all when no device comes through a template.
   */
  async hiddenProbesOf(
    caller: DeviceCaller,
    devices: readonly ProbeOwner[],
  ): Promise<Map<number, ReadonlySet<number>>> {
    const found = new Map<number, ReadonlySet<number>>();
    for (const { device, hidden } of await probeVisibility(this.repo, caller, devices))
      if (hidden.size > 0) found.set(device.id, hidden);
    return found;
  }

  async insert(caller: DeviceCaller, input: DeviceInsert): Promise<DeviceRecord> {
    const backOffice = input.accountId !== undefined;
    if (backOffice ? !hasBackOffice(caller, 'add') : !caller.permissions.includes('device.list:add'))
      throw new AppError('forbidden');
    const owner = backOffice ? await this.ownerFor(caller, input.accountId as number) : null;
    if (!isTimeZone(input.timeZone)) throw fieldError('timeZone', 'rules.timeZone');
    const type = await this.types.byId(input.deviceTypeId);
    if (!type) throw fieldError('deviceTypeId', 'rules.unknownReference');
    if (type.addType === DEVICE_TYPE_ADD_APP_ONLY) throw new AppError('deviceTypeAppOnly');
    const offered = type.typeStatus === DEVICE_TYPE_PUBLISHED && type.pushStatus === 1;
    if (!offered && !hasBackOffice(caller, 'add')) throw new AppError('deviceTypeUnavailable');
    await this.assertModel(input.deviceModelId, input.deviceTypeId);

    const existing = await this.repo.byGuid(input.deviceGuid);
    if (existing && existing.deletedFlag === 0) throw new AppError('deviceGuidTaken');
    const guids = new GuidGate(this.ctx.db);
    await guids.check(input.deviceGuid, input.deviceTypeId);
    const now = this.ctx.clock.now();
    const service = addMonths(now, DEVICE_FREE_SERVICE_MONTHS);
    const row = {
      platformId: owner?.platformId ?? caller.platformId,
      accountId: owner?.id ?? caller.accountId,
      deviceGuid: input.deviceGuid,
      deviceName: input.deviceName,
      deviceDesc: input.deviceDesc ?? null,
      deviceTypeId: input.deviceTypeId,
      deviceModelId: input.deviceModelId ?? null,
      useState: 'enabled',
      deletedFlag: 0,
      status: 'offline',
      lastSeenAt: null,
      battery: null,
      signal: null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      address: input.address ?? null,
      timeZone: input.timeZone,
      recordInterval: DEVICE_INTERVAL_DEFAULT_S,
      uploadInterval: DEVICE_INTERVAL_DEFAULT_S,
      serviceExpiredDate: service.toISOString(),
      dataExpiredDate: addMonths(service, DEVICE_DATA_GRACE_MONTHS).toISOString(),
      upperLimit: null,
      lowerLimit: null,
      correctionValue: null,
      version: null,
      iccId: null,
      sensorCount: null,
      alarmDelay: null,
      countryCode: null,
      orderCode: null,
      creatorName: caller.userName,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    } satisfies Insertable<DeviceTable>;
    const saved = existing
      ? await this.repo.revive(existing.id, { ...row, serverLevel: 0, smsCount: 0, voiceCount: 0 })
      : await this.repo.insert(row);
    this.directory.invalidate(saved.deviceGuid);
    await guids.markUsed(saved.deviceGuid, saved.id, now.toISOString());
    return saved;
  }

  async update(caller: DeviceCaller, input: DeviceUpdate) {
    const before = await this.load(caller, input.id, 'edit');
    assertChangeable(before);
    const { id, ...changes } = input;
    if (changes.deviceModelId !== undefined)
      await this.assertModel(changes.deviceModelId, before.deviceTypeId);
    const after = await this.repo.update(id, { ...changes, updatedAt: this.now() });
    if (!after) throw new AppError('deviceNotFound');
    return { before, after };
  }

  async updateRemark(caller: DeviceCaller, id: number, deviceDesc: string) {
    const before = await this.load(caller, id, 'edit');
    assertChangeable(before);
    const after = await this.repo.update(id, { deviceDesc: deviceDesc || null, updatedAt: this.now() });
    if (!after) throw new AppError('deviceNotFound');
    return { before, after };
  }

  /**
   * Batch operations act on devices of one type only (002 §5). Every device must be visible with the
   * operation's permission; otherwise nothing changes.
   */
  async batch(caller: DeviceCaller, ids: readonly number[], op: BatchOperation): Promise<DeviceView[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new AppError('nothingSelected');
    const devices = await this.repo.viewsByIds(unique);
    for (const id of unique) {
      authorize(
        caller,
        devices.find((d) => d.id === id),
        BATCH_ACTION[op],
      );
    }
    if (new Set(devices.map((d) => d.deviceTypeId)).size > 1) throw new AppError('differentDeviceTypes');
    if ((op === 'enable' || op === 'stop') && devices.some((d) => d.useState === 'scrapped'))
      throw new AppError('deviceScrapped');
    const now = this.now();
    const state: DeviceUseState | null =
      op === 'enable' ? 'enabled' : op === 'stop' ? 'stopped' : op === 'scrap' ? 'scrapped' : null;
    if (op === 'delete') await this.repo.softDelete(unique, now);
    else if (state) await this.repo.setUseState(unique, state, now);
    // One entry per device, so each device's operation log shows what happened to it.
    for (const d of devices) {
      this.directory.invalidate(d.deviceGuid);
      await this.ctx.audit.append({
        platformId: caller.platformId,
        accountId: caller.accountId,
        accountName: caller.userName,
        action: `device.${op}`,
        entityType: 'device',
        entityId: d.id,
        oldValue: op === 'export' ? null : { useState: d.useState, deletedFlag: d.deletedFlag },
        newValue:
          op === 'export'
            ? { exported: d.deviceGuid }
            : op === 'delete'
              ? { deletedFlag: 1 }
              : { useState: state },
        sourceIp: caller.sourceIp,
      });
    }
    return devices;
  }

  /** A device's credential file; downloading it is recorded in the operation log. */
  async credentials(
    caller: DeviceCaller,
    id: number,
    origin: { protocol: string; host: string },
  ): Promise<DeviceCredentials> {
    const device = await this.load(caller, id, 'edit');
    assertChangeable(device);
    await this.ctx.audit.append({
      platformId: caller.platformId,
      accountId: caller.accountId,
      accountName: caller.userName,
      action: 'device.credentials',
      entityType: 'device',
      entityId: device.id,
      newValue: { credentialRotation: device.credentialRotation },
      sourceIp: caller.sourceIp,
    });
    return credentialsOf(this.ctx, device, origin);
  }

  /** A new secret: the rotation counter moves on and the previous secret stops working. */
  async rotateCredentials(caller: DeviceCaller, id: number) {
    const before = await this.load(caller, id, 'edit');
    assertChangeable(before);
    const after = await this.repo.incrementRotation(id, this.now());
    this.directory.invalidate(after.deviceGuid);
    return { before, after };
  }

  /** The device's entries in the operation log since it was bound to its current owner. */
  async operationLog(caller: DeviceCaller, q: DeviceLogPageRequest) {
    const device = await this.load(caller, q.deviceId, 'get');
    return this.audit.page(
      {
        start: q.start,
        pageSize: q.pageSize,
        sortOrder: q.sortOrder,
        entityType: 'device',
        entityId: String(device.id),
        from: device.createdAt,
      },
      {},
    );
  }

  // ---- parameter settings (002 §2 detail tab, §5 limits)

  async paramSetting(caller: DeviceCaller, id: number): Promise<ParamSetting> {
    const device = await this.load(caller, id, 'get');
    const grants = grantsOn(caller, device);
    if (grants && !isVisible(grantedItem(grants, 'params', 'block')))
      throw new AppError('noDevicePermission');
    return this.settingsOf(device, caller);
  }

  /**
   * Validates new settings against the settable range of the type's probe parameters (in the
   * caller's unit), stores them and queues a command with the full settings for the device.
   */
  async updateParamSetting(caller: DeviceCaller, input: ParamSettingUpdate) {
    const device = await this.load(caller, input.id, 'setParams');
    assertChangeable(device);
    // A caller reaching the device through a share or an organization changes only what its
    // permission template makes operable; sending an unchanged value back is not a change.
    const grants = grantsOn(caller, device);
    const mayChange = (code: string) => !grants || isOperable(grantedItem(grants, code, 'param'));
    for (const field of ['timeZone', 'recordInterval', 'uploadInterval'] as const) {
      if (input[field] !== undefined && input[field] !== device[field] && !mayChange(field))
        throw readOnly(field);
    }
    if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
      throw fieldError('timeZone', 'rules.timeZone');
    const recordInterval = input.recordInterval ?? device.recordInterval;
    const uploadInterval = input.uploadInterval ?? device.uploadInterval;
    if (uploadInterval < recordInterval) throw fieldError('uploadInterval', 'rules.uploadInterval');
    const probes = await this.probeContexts(device, caller);
    const now = this.now();
    const current = new Map((await this.repo.probeSettings(device.id)).map((s) => [s.probeId, s]));
    const rows: Insertable<DeviceProbeSettingTable>[] = [];
    for (const [i, p] of (input.probes ?? []).entries()) {
      const probe = probes.get(p.probeId);
      if (!probe) throw fieldError(`probes.${i}.probeId`, 'rules.unknownProbe');
      const precision = probe.param.precisionUnit;
      const toStored = (v: number) => roundTo(convert(v, probe.shown, probe.stored), precision);
      const upper = toStored(p.upperLimit);
      const lower = toStored(p.lowerLimit);
      if (lower >= upper) throw fieldError(`probes.${i}.lowerLimit`, 'rules.lowerBelowUpper');
      assertInRange(probe, lower, `probes.${i}.lowerLimit`);
      assertInRange(probe, upper, `probes.${i}.upperLimit`);
      const correction =
        p.correctionValue === undefined
          ? (current.get(p.probeId)?.correctionValue ?? 0)
          : roundTo(convertDelta(p.correctionValue, probe.shown, probe.stored), precision);
      const row = {
        deviceId: device.id,
        probeId: p.probeId,
        probeName:
          p.probeName === undefined ? (current.get(p.probeId)?.probeName ?? null) : p.probeName || null,
        upperLimit: upper,
        lowerLimit: lower,
        correctionValue: correction,
        updatedAt: now,
      };
      const before = current.get(p.probeId);
      const changed =
        !before ||
        before.upperLimit !== row.upperLimit ||
        before.lowerLimit !== row.lowerLimit ||
        before.correctionValue !== row.correctionValue ||
        before.probeName !== row.probeName;
      if (changed && !mayChange(paramPermissionCode(probe.param.id))) throw readOnly(`probes.${i}`);
      rows.push(row);
      current.set(p.probeId, row);
    }
    const first = [...current.values()].sort((a, b) => a.probeId - b.probeId)[0];
    const changes: Updateable<DeviceTable> = {
      timeZone: input.timeZone ?? device.timeZone,
      recordInterval,
      uploadInterval,
      upperLimit: first?.upperLimit ?? device.upperLimit,
      lowerLimit: first?.lowerLimit ?? device.lowerLimit,
      correctionValue: first?.correctionValue ?? device.correctionValue,
      updatedAt: now,
    };
    const payload = {
      timeZone: changes.timeZone,
      recordInterval,
      uploadInterval,
      probes: [...current.values()]
        .sort((a, b) => a.probeId - b.probeId)
        .map((s) => ({
          probeId: s.probeId,
          upperLimit: s.upperLimit,
          lowerLimit: s.lowerLimit,
          correctionValue: s.correctionValue,
        })),
    };
    const command = await this.repo.saveSettings(device.id, changes, rows, {
      deviceId: device.id,
      commandType: SET_PARAMS_COMMAND,
      payload: JSON.stringify(payload),
      state: 'pending',
      createdAt: now,
      sentAt: null,
      ackedAt: null,
      result: null,
    });
    deviceAlarmSettingsChanged(device.id);
    const after = await this.load(caller, device.id, 'get');
    return { before: device, after, command, settings: await this.settingsOf(after, caller), payload };
  }

  private async settingsOf(device: DeviceView, caller: DeviceCaller): Promise<ParamSetting> {
    const grants = grantsOn(caller, device);
    const probes = hiddenProbesRemoved(await this.probeContexts(device, caller), grants);
    const saved = new Map((await this.repo.probeSettings(device.id)).map((s) => [s.probeId, s]));
    const command = await this.repo.latestCommand(device.id, SET_PARAMS_COMMAND);
    return {
      id: device.id,
      timeZone: device.timeZone,
      recordInterval: device.recordInterval,
      uploadInterval: device.uploadInterval,
      probes: [...probes.values()].map(({ param, stored, shown }) => {
        const precision = param.viewPrecisionUnit ?? param.precisionUnit;
        const show = (v: number | null) =>
          v === null ? null : roundTo(convert(v, stored, shown), precision);
        const setting = saved.get(param.probeId as number);
        return {
          probeId: param.probeId as number,
          probeName: setting?.probeName ?? null,
          paramId: param.id,
          paramName: param.paramName,
          unitCode: shown?.unitCode ?? null,
          precision,
          min: param.paramMinType === 0 ? show(param.paramMin) : null,
          max: param.paramMaxType === 0 ? show(param.paramMax) : null,
          upperLimit: show(setting?.upperLimit ?? null),
          lowerLimit: show(setting?.lowerLimit ?? null),
          correctionValue: roundTo(convertDelta(setting?.correctionValue ?? 0, stored, shown), precision),
          combineGroup: param.combineGroup,
        };
      }),
      command: command ? presentCommand(command) : null,
    };
  }

  /** The type's probe parameters by probe id (the first by sort number), with the caller's units. */
  private async probeContexts(device: DeviceView, caller: DeviceCaller): Promise<Map<number, ProbeContext>> {
    const params = probeParamsByProbe(await this.repo.probeParams(device.deviceTypeId));
    const units = [...params.values()].some((p) => p.paramUnit !== null) ? await this.units.all() : [];
    const probes = new Map<number, ProbeContext>();
    for (const [probeId, param] of params) {
      const stored = units.find((u) => u.id === param.paramUnit);
      const pair = device.convertStatus === 1 ? callerUnits(stored, units, caller.temperatureUnit) : null;
      probes.set(probeId, { param, stored, shown: pair?.shown ?? stored });
    }
    return probes;
  }

  private async ownerFor(caller: DeviceCaller, accountId: number) {
    const owner = await this.repo.owner(accountId);
    if (!owner || (!caller.platformIsDefault && owner.platformId !== caller.platformId))
      throw fieldError('accountId', 'rules.unknownReference');
    return owner;
  }

  private async assertModel(deviceModelId: number | null | undefined, deviceTypeId: number) {
    if (deviceModelId == null) return;
    const model = await this.models.byId(deviceModelId);
    if (!model || (model.deviceTypeId !== null && model.deviceTypeId !== deviceTypeId))
      throw fieldError('deviceModelId', 'rules.unknownReference');
    if (model.modelFlag !== 1) throw new AppError('modelDisabled');
  }
}

/** A parameter the caller's permission template shows read-only (002 §3, §9). */
function readOnly(field: string) {
  return new AppError('paramReadOnly', { field }, { fields: [{ field }] });
}

/** Probes whose parameter the caller's template hides are left out of what the caller sees. */
function hiddenProbesRemoved(
  probes: Map<number, ProbeContext>,
  grants: (GrantTemplate | null)[] | null,
): Map<number, ProbeContext> {
  const hidden = hiddenProbes(grants, new Map([...probes].map(([probeId, p]) => [probeId, p.param])));
  if (hidden.size === 0) return probes;
  return new Map([...probes].filter(([probeId]) => !hidden.has(probeId)));
}

/** A scrapped device keeps its history only (002 §4): nothing about it changes any more. */
function assertChangeable(device: DeviceRecord) {
  if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
}

function convert(value: number, from: UnitRow | undefined, to: UnitRow | undefined): number {
  if (!from || !to || from.id === to.id) return value;
  return convertValue(value, from, to) ?? value;
}

/** Converts a difference (a correction value): f(v) - f(0) for the linear unit formulas. */
function convertDelta(value: number, from: UnitRow | undefined, to: UnitRow | undefined): number {
  return convert(value, from, to) - convert(0, from, to);
}

/** A limit must lie within the parameter's fixed settable range (bounds inclusive unless flagged). */
function assertInRange(probe: ProbeContext, value: number, field: string) {
  const { param } = probe;
  const min = param.paramMinType === 0 ? param.paramMin : null;
  const max = param.paramMaxType === 0 ? param.paramMax : null;
  const belowMin = min !== null && (param.paramMinEqual === 1 ? value < min : value <= min);
  const aboveMax = max !== null && (param.paramMaxEqual === 1 ? value > max : value >= max);
  if (belowMin || aboveMax) throw new AppError('paramOutOfRange', {}, { fields: [{ field, min, max }] });
}

/** Path of HTTP ingest under /api (ingest/ingest.routes.ts, docs/protocol.md). */
const HTTP_INGEST_PATH = '/api/mqtt-broker/transport/service/devices';

/**
 * The credential file: the device's GUID and secret, and where to send data. MQTT clients use the
 * GUID as client id and user name and the secret as password, under topics devices/{guid}/...; HTTP
 * clients send them as Basic auth to the same paths under the HTTP ingest URL.
 */
export function credentialsOf(
  ctx: AppContext,
  device: DeviceRecord,
  origin: { protocol: string; host: string },
): DeviceCredentials {
  const secret = deviceSecret(ctx.deviceKey, device.deviceGuid, device.credentialRotation);
  const base = new URL(ctx.config.publicUrl ?? `${origin.protocol}://${origin.host}`);
  const mqttScheme = base.protocol === 'https:' ? 'mqtts' : 'mqtt';
  return {
    deviceGuid: device.deviceGuid,
    secret,
    rotation: device.credentialRotation,
    mqtt: {
      url: ctx.config.mqtt.url ?? `${mqttScheme}://${base.hostname}:${ctx.config.mqtt.port}`,
      clientId: device.deviceGuid,
      username: device.deviceGuid,
      password: secret,
      topicRoot: `${DEVICE_TOPIC_ROOT}/${device.deviceGuid}`,
    },
    http: {
      url: `${base.origin}${HTTP_INGEST_PATH}/${device.deviceGuid}`,
      username: device.deviceGuid,
      password: secret,
    },
  };
}
