import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  type DeviceDataChart,
  type DeviceDataChartRequest,
  type DeviceDataExportRequest,
  type DeviceDataPage,
  type DeviceDataPageRequest,
  type DeviceDataRow,
  MKT_DELTA_H_OVER_R_K,
  PDF_EXPORT_ROW_CAP,
  QUICK_SEARCH_RANGE_DEFAULT_MS,
  QUICK_SEARCH_RANGE_MAX_MS,
  type QuickSearchAnswer,
  type QuickSearchRequest,
} from '@coldchain/shared';
import type { AuditService } from '../audit/audit.service.ts';
import type { Clock } from '../clock.ts';
import { AppError, fieldError } from '../errors.ts';
import type { Translate } from '../i18n/i18n.ts';
import { assertHistoryReadable } from '../modules/device-service/service-lapse.ts';
import { recordBackOfficeView } from '../modules/devices/back-office-view.ts';
import { authorize, type DeviceCaller, hiddenProbesOn } from '../modules/devices/device-policy.ts';
import { type ChannelSettings, channelInfo, channelSettings, corrected, shown } from './channel-settings.ts';
import { planBuckets, seriesFromBuckets } from './downsample.ts';
import { csvStream } from './export-csv.ts';
import {
  columnLabel,
  type ExportColumn,
  type ExportDocument,
  type ExportLabels,
  exportFileName,
} from './export-model.ts';
import { pdfStream } from './export-pdf.ts';
import { xlsxStream } from './export-xlsx.ts';
import type { HistoryDevice, HistoryRepo, RawReading } from './history.repo.ts';
import { wallClock } from './time-format.ts';

/** Gas constant, J/(mol·K), to state ΔH in kJ/mol beside ΔH/R. */
const GAS_CONSTANT = 8.314_462_618;
/** Channels a public quick query never shows: where a device is. */
const PRIVATE_KINDS = new Set(['latitude', 'longitude']);

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export interface ExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

export function exportLabels(t: Translate): ExportLabels {
  const k = (key: keyof ExportLabels) => t(`export.${key}`);
  return {
    title: k('title'),
    device: k('device'),
    guid: k('guid'),
    timeZone: k('timeZone'),
    range: k('range'),
    generatedAt: k('generatedAt'),
    summary: k('summary'),
    data: k('data'),
    time: k('time'),
    channel: k('channel'),
    count: k('count'),
    min: k('min'),
    max: k('max'),
    average: k('average'),
    mkt: k('mkt'),
    above: k('above'),
    below: k('below'),
    upperLimit: k('upperLimit'),
    lowerLimit: k('lowerLimit'),
    noData: k('noData'),
    mktNote: t('export.mktNote', {
      k: MKT_DELTA_H_OVER_R_K,
      kj: Math.round(MKT_DELTA_H_OVER_R_K * GAS_CONSTANT) / 1000,
    }),
  };
}

/**
 * Pivots per-channel runs (each in time order) into one row per instant, merging them by time. Values
 * come out corrected, in the stored unit.
 */
export async function* pivotRows(
  runs: AsyncGenerator<RawReading[]>[],
  settings: readonly ChannelSettings[],
): AsyncGenerator<DeviceDataRow> {
  const heads = runs.map((run) => ({ run, rows: [] as RawReading[], at: 0, done: false }));
  for (;;) {
    let next = Number.POSITIVE_INFINITY;
    for (const head of heads) {
      if (head.at >= head.rows.length && !head.done) {
        const chunk = await head.run.next();
        if (chunk.done) head.done = true;
        else {
          head.rows = chunk.value;
          head.at = 0;
        }
      }
      const row = head.rows[head.at];
      if (head.at < head.rows.length && row && row.ts < next) next = row.ts;
    }
    if (next === Number.POSITIVE_INFINITY) return;
    const values = heads.map((head, i) => {
      const row = head.rows[head.at];
      const channel = settings[i];
      if (!row || row.ts !== next || !channel) return null;
      head.at += 1;
      return corrected(channel, row.value);
    });
    yield { ts: next, values };
  }
}

/** Rows of one instant each from readings of several channels (a page). */
function pivotPage(
  readings: readonly RawReading[],
  settings: readonly ChannelSettings[],
  descending: boolean,
) {
  const index = new Map(settings.map((s, i) => [s.channel, i]));
  const rows = new Map<number, (number | null)[]>();
  for (const r of readings) {
    const i = index.get(r.channel);
    const s = i === undefined ? undefined : settings[i];
    if (i === undefined || !s) continue;
    let values = rows.get(r.ts);
    if (!values) {
      values = settings.map(() => null);
      rows.set(r.ts, values);
    }
    values[i] = shown(s, r.value);
  }
  return [...rows.entries()]
    .sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]))
    .map(([ts, values]) => ({ ts, values }));
}

