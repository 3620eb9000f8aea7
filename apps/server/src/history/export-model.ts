import type { ChannelInfo, DeviceDataRow } from '@coldchain/shared';
import type { Translate } from '../i18n/i18n.ts';
import type { ChannelSettings } from './channel-settings.ts';
import { type ChannelStats, StatsAccumulator } from './stats.ts';
import { formatDuration, type WallClock } from './time-format.ts';

/** Translated texts of an export, so the writers stay free of i18n. */
export interface ExportLabels {
  title: string;
  device: string;
  guid: string;
  timeZone: string;
  range: string;
  generatedAt: string;
  summary: string;
  data: string;
  time: string;
  channel: string;
  count: string;
  min: string;
  max: string;
  average: string;
  mkt: string;
  above: string;
  below: string;
  upperLimit: string;
  lowerLimit: string;
  noData: string;
  mktNote: string;
}

export interface ExportColumn {
  /** "Temperature 1 (°C)". */
  label: string;
  settings: ChannelSettings;
}

export interface ExportDocument {
  labels: ExportLabels;
  deviceName: string;
  deviceGuid: string;
  from: number;
  to: number;
  generatedAt: number;
  clock: WallClock;
  columns: ExportColumn[];
}

/**
 * A channel's column header as the device's data table names it, in the reader's language:
 * "Temperature 1 (°C)", "Battery (%)", "Latitude (°)"; a channel of unknown kind keeps its number.
 */
export function columnLabel(t: Translate, channel: ChannelInfo): string {
  const kind = channel.kind ? t(`export.kinds.${channel.kind}`) : null;
  const name =
    kind === null
      ? t('export.probe', { channel: channel.channel })
      : channel.probe > 0
        ? t('export.channelName', { kind, probe: channel.probe })
        : kind;
  return channel.unit ? `${name} (${channel.unit})` : name;
}

/** Feeds each channel's statistics while the rows pass through, so stats need no second pass. */
export class StatsTap {
  private readonly accumulators: StatsAccumulator[];
  constructor(columns: readonly ExportColumn[]) {
    this.accumulators = columns.map((c) => new StatsAccumulator(c.settings.limits));
  }

  async *pass(rows: AsyncIterable<DeviceDataRow>): AsyncGenerator<DeviceDataRow> {
    for await (const row of rows) {
      this.add(row);
      yield row;
    }
  }

  add(row: DeviceDataRow): void {
    row.values.forEach((value, i) => {
      if (value !== null) this.accumulators[i]?.add(row.ts, value);
    });
  }

  results(): ChannelStats[] {
    return this.accumulators.map((a) => a.result());
  }
}

/** A number as exports print it: at most 2 decimals for statistics, '' when absent. */
export const fixed2 = (v: number | null): string => (v === null ? '' : String(Math.round(v * 100) / 100));

/** Rows carry corrected values in the stored unit; this is what a cell shows. */
export function displayValues(columns: readonly ExportColumn[], values: readonly (number | null)[]) {
  return values.map((v, i) => {
    const column = columns[i];
    return v === null || !column ? null : column.settings.display(v);
  });
}

/** One line of the statistics table: its label and a text per column. */
export type SummaryLine = [label: string, cells: (number | string)[]];

/**
 * The statistics table of XLSX and PDF, in the caller's unit: count, min, max, average, MKT (for
 * temperature channels), the limits and the times beyond them.
 */
export function summaryLines(doc: ExportDocument, stats: readonly ChannelStats[]): SummaryLine[] {
  const { labels, columns } = doc;
  const shown = (i: number, v: number | null | undefined) => {
    const column = columns[i];
    return v === null || v === undefined || !column ? '' : Number(fixed2(column.settings.display(v)));
  };
  const each = (pick: (i: number) => number | string) => columns.map((_, i) => pick(i));
  return [
    [labels.count, each((i) => stats[i]?.count ?? 0)],
    [labels.min, each((i) => shown(i, stats[i]?.min))],
    [labels.max, each((i) => shown(i, stats[i]?.max))],
    [labels.average, each((i) => shown(i, stats[i]?.average))],
    [labels.mkt, each((i) => (columns[i]?.settings.temperature ? shown(i, stats[i]?.mkt) : ''))],
    [labels.upperLimit, each((i) => shown(i, columns[i]?.settings.limits.upper))],
    [labels.lowerLimit, each((i) => shown(i, columns[i]?.settings.limits.lower))],
    [labels.above, each((i) => formatDuration(stats[i]?.aboveMs ?? 0))],
    [labels.below, each((i) => formatDuration(stats[i]?.belowMs ?? 0))],
  ];
}

/** A file name safe in a Content-Disposition header: GUID, range and extension. */
export function exportFileName(
  doc: Pick<ExportDocument, 'deviceGuid' | 'from' | 'to' | 'clock'>,
  ext: string,
) {
  const day = (ts: number) => doc.clock.format(ts).slice(0, 10).replaceAll('-', '');
  return `${doc.deviceGuid}_${day(doc.from)}-${day(doc.to - 1)}.${ext}`;
}
