import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { type DeviceDataRow, PDF_EXPORT_ROW_CAP, type WaybillExportQuery } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import { columnLabel, type ExportDocument } from '../../history/export-model.ts';
import type { HistoryRepo } from '../../history/history.repo.ts';
import { exportLabels, pivotRows } from '../../history/history.service.ts';
import { StatsAccumulator } from '../../history/stats.ts';
import { wallClock } from '../../history/time-format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { Owner } from '../geofences/geofences.repo.ts';
import type { TemperatureUnit } from './temperature-unit.ts';
import { clampRange, periodOf, type WaybillData } from './waybill-data.ts';
import { waybillListXlsx, waybillPdf } from './waybill-report.ts';
import type { WaybillsRepo } from './waybills.repo.ts';
import type { WaybillsService } from './waybills.service.ts';

export interface WaybillFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/** Alarms a report lists at most (the alarm record tab pages through all of them). */
const REPORT_ALARMS_MAX = 500;

/** The waybill list (XLSX) and a waybill's report (PDF), temperatures in the caller's unit. */
export class WaybillExports {
  constructor(
    private readonly waybills: WaybillsService,
    private readonly repo: WaybillsRepo,
    private readonly history: HistoryRepo,
    private readonly data: WaybillData,
    private readonly clock: Clock,
    private readonly pdfFontPath: string,
  ) {}

  list(owner: Owner, filter: WaybillExportQuery, t: Translate, unit: TemperatureUnit): WaybillFile {
    const day = new Date(this.clock.now().getTime()).toISOString().slice(0, 10).replaceAll('-', '');
    return {
      fileName: `waybills_${day}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stream: waybillListXlsx(this.repo.walk(owner, filter), t, wallClock, unit),
    };
  }

  /**
   * The PDF report of one waybill over its whole period. Like the device export it holds at most
   * PDF_EXPORT_ROW_CAP rows; a longer waybill is refused before anything is sent.
   */
  async report(
    owner: Owner,
    id: number,
    t: Translate,
    origin: string,
    unit: TemperatureUnit,
  ): Promise<WaybillFile> {
    if (!fs.existsSync(this.pdfFontPath))
      throw new AppError('notConfigured', { feature: 'features.pdfFont' });
    const row = await this.waybills.load(owner, id);
    const range = clampRange(periodOf(row, this.data.now()));
    const settings = await this.data.settings(row, unit);
    const channels = settings.map((s) => s.channel);
    if ((await this.history.countInstants(row.deviceId, channels, range.from, range.to)) > PDF_EXPORT_ROW_CAP)
      throw fieldError('id', 'rules.pdfRowCap', { max: PDF_EXPORT_ROW_CAP });
    const clock = wallClock(row.timeZone);
    const doc: ExportDocument = {
      labels: exportLabels(t),
      deviceName: row.deviceName,
      deviceGuid: row.deviceGuid,
      from: range.from,
      to: range.to,
      generatedAt: this.clock.now().getTime(),
      clock,
      columns: settings.map((s) => ({
        settings: s,
        label: columnLabel(t, s),
      })),
    };
    const accumulators = settings.map((s) => new StatsAccumulator(s.limits));
    const rows: DeviceDataRow[] = [];
    for await (const r of pivotRows(
      channels.map((c) => this.history.walkChannel(row.deviceId, c, range.from, range.to)),
      settings,
    )) {
      rows.push(r);
      r.values.forEach((v, i) => {
        if (v !== null) accumulators[i]?.add(r.ts, v);
      });
    }
    const alarms = await this.repo.alarmsInPeriod(
      row.accountId,
      row.deviceId,
      new Date(range.from).toISOString(),
      new Date(range.to).toISOString(),
      { offset: 0, limit: REPORT_ALARMS_MAX },
    );
    const stream = await waybillPdf(
      {
        waybill: row,
        unit,
        doc,
        stats: accumulators.map((a) => a.result()),
        rows,
        alarms: alarms.rows.map((a) => ({
          ts: Date.parse(a.startTime ?? a.createdAt),
          alarmType: a.cause ? t(`alarm.cause.${a.cause}`) : a.messageType,
          state: t(`alarm.state.${a.state}`),
        })),
        publicUrl: `${origin}/pcQuick/waybill/detail/${row.waybillPk}`,
        t,
      },
      this.pdfFontPath,
    );
    const safe = row.orderNum.replace(/[^A-Za-z0-9_-]/g, '_');
    return { fileName: `waybill_${safe}.pdf`, contentType: 'application/pdf', stream };
  }
}
