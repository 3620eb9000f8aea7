import {
  type Geofence,
  type PublicWaybillDetail,
  type PublicWaybillList,
  type PublicWaybillLookup,
  WAYBILL_PUBLIC_LIST_MAX,
  WAYBILL_TRACK_POINTS_MAX,
  type WaybillAlarmPageAnswer,
  type WaybillAlarmPageRequest,
  type WaybillChartAnswer,
  type WaybillChartRequest,
  type WaybillOverview,
  type WaybillRange,
  type WaybillTrack,
} from '@coldchain/shared';
import { AppError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { GeofencesRepo, Owner } from '../geofences/geofences.repo.ts';
import { presentGeofence } from '../geofences/geofences.service.ts';
import { shownTemperature, type TemperatureUnit, unitSymbol } from './temperature-unit.ts';
import { clampRange, LAT_CHANNEL, LON_CHANNEL, periodOf, thin, type WaybillData } from './waybill-data.ts';
import { presentPublicRow } from './waybills.presenter.ts';
import type { WaybillRecord, WaybillsRepo, WaybillWithDevice } from './waybills.repo.ts';
import { hashToken, type WaybillsService } from './waybills.service.ts';

/**
 * What the waybill detail tabs, the public pages and the report read: overview, track, curve and
 * alarm record over the waybill period. A range outside the period is moved into it and the answer
 * says so with the spec's message (waybillTimeCorrected).
 */
export class WaybillViews {
  constructor(
    private readonly waybills: WaybillsService,
    private readonly repo: WaybillsRepo,
    private readonly fences: GeofencesRepo,
    readonly data: WaybillData,
  ) {}

  private range(row: WaybillRecord, t: Translate, start?: number, end?: number) {
    const range = clampRange(periodOf(row, this.data.now()), start, end);
    return {
      range,
      fields: {
        startTime: range.from,
        endTime: range.to,
        timeCorrected: range.corrected ? (1 as const) : (0 as const),
        notice: range.corrected ? t('errors.waybillTimeCorrected') : null,
      },
    };
  }

  /** Temperatures of the signed-in views are in the caller's unit (MKT computed in °C first). */
  async overview(owner: Owner, id: number, unit: TemperatureUnit): Promise<WaybillOverview> {
    const row = await this.waybills.load(owner, id);
    const settings = await this.data.settings(row, unit);
    const period = clampRange(periodOf(row, this.data.now()));
    const [waybill, latest, lastPosition, stats, alarms] = await Promise.all([
      this.waybills.detailOf(row, unit),
      this.data.latest(row, settings),
      this.data.lastPosition(row),
      this.data.stats(row, settings, period),
      this.repo.alarmsInPeriod(row.accountId, row.deviceId, iso(period.from), iso(period.to), {
        offset: 0,
        limit: 1,
      }),
    ]);
    return { waybill, latest, lastPosition, stats, alarmCount: alarms.totalCount };
  }

  async chart(
    owner: Owner,
    q: WaybillChartRequest,
    t: Translate,
    unit: TemperatureUnit,
  ): Promise<WaybillChartAnswer> {
    const row = await this.waybills.load(owner, q.id);
    const { range, fields } = this.range(row, t, q.startTime, q.endTime);
    const settings = await this.data.settings(row, unit);
    const [chart, stats] = await Promise.all([
      this.data.chart(row, settings, range, q.points),
      this.data.stats(row, settings, range),
    ]);
    return {
      ...fields,
      ...chart,
      upperLimit: shownTemperature(row.upperLimit, unit),
      lowerLimit: shownTemperature(row.lowerLimit, unit),
      stats,
    };
  }

  async track(owner: Owner, q: WaybillRange, t: Translate): Promise<WaybillTrack> {
    const row = await this.waybills.load(owner, q.id);
    const { range, fields } = this.range(row, t, q.startTime, q.endTime);
    const all = await this.repo.track(row.deviceId, range.from, range.to, LAT_CHANNEL, LON_CHANNEL);
    const points = thin(all, WAYBILL_TRACK_POINTS_MAX).map((p): [number, number, number] => [
      p.ts,
      p.lat,
      p.lon,
    ]);
    return {
      ...fields,
      points,
      downsampled: all.length > points.length,
      fences: await this.fencesOf(row),
      plannedRoute: await this.plannedRoute(row),
    };
  }

  private async fencesOf(row: WaybillRecord): Promise<Geofence[]> {
    const ids = [row.startFenceId, row.stopFenceId, row.fenceModelId].filter(
      (id): id is number => id !== null,
    );
    const rows = await this.fences.byIds([...new Set(ids)]);
    return rows.map((r) => presentGeofence(r));
  }

  private async plannedRoute(row: WaybillRecord) {
    if (row.trackTemplateId === null) return [];
    const template = await this.repo.trackTemplateUnscoped(row.trackTemplateId);
    return template ? (JSON.parse(template.points) as { lat: number; lon: number }[]) : [];
  }

  async alarms(
    owner: Owner,
    q: WaybillAlarmPageRequest,
    t: Translate,
    unit: TemperatureUnit,
  ): Promise<WaybillAlarmPageAnswer> {
    const row = await this.waybills.load(owner, q.id);
    const { range, fields } = this.range(row, t, q.startTime, q.endTime);
    const { rows, totalCount } = await this.repo.alarmsInPeriod(
      row.accountId,
      row.deviceId,
      iso(range.from),
      iso(range.to),
      { offset: (q.start - 1) * q.pageSize, limit: q.pageSize },
    );
    return {
      ...fields,
      data: rows.map((r) => ({
        id: r.id,
        ts: Date.parse(r.startTime ?? r.createdAt),
        alarmType: r.cause ?? r.messageType,
        level: r.level,
        content: alarmContent(r, unit),
        state: r.state,
      })),
      start: q.start,
      totalCount,
    };
  }

  /** Public look-up by tracking number or device GUID, on the request's platform. */
  async lookup(platformId: number, q: PublicWaybillLookup): Promise<PublicWaybillList> {
    const rows = q.trackingNumber
      ? await this.repo.byTrackingNumber(platformId, q.trackingNumber, WAYBILL_PUBLIC_LIST_MAX)
      : await this.repo.byDeviceGuid(platformId, q.deviceGuid ?? '', WAYBILL_PUBLIC_LIST_MAX);
    return { data: rows.map(presentPublicRow) };
  }

  /** A waybill a public call names: by its key, or by a share link that has not expired. */
  async publicWaybill(
    platformId: number,
    key: { waybillPk?: string | undefined; shareToken?: string | undefined },
  ): Promise<{ row: WaybillWithDevice; shareExpiresAt: number | null }> {
    if (key.shareToken) {
      const share = await this.repo.shareByHash(hashToken(key.shareToken));
      if (!share || Date.parse(share.expiresAt) <= this.data.now()) throw new AppError('waybillLinkInvalid');
      const row = await this.repo.byIdUnscoped(share.waybillId);
      if (!row || row.platformId !== platformId) throw new AppError('waybillLinkInvalid');
      return { row, shareExpiresAt: Date.parse(share.expiresAt) };
    }
    const row = await this.repo.byPk(platformId, key.waybillPk ?? '');
    if (!row) throw new AppError('waybillLinkInvalid');
    return { row, shareExpiresAt: null };
  }

  /** The public detail: state, curve and statistics; the track only through a share link. */
  async publicDetail(
    platformId: number,
    key: { waybillPk?: string | undefined; shareToken?: string | undefined; points: number },
  ): Promise<PublicWaybillDetail> {
    const { row, shareExpiresAt } = await this.publicWaybill(platformId, key);
    // Public pages have no signed-in reader and no platform unit setting: they answer °C.
    const settings = await this.data.settings(row, 'C');
    const range = clampRange(periodOf(row, this.data.now()));
    const [latest, chart, stats, track] = await Promise.all([
      this.data.latest(row, settings),
      this.data.chart(row, settings, range, key.points),
      this.data.stats(row, settings, range),
      shareExpiresAt === null
        ? Promise.resolve(null)
        : this.repo.track(row.deviceId, range.from, range.to, LAT_CHANNEL, LON_CHANNEL),
    ]);
    return {
      waybill: presentPublicRow(row),
      // Only readings of the shipment: nothing from before its start or after its end.
      latest: latest.filter((r) => r.ts >= range.from && r.ts < range.to),
      chart: { startTime: range.from, endTime: range.to, ...chart },
      stats,
      track: track
        ? thin(track, WAYBILL_TRACK_POINTS_MAX).map((p): [number, number, number] => [p.ts, p.lat, p.lon])
        : null,
      shared: shareExpiresAt === null ? 0 : 1,
      shareExpiresAt,
    };
  }

  /** The receiver confirms receipt through a share link (002 §4). */
  async publicReceive(platformId: number, shareToken: string, receiverMan: string | null, points: number) {
    const { row } = await this.publicWaybill(platformId, { shareToken });
    if (row.waybillState !== 1 && row.waybillState !== 2) throw new AppError('waybillStateInvalid');
    if (!(await this.waybills.lifecycle.receive(row, 'receiver', receiverMan)))
      throw new AppError('waybillStateInvalid');
    return { row, detail: await this.publicDetail(platformId, { shareToken, points }) };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** "value / limit"; a temperature alarm's in the caller's unit, with the unit. */
export function alarmContent(
  alarm: { value: number | null; limitValue: number | null; channelKind: string | null },
  unit: TemperatureUnit,
): string | null {
  if (alarm.value === null) return null;
  const temperature = alarm.channelKind === 'temperature';
  const text = (v: number) => (temperature ? `${shownTemperature(v, unit)} ${unitSymbol(unit)}` : String(v));
  return `${text(alarm.value)}${alarm.limitValue === null ? '' : ` / ${text(alarm.limitValue)}`}`;
}
