import { PassThrough, type Readable } from 'node:stream';
import type { DeviceDataRow } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { displayValues, type ExportDocument, summaryLines } from '../../history/export-model.ts';
import type { ChannelStats } from '../../history/stats.ts';
import type { WallClock } from '../../history/time-format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { shownTemperature, type TemperatureUnit, unitSymbol } from './temperature-unit.ts';
import type { WaybillWithDevice } from './waybills.repo.ts';

/** PostScript name of the face in a font collection (fonts-wqy-microhei's .ttc), as history exports use. */
const COLLECTION_FACE = 'WenQuanYiMicroHei';
const FONT = 'report';
const MARGIN = 40;
const ROW_HEIGHT = 14;
const TIME_WIDTH = 120;
const QR_SIZE = 96;

/** One alarm line of the report. */
export interface ReportAlarm {
  ts: number;
  alarmType: string;
  state: string;
}

export interface WaybillReport {
  waybill: WaybillWithDevice;
  /** The reader's temperature unit (the doc's columns already show theirs). */
  unit: TemperatureUnit;
  /** The history export's document: labels, device, range, clock and channel columns. */
  doc: ExportDocument;
  stats: ChannelStats[];
  rows: DeviceDataRow[];
  alarms: ReportAlarm[];
  /** Address of the public page the QR code opens. */
  publicUrl: string;
  t: Translate;
}

/**
 * The waybill report (PDF): the waybill and its tracking numbers, a QR code to its public page, the
 * statistics of the history export (min, max, mean, MKT, limits, time beyond them) for the waybill
 * period, its alarms, then every reading, all in the configured CJK-capable font.
 */