/**
 * Device history: charts downsampled in SQL, the raw table, exports and clearing. Every call goes
 * through the device policy, so another account's device id answers "device not found".
 */
export class HistoryService {
  constructor(
    private readonly repo: HistoryRepo,
    private readonly clock: Clock,
    private readonly pdfFontPath: string,
    private readonly audit: AuditService,
  ) {}

  private async visible(caller: DeviceCaller, id: number, action: 'query' | 'export' | 'delete' | 'edit') {
    const device = await this.repo.device(id);
    const view = authorize(caller, device, action);
    if (!device) throw new AppError('deviceNotFound');
    if (action === 'query' || action === 'export')
      await recordBackOfficeView(this.audit, caller, device, view, action === 'query' ? 'history' : 'export');
    return device;
  }

  /**
   * The channels of a reading call: a device the caller may read, and the settings of its channels
   * (all, or those asked for) without the probes the caller's permission templates hide. A hidden
   * probe's channel asked for by number is left out like the others, not refused.
   */
  private async readable(
    caller: DeviceCaller,
    request: { deviceId: number; channels?: number[] | undefined },
    action: 'query' | 'export',
  ) {
    const device = await this.visible(caller, request.deviceId, action);
    assertHistoryReadable(device, this.clock.now());
    const hidden = await hiddenProbesOn(caller, device, (typeId) => this.repo.typeProbeParams(typeId));
    const settings = await this.settingsOf(device, request.channels, caller.temperatureUnit === 'F');
    return { device, settings: settings.filter((s) => !hidden.has(s.probe)) };
  }

  private async settingsOf(device: HistoryDevice, requested: number[] | undefined, fahrenheit: boolean) {
    const [channels, probes] = await Promise.all([
      requested ? Promise.resolve([...new Set(requested)]) : this.repo.channels(device.id),
      this.repo.probeSettings(device.id),
    ]);
    return channels.map((channel) => channelSettings(channel, device, probes, fahrenheit));
  }

  async chart(caller: DeviceCaller, request: DeviceDataChartRequest): Promise<DeviceDataChart> {
    const { device, settings } = await this.readable(caller, request, 'query');
    return { deviceId: device.id, ...(await this.chartOf(device.id, settings, request)) };
  }

  private async chartOf(
    deviceId: number,
    settings: readonly ChannelSettings[],
    range: { startTime: number; endTime: number; points: number },
  ): Promise<Omit<DeviceDataChart, 'deviceId'>> {
    const { width } = planBuckets(range.startTime, range.endTime, range.points);
    const channels = settings.map((s) => s.channel);
    const rows = await this.repo.buckets(deviceId, channels, range.startTime, range.endTime, width);
    const series = seriesFromBuckets(rows, channels);
    return {
      startTime: range.startTime,
      endTime: range.endTime,
      bucketMs: width,
      downsampled: series.some((s) => s.downsampled),
      series: series.map((s, i) => {
        const channel = settings[i] as ChannelSettings;
        const show = (v: number) => shown(channel, v);
        return {
          ...channelInfo(channel),
          count: s.count,
          min: s.min === null ? null : show(s.min),
          max: s.max === null ? null : show(s.max),
          points: s.points.map(([ts, v]): [number, number] => [ts, show(v)]),
        };
      }),
    };
  }

  async page(caller: DeviceCaller, request: DeviceDataPageRequest): Promise<DeviceDataPage> {
    const { device, settings } = await this.readable(caller, request, 'query');
    const channels = settings.map((s) => s.channel);
    const range = { from: request.startTime, to: request.endTime };
    const descending = request.sortOrder !== 'ascend';
    const [totalCount, readings] = await Promise.all([
      this.repo.countInstants(device.id, channels, range.from, range.to),
      this.repo.page(device.id, channels, range, {
        offset: (request.start - 1) * request.pageSize,
        limit: request.pageSize,
        descending,
      }),
    ]);
    return {
      data: pivotPage(readings, settings, descending),
      channels: settings.map(channelInfo),
      start: request.start,
      totalCount,
    };
  }

