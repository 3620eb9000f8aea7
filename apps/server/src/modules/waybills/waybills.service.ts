import crypto from 'node:crypto';
import {
  type PageResponse,
  type TrackTemplate,
  type TrackTemplateInsert,
  type TrackTemplatePageRequest,
  WAYBILL_SHARE_CUSTOM_MAX_MS,
  WAYBILL_SHARE_VALIDITY_MS,
  WAYBILL_STATE_ENDED,
  WAYBILL_STATE_IN_PROGRESS,
  WAYBILL_STATE_NOT_STARTED,
  type WaybillChangeState,
  type WaybillDetail,
  type WaybillDetailQuery,
  type WaybillInsert,
  type WaybillPageRequest,
  type WaybillRow,
  type WaybillShare,
  type WaybillShareAnswer,
  type WaybillTemplate,
  type WaybillTemplateInsert,
  type WaybillTemplatePageRequest,
  type WaybillUpdate,
} from '@coldchain/shared';
import type { Insertable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { WaybillTable } from '../../db/tables/waybill.ts';
import { AppError, fieldError } from '../../errors.ts';
import { isUniqueViolation } from '../accounts/registration.repo.ts';
import { authorize, type DeviceCaller } from '../devices/device-policy.ts';
import type { GeofencesRepo, Owner } from '../geofences/geofences.repo.ts';
import { type TemperatureUnit, temperaturesStored, temperatureUnitOf } from './temperature-unit.ts';
import { WaybillLifecycle } from './waybill-lifecycle.ts';
import {
  CHANGEABLE_WHEN_STARTED,
  checkWaybillRules,
  clampAirTimes,
  type WaybillDraft,
} from './waybill-rules.ts';
import {
  isoOf,
  presentTrackTemplate,
  presentWaybillDetail,
  presentWaybillRow,
  presentWaybillTemplate,
} from './waybills.presenter.ts';
import type { WaybillDevice, WaybillsRepo, WaybillWithDevice } from './waybills.repo.ts';

export const ownerOfCaller = (caller: DeviceCaller): Owner => ({
  accountId: caller.accountId,
  platformId: caller.platformId,
});

/** The SHA-256 under which a share token is stored (the token itself is shown once). */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A waybill change's result: the waybill and whether air-mode times were moved into its period. */
export interface Saved {
  before: WaybillDetail | null;
  after: WaybillDetail;
  timeCorrected: boolean;
}

/**
 * Waybills (002 §3-§5): every rule and the authorization. A waybill belongs to the account that
 * created it; another account's id answers "waybill not found" like a missing one. The device is
 * checked through the device policy (the caller must be allowed to edit it).
 */
export class WaybillsService {
  readonly lifecycle: WaybillLifecycle;

  constructor(
    private readonly repo: WaybillsRepo,
    private readonly fences: GeofencesRepo,
    private readonly clock: Clock,
  ) {
    this.lifecycle = new WaybillLifecycle(repo, clock);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  async load(owner: Owner, id: number): Promise<WaybillWithDevice> {
    const row = await this.repo.byId(owner, id);
    if (!row) throw new AppError('waybillNotFound');
    return row;
  }

  /** A write the open-waybill index refused: another waybill of the device got there first. */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('waybillDeviceBusy');
      throw error;
    }
  }

  /** Answers carry temperatures in the caller's unit (°C or °F); they are stored in °C. */
  async detailOf(row: WaybillWithDevice, unit: TemperatureUnit): Promise<WaybillDetail> {
    const device = await this.repo.device(row.deviceId);
    return presentWaybillDetail(row, device ? device.waybillStatus !== 1 : false, unit);
  }

  /** By id or by the waybill's key; either finds only the owner's waybills. */
  async detail(owner: Owner, key: WaybillDetailQuery, unit: TemperatureUnit): Promise<WaybillDetail> {
    if (key.id !== undefined) return this.detailOf(await this.load(owner, key.id), unit);
    const row = await this.repo.byOwnerPk(owner, key.waybillPk ?? '');
    if (!row) throw new AppError('waybillNotFound');
    return this.detailOf(row, unit);
  }

  async page(owner: Owner, q: WaybillPageRequest, unit: TemperatureUnit): Promise<PageResponse<WaybillRow>> {
    const { rows, totalCount } = await this.repo.page(owner, q);
    return { data: rows.map((row) => presentWaybillRow(row, unit)), start: q.start, totalCount };
  }

  /** The device of a waybill: visible to the caller with the right to edit it, and not scrapped. */
  private async deviceFor(caller: DeviceCaller, deviceId: number): Promise<WaybillDevice> {
    const device = await this.repo.device(deviceId);
    authorize(caller, device ?? undefined, 'edit');
    if (!device) throw new AppError('deviceNotFound');
    if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
    return device;
  }

  /** Fences and the track template a waybill (or its template) names must be the caller's own. */
  private async checkReferences(
    owner: Owner,
    d: Partial<Pick<WaybillInsert, 'startFenceId' | 'stopFenceId' | 'fenceModelId' | 'trackTemplateId'>>,
  ): Promise<void> {
    for (const field of ['startFenceId', 'stopFenceId', 'fenceModelId'] as const) {
      const id = d[field];
      if (id != null && !(await this.fences.byId(owner, id))) throw new AppError('geofenceNotFound');
    }
    if (d.trackTemplateId != null && !(await this.repo.trackTemplate(owner, d.trackTemplateId)))
      throw new AppError('waybillTemplateNotFound');
  }

  private draft(
    input: WaybillInsert,
    device: Pick<WaybillDevice, 'timeZone' | 'recordInterval' | 'uploadInterval'>,
  ): WaybillDraft {
    return {
      ...input,
      timeZone: input.timeZone ?? device.timeZone,
      recordInterval: input.recordInterval ?? device.recordInterval,
      uploadInterval: input.uploadInterval ?? Math.max(device.uploadInterval, input.recordInterval ?? 0),
    };
  }

  private columns(
    d: WaybillDraft,
  ): Omit<
    Insertable<WaybillTable>,
    'platformId' | 'accountId' | 'waybillPk' | 'createdAt' | 'updatedAt' | 'waybillState' | 'fenceState'
  > {
    return {
      orderNum: d.orderNum,
      goodsName: d.goodsName || null,
      expressNumber: d.expressNumber || null,
      coolerCode: d.coolerCode || null,
      deviceId: d.deviceId,
      recordInterval: d.recordInterval,
      uploadInterval: d.uploadInterval,
      alarmRecordInterval: d.alarmRecordInterval ?? null,
      alarmUploadInterval: d.alarmUploadInterval ?? null,
      timeZone: d.timeZone,
      upperLimit: d.upperLimit,
      lowerLimit: d.lowerLimit,
      warnUpperLimit: d.warnUpperLimit ?? null,
      warnLowerLimit: d.warnLowerLimit ?? null,
      humidityUpperLimit: d.humidityUpperLimit ?? null,
      humidityLowerLimit: d.humidityLowerLimit ?? null,
      startTrigger: d.startTrigger,
      stopTrigger: d.stopTrigger,
      startTime: isoOf(d.startTime),
      endTime: isoOf(d.endTime),
      startFenceId: d.startFenceId ?? null,
      startFenceEvent: d.startFenceEvent,
      stopFenceId: d.stopFenceId ?? null,
      stopFenceEvent: d.stopFenceEvent,
      airFlag: d.airFlag,
      airStartWay: d.airFlag ? (d.airStartWay ?? null) : null,
      airStartTime: d.airFlag ? isoOf(d.airStartTime) : null,
      airStopTime: d.airFlag ? isoOf(d.airStopTime) : null,
      fenceModelId: d.airFlag && d.airStartWay === 'geofence' ? (d.fenceModelId ?? null) : null,
      devicePower: d.devicePower,
      deliveryMan: d.deliveryMan || null,
      deliveryPhone: d.deliveryPhone || null,
      deliveryCompany: d.deliveryCompany || null,
      deliveryAddress: d.deliveryAddress || null,
      receiverMan: d.receiverMan || null,
      receiverPhone: d.receiverPhone || null,
      receiverCompany: d.receiverCompany || null,
      receiverAddress: d.receiverAddress || null,
      contacts: JSON.stringify(
        d.contacts.map((c) => ({
          name: c.name,
          phone: c.phone || null,
          email: c.email?.toLowerCase() || null,
        })),
      ),
      startDelay: d.startDelay,
      expectedReceiveTime: isoOf(d.expectedReceiveTime),
      receiveAlarm: d.receiveAlarm,
      trackTemplateId: d.trackTemplateId ?? null,
    };
  }

  /** Temperatures come in the caller's unit and are checked and stored in °C. */
  async insert(caller: DeviceCaller, given: WaybillInsert): Promise<Saved> {
    const owner = ownerOfCaller(caller);
    const unit = temperatureUnitOf(caller.temperatureUnit);
    const input = temperaturesStored(given, unit);
    const device = await this.deviceFor(caller, input.deviceId);
    const draft = this.draft(input, device);
    checkWaybillRules(draft);
    if (device.waybillStatus !== 1 && draft.startTrigger !== 'manual')
      throw new AppError('waybillStartAtDevice');
    const timeCorrected = clampAirTimes(draft);
    await this.checkReferences(owner, input);
    if (await this.repo.openOnDevice(device.id, null)) throw new AppError('waybillDeviceBusy');
    const now = this.now();
    const row = await this.saving(() =>
      this.repo.insert({
        ...this.columns(draft),
        platformId: owner.platformId,
        accountId: owner.accountId,
        waybillPk: crypto.randomBytes(16).toString('base64url'),
        waybillState: WAYBILL_STATE_NOT_STARTED,
        fenceState: '{}',
        createdAt: now,
        updatedAt: now,
      }),
    );
    return { before: null, after: await this.detail(owner, { id: row.id }, unit), timeCorrected };
  }

  /**
   * PUT replaces every field. A waybill not started changes anything; a started or ended one only
   * its parties, contacts and receipt settings (other fields must come back unchanged); a received
   * one nothing.
   */
  async update(caller: DeviceCaller, given: WaybillUpdate): Promise<Saved> {
    const owner = ownerOfCaller(caller);
    const unit = temperatureUnitOf(caller.temperatureUnit);
    const row = await this.load(owner, given.id);
    const before = await this.detailOf(row, unit);
    const input = temperaturesStored(given, unit, row);
    if (row.waybillState > WAYBILL_STATE_ENDED) throw new AppError('waybillStateInvalid');
    const { id, ...fields } = input;
    const device = await this.deviceFor(caller, input.deviceId);
    // Intervals and zone left out keep the waybill's own (on the same device), not the device's now.
    const kept = input.deviceId === row.deviceId ? row : device;
    const draft = this.draft(fields, kept);
    checkWaybillRules(draft);
    if (device.waybillStatus !== 1 && draft.startTrigger !== 'manual')
      throw new AppError('waybillStartAtDevice');
    const timeCorrected = clampAirTimes(draft);
    await this.checkReferences(owner, fields);
    const columns = this.columns(draft);
    if (row.waybillState !== WAYBILL_STATE_NOT_STARTED) {
      for (const [name, value] of Object.entries(columns)) {
        if (CHANGEABLE_WHEN_STARTED.has(name)) continue;
        if (value !== row[name as keyof typeof columns]) throw new AppError('waybillStartedLocked');
      }
    } else if (input.deviceId !== row.deviceId && (await this.repo.openOnDevice(input.deviceId, row.id))) {
      throw new AppError('waybillDeviceBusy');
    }
    await this.saving(() => this.repo.update(id, { ...columns, updatedAt: this.now() }));
    return { before, after: await this.detail(owner, { id }, unit), timeCorrected };
  }

  /** Every id must be the caller's; a waybill in progress must be stopped before it is deleted. */
  async delete(owner: Owner, ids: readonly number[]): Promise<WaybillWithDevice[]> {
    const rows: WaybillWithDevice[] = [];
    for (const id of new Set(ids)) rows.push(await this.load(owner, id));
    if (rows.some((r) => r.waybillState === WAYBILL_STATE_IN_PROGRESS))
      throw new AppError('waybillStateInvalid');
    await this.repo.delete(
      owner,
      rows.map((r) => r.id),
    );
    return rows;
  }

  /**
   * Start, stop or receive by hand (002 §4). A device that is offline asks for confirmation first
   * (deviceOfflineConfirm unless `confirm` is 1); a device whose type starts only at the device
   * refuses a start from the platform.
   */
  async changeState(
    caller: DeviceCaller,
    input: WaybillChangeState,
  ): Promise<{ before: WaybillDetail; after: WaybillDetail }> {
    const owner = ownerOfCaller(caller);
    const unit = temperatureUnitOf(caller.temperatureUnit);
    const row = await this.load(owner, input.id);
    const before = await this.detailOf(row, unit);
    const device = await this.deviceFor(caller, row.deviceId);
    const offline = device.status === 'offline';
    let moved = false;
    if (input.action === 'start') {
      if (row.waybillState !== WAYBILL_STATE_NOT_STARTED) throw new AppError('waybillStateInvalid');
      if (device.waybillStatus !== 1) throw new AppError('waybillStartAtDevice');
      if (offline && input.confirm !== 1) throw new AppError('deviceOfflineConfirm');
      moved = await this.lifecycle.start(row, 'manual');
    } else if (input.action === 'stop') {
      if (row.waybillState !== WAYBILL_STATE_IN_PROGRESS) throw new AppError('waybillStateInvalid');
      if (offline && input.confirm !== 1) throw new AppError('deviceOfflineConfirm');
      moved = await this.lifecycle.stop(row, 'manual');
    } else {
      if (row.waybillState !== WAYBILL_STATE_IN_PROGRESS && row.waybillState !== WAYBILL_STATE_ENDED)
        throw new AppError('waybillStateInvalid');
      moved = await this.lifecycle.receive(row, 'manual', input.receiverMan || null);
    }
    if (!moved) throw new AppError('waybillStateInvalid');
    return { before, after: await this.detail(owner, { id: row.id }, unit) };
  }

  /** A share link (002 §9 validity: 8 hours, 1, 3 or 7 days, or a custom end up to 90 days ahead). */
  async share(owner: Owner, input: WaybillShare): Promise<WaybillShareAnswer> {
    const row = await this.load(owner, input.id);
    const now = this.clock.now().getTime();
    let expiresAt: number;
    if (input.validity === 'custom') {
      if (
        input.expiresAt === undefined ||
        input.expiresAt <= now ||
        input.expiresAt > now + WAYBILL_SHARE_CUSTOM_MAX_MS
      )
        throw fieldError('expiresAt', 'rules.shareExpiry', {
          days: WAYBILL_SHARE_CUSTOM_MAX_MS / 86_400_000,
        });
      expiresAt = input.expiresAt;
    } else {
      expiresAt = now + WAYBILL_SHARE_VALIDITY_MS[input.validity];
    }
    const token = crypto.randomBytes(24).toString('base64url');
    await this.repo.insertShare({
      waybillId: row.id,
      tokenHash: hashToken(token),
      accountId: owner.accountId,
      expiresAt: new Date(expiresAt).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
    return { shareToken: token, path: `/pcQuick/waybill/detail/${row.waybillPk}?share=${token}`, expiresAt };
  }

  async templatePage(
    owner: Owner,
    q: WaybillTemplatePageRequest,
    unit: TemperatureUnit,
  ): Promise<PageResponse<WaybillTemplate>> {
    const { rows, totalCount } = await this.repo.templatePage(owner, q);
    return { data: rows.map((row) => presentWaybillTemplate(row, unit)), start: q.start, totalCount };
  }

  /**
   * A template keeps its temperatures in °C like a waybill, whoever reads it later. The device, fences
   * and track template it names are checked as a waybill's are, so another account's id is refused.
   */
  async insertTemplate(
    caller: DeviceCaller,
    input: WaybillTemplateInsert,
    unit: TemperatureUnit,
  ): Promise<WaybillTemplate> {
    const owner = ownerOfCaller(caller);
    if (input.content.deviceId != null) await this.deviceFor(caller, input.content.deviceId);
    await this.checkReferences(owner, input.content);
    const row = await this.repo.insertWaybillTemplate({
      platformId: owner.platformId,
      accountId: owner.accountId,
      modelName: input.modelName,
      content: JSON.stringify(temperaturesStored(input.content, unit)),
      createdAt: this.now(),
    });
    return presentWaybillTemplate(row, unit);
  }

  async trackTemplatePage(owner: Owner, q: TrackTemplatePageRequest): Promise<PageResponse<TrackTemplate>> {
    const { rows, totalCount } = await this.repo.trackTemplatePage(owner, q);
    return { data: rows.map(presentTrackTemplate), start: q.start, totalCount };
  }

  async insertTrackTemplate(owner: Owner, input: TrackTemplateInsert): Promise<TrackTemplate> {
    const row = await this.repo.insertTrackTemplate({
      platformId: owner.platformId,
      accountId: owner.accountId,
      name: input.name,
      points: JSON.stringify(input.points),
      createdAt: this.now(),
    });
    return presentTrackTemplate(row);
  }

  /** Every id must be the caller's template of that kind, or nothing is deleted. */
  async deleteTemplates(owner: Owner, kind: 'waybill' | 'track', ids: readonly number[]): Promise<number> {
    const unique = [...new Set(ids)];
    const owned = await this.repo.ownedTemplateIds(owner, kind, unique);
    if (owned.length !== unique.length) throw new AppError('waybillTemplateNotFound');
    return this.repo.deleteTemplates(owner, kind, unique);
  }
}