export async function waybillPdf(report: WaybillReport, fontPath: string): Promise<Readable> {
  const { waybill: w, doc, t, unit } = report;
  const qr = await QRCode.toBuffer(report.publicUrl, { type: 'png', margin: 1, width: QR_SIZE * 3 });
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t('waybillReport.title')} ${w.orderNum}`, Creator: 'Coldchain Cloud' },
  });
  pdf.registerFont(FONT, fontPath, fontPath.toLowerCase().endsWith('.ttc') ? COLLECTION_FACE : undefined);
  pdf.font(FONT);
  const width = pdf.page.width - 2 * MARGIN;
  const textWidth = width - QR_SIZE - 10;
  const top = pdf.y;
  pdf.image(qr, MARGIN + width - QR_SIZE, top, { width: QR_SIZE, height: QR_SIZE });
  pdf.fontSize(7).text(t('waybillReport.scan'), MARGIN + width - QR_SIZE, top + QR_SIZE + 2, {
    width: QR_SIZE,
    align: 'center',
  });
  pdf.fontSize(16).text(t('waybillReport.title'), MARGIN, top, { width: textWidth });
  pdf.moveDown(0.5).fontSize(10);
  const clock = doc.clock;
  const when = (iso: string | null) => (iso ? clock.format(Date.parse(iso)) : '-');
  const lines: [string, string][] = [
    [t('fields.orderNum'), w.orderNum],
    [t('fields.expressNumber'), w.expressNumber ?? '-'],
    [t('fields.goodsName'), w.goodsName ?? '-'],
    [t('waybillReport.device'), `${w.deviceName} (${w.deviceGuid})`],
    [t('waybillReport.state'), t(`waybillReport.state${w.waybillState}`)],
    [t('export.timeZone'), clock.zone],
    [t('waybillReport.startedAt'), when(w.startedAt)],
    [t('waybillReport.stoppedAt'), when(w.stoppedAt)],
    [t('waybillReport.receivedAt'), when(w.receivedAt)],
    [
      t('waybillReport.limits'),
      `${shownTemperature(w.lowerLimit, unit)} – ${shownTemperature(w.upperLimit, unit)} ${unitSymbol(unit)}`,
    ],
    [t('fields.receiverCompany'), w.receiverCompany ?? '-'],
    [t('export.generatedAt'), clock.format(doc.generatedAt)],
  ];
  for (const [key, value] of lines) pdf.text(`${key}: ${value}`, { width: textWidth });
  pdf.y = Math.max(pdf.y, top + QR_SIZE + 14);
  pdf.moveDown(0.5);

  table(
    pdf,
    width,
    [t('export.summary'), ...doc.columns.map((c) => c.label)],
    summaryLines(doc, report.stats).map(([label, cells]) => [label, ...cells.map(String)]),
  );
  pdf.fontSize(8).text(doc.labels.mktNote, MARGIN, pdf.y + 4, { width });
  pdf.moveDown(1);

  pdf.fontSize(12).text(t('waybillReport.alarms'), MARGIN);
  pdf.moveDown(0.3);
  if (report.alarms.length === 0) pdf.fontSize(9).text(t('waybillReport.noAlarms'));
  else
    table(
      pdf,
      width,
      [doc.labels.time, t('waybillReport.alarms'), t('waybillReport.state')],
      report.alarms.map((a) => [clock.format(a.ts), a.alarmType, a.state]),
    );
  pdf.moveDown(1);

  if (report.rows.length === 0) {
    pdf.fontSize(10).text(w.startedAt ? doc.labels.noData : t('waybillReport.notStarted'), MARGIN);
  } else {
    table(
      pdf,
      width,
      [`${doc.labels.time} (${clock.zone})`, ...doc.columns.map((c) => c.label)],
      report.rows.map((row) => [
        clock.format(row.ts),
        ...displayValues(doc.columns, row.values).map((v) => (v === null ? '' : String(v))),
      ]),
    );
  }
  pdf.end();
  return pdf;
}

/** A table whose header repeats on every page; the first column is the time or label column. */
function table(pdf: PDFKit.PDFDocument, width: number, header: string[], rows: string[][]) {
  const others = Math.max(1, header.length - 1);
  const col = (width - TIME_WIDTH) / others;
  const bottom = pdf.page.height - MARGIN - ROW_HEIGHT;
  let y = pdf.y;
  pdf.fontSize(8);
  const cells = (texts: string[]) =>
    texts.forEach((text, i) => {
      const x = i === 0 ? MARGIN : MARGIN + TIME_WIDTH + (i - 1) * col;
      pdf.text(text, x + 2, y, { width: (i === 0 ? TIME_WIDTH : col) - 4, lineBreak: false, ellipsis: true });
    });
  const head = () => {
    pdf
      .rect(MARGIN, y - 2, width, ROW_HEIGHT)
      .fill('#f0f0f0')
      .fillColor('black');
    cells(header);
    y += ROW_HEIGHT;
  };
  if (y + 3 * ROW_HEIGHT > bottom) {
    pdf.addPage();
    y = MARGIN;
  }
  head();
  for (const row of rows) {
    if (y > bottom) {
      pdf.addPage();
      y = MARGIN;
      head();
    }
    cells(row);
    y += ROW_HEIGHT;
  }
  pdf.x = MARGIN;
  pdf.y = y;
}

/**
 * The waybill list as XLSX, streamed: one row per waybill, times in each waybill's own zone, limits in
 * the reader's unit (named in their headers).
 */
export function waybillListXlsx(
  chunks: AsyncIterable<WaybillWithDevice[]>,
  t: Translate,
  clockOf: (timeZone: string) => WallClock,
  unit: TemperatureUnit,
): Readable {
  const out = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Coldchain Cloud';
    const sheet = workbook.addWorksheet(t('waybillReport.listTitle').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const columns: [string, number][] = [
      [t('fields.orderNum'), 22],
      [t('fields.expressNumber'), 30],
      [t('fields.goodsName'), 20],
      [t('export.guid'), 22],
      [t('waybillReport.device'), 20],
      [t('waybillReport.state'), 12],
      [t('export.timeZone'), 18],
      [t('waybillReport.startedAt'), 21],
      [t('waybillReport.stoppedAt'), 21],
      [t('waybillReport.receivedAt'), 21],
      [`${t('fields.lowerLimit')} (${unitSymbol(unit)})`, 14],
      [`${t('fields.upperLimit')} (${unitSymbol(unit)})`, 14],
      [t('fields.deliveryMan'), 14],
      [t('fields.receiverMan'), 14],
      [t('fields.receiverCompany'), 20],
      [t('waybillReport.createdAt'), 21],
    ];
    sheet.columns = columns.map(([, w]) => ({ width: w }));
    const head = sheet.addRow(columns.map(([label]) => label));
    head.font = { bold: true };
    head.commit();
    for await (const rows of chunks) {
      for (const w of rows) {
        const clock = clockOf(w.timeZone);
        const when = (iso: string | null) => (iso ? clock.format(Date.parse(iso)) : '');
        sheet
          .addRow([
            w.orderNum,
            w.expressNumber ?? '',
            w.goodsName ?? '',
            w.deviceGuid,
            w.deviceName,
            t(`waybillReport.state${w.waybillState}`),
            clock.zone,
            when(w.startedAt),
            when(w.stoppedAt),
            when(w.receivedAt),
            shownTemperature(w.lowerLimit, unit),
            shownTemperature(w.upperLimit, unit),
            w.deliveryMan ?? '',
            w.receiverMan ?? '',
            w.receiverCompany ?? '',
            when(w.createdAt),
          ])
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