  /**
   * An export of the range. CSV and XLSX stream any number of rows; a PDF holds at most
   * PDF_EXPORT_ROW_CAP rows (a longer range is refused before anything is sent).
   */
  async export(caller: DeviceCaller, request: DeviceDataExportRequest, t: Translate): Promise<ExportFile> {
    const { device, settings } = await this.readable(caller, request, 'export');
    const channels = settings.map((s) => s.channel);
    const { startTime: from, endTime: to, format } = request;
    if (format === 'pdf') {
      if (!fs.existsSync(this.pdfFontPath))
        throw new AppError('notConfigured', { feature: 'features.pdfFont' });
      const count = await this.repo.countInstants(device.id, channels, from, to);
      if (count > PDF_EXPORT_ROW_CAP)
        throw fieldError('endTime', 'rules.pdfRowCap', { max: PDF_EXPORT_ROW_CAP });
    }
    const labels = exportLabels(t);
    const columns: ExportColumn[] = settings.map((s) => ({
      settings: s,
      label: columnLabel(t, s),
    }));
    const doc: ExportDocument = {
      labels,
      deviceName: device.deviceName,
      deviceGuid: device.deviceGuid,
      from,
      to,
      generatedAt: this.clock.now().getTime(),
      clock: wallClock(device.timeZone),
      columns,
    };
    const rows = pivotRows(
      channels.map((c) => this.repo.walkChannel(device.id, c, from, to)),
      settings,
    );
    const fileName = exportFileName(doc, format);
    if (format === 'csv') return { fileName, contentType: CONTENT_TYPES.csv, stream: csvStream(doc, rows) };
    if (format === 'xlsx')
      return { fileName, contentType: CONTENT_TYPES.xlsx, stream: xlsxStream(doc, rows) };
    const all: DeviceDataRow[] = [];
    for await (const row of rows) all.push(row);
    return { fileName, contentType: CONTENT_TYPES.pdf, stream: pdfStream(doc, all, this.pdfFontPath) };
  }

  /** Deletes every reading of a device the caller may delete on; answers the device and the count. */
  async clear(caller: DeviceCaller, id: number): Promise<{ device: HistoryDevice; deleted: number }> {
    const device = await this.visible(caller, id, 'delete');
    return { device, deleted: await this.repo.clear(device.id) };
  }

  /** Opens or closes a device's public quick query; answers the flag before and after. */
  async setQuickSearch(caller: DeviceCaller, id: number, quickSearch: 0 | 1) {
    const device = await this.visible(caller, id, 'edit');
    const before = await this.repo.quickSearchOf(device.id);
    await this.repo.setQuickSearch(device.id, quickSearch, this.clock.now().toISOString());
    return { device, before, after: quickSearch };
  }

  /**
   * The public quick query (quick.query, pcQuick.query, mobileQuick.query): recent readings and a
   * curve of a device on this platform whose owner enabled quick search; anything else answers
   * "device not found". Position channels are left out.
   */
  async quick(platformId: number, request: QuickSearchRequest): Promise<QuickSearchAnswer> {
    const device = await this.repo.deviceByGuid(request.deviceGuid);
    if (!device || device.platformId !== platformId || device.quickSearch !== 1) {
      throw new AppError('deviceNotFound');
    }
    assertHistoryReadable(device, this.clock.now());
    const now = this.clock.now().getTime();
    const endTime =
      request.endTime ??
      (request.startTime === undefined ? now : request.startTime + QUICK_SEARCH_RANGE_DEFAULT_MS);
    const startTime = request.startTime ?? endTime - QUICK_SEARCH_RANGE_DEFAULT_MS;
    if (endTime - startTime > QUICK_SEARCH_RANGE_MAX_MS) {
      throw fieldError('startTime', 'rules.quickRange', { days: QUICK_SEARCH_RANGE_MAX_MS / 86_400_000 });
    }
    const settings = (await this.settingsOf(device, undefined, false)).filter(
      (s) => !(s.kind && PRIVATE_KINDS.has(s.kind)),
    );
    const latest = await this.repo.latest(
      device.id,
      settings.map((s) => s.channel),
    );
    const byChannel = new Map(settings.map((s) => [s.channel, s]));
    return {
      device: {
        deviceGuid: device.deviceGuid,
        deviceName: device.deviceName,
        status: device.status,
        timeZone: device.timeZone,
        upperLimit: device.upperLimit,
        lowerLimit: device.lowerLimit,
        lastSeenAt: device.lastSeenAt,
      },
      latest: latest.map((r) => {
        const s = byChannel.get(r.channel);
        return { channel: r.channel, ts: r.ts, value: s ? shown(s, r.value) : r.value };
      }),
      chart: await this.chartOf(device.id, settings, { startTime, endTime, points: request.points }),
    };
  }
}
