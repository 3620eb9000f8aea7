import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { type DeviceDataRow, XLSX_SHEET_ROW_CAP } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import { displayValues, type ExportDocument, StatsTap, summaryLines } from './export-model.ts';

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Characters Excel refuses in sheet names, and its length limit. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

/**
 * The readings as an XLSX workbook, streamed row by row: data sheets (a new one every
 * XLSX_SHEET_ROW_CAP rows) with times as local wall-clock dates, then a summary sheet with the device,
 * the range and each channel's statistics gathered while the rows went by.
 */
export function xlsxStream(doc: ExportDocument, rows: AsyncIterable<DeviceDataRow>): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Coldchain Cloud';
    workbook.created = new Date(doc.generatedAt);
    const header = [`${doc.labels.time} (${doc.clock.zone})`, ...doc.columns.map((c) => c.label)];
    let sheets = 0;
    const addDataSheet = () => {
      sheets += 1;
      const name = sheets === 1 ? doc.labels.data : `${doc.labels.data} ${sheets}`;
      const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = [
        { width: 21, style: { numFmt: TIME_FORMAT } },
        ...doc.columns.map((c) => ({ width: Math.max(12, c.label.length + 4) })),
      ];
      const head = sheet.addRow(header);
      head.font = { bold: true };
      head.commit();
      return sheet;
    };
    let sheet = addDataSheet();
    let inSheet = 0;
    const tap = new StatsTap(doc.columns);
    for await (const row of tap.pass(rows)) {
      if (inSheet === XLSX_SHEET_ROW_CAP) {
        sheet.commit();
        sheet = addDataSheet();
        inSheet = 0;
      }
      sheet.addRow([new Date(doc.clock.shifted(row.ts)), ...displayValues(doc.columns, row.values)]).commit();
      inSheet += 1;
      // Let a slow download hold the producer back instead of buffering the workbook in memory.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();

    const { labels } = doc;
    const summary = workbook.addWorksheet(sheetName(labels.summary));
    summary.columns = [{ width: 24 }, ...doc.columns.map(() => ({ width: 18 }))];
    const title = summary.addRow([labels.title]);
    title.font = { bold: true, size: 14 };
    summary.addRow([labels.device, doc.deviceName]);
    summary.addRow([labels.guid, doc.deviceGuid]);
    summary.addRow([labels.timeZone, doc.clock.zone]);
    summary.addRow([labels.range, `${doc.clock.format(doc.from)} – ${doc.clock.format(doc.to)}`]);
    summary.addRow([labels.generatedAt, doc.clock.format(doc.generatedAt)]);
    summary.addRow([]);
    const stats = tap.results();
    const head = summary.addRow([labels.channel, ...doc.columns.map((c) => c.label)]);
    head.font = { bold: true };
    for (const [label, cells] of summaryLines(doc, stats)) summary.addRow([label, ...cells]);
    summary.addRow([]);
    summary.addRow([labels.mktNote]);
    if (stats.every((s) => s.count === 0)) summary.addRow([labels.noData]);
    summary.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
