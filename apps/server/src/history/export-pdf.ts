import type { Readable } from 'node:stream';
import type { DeviceDataRow } from '@coldchain/shared';
import PDFDocument from 'pdfkit';
import { displayValues, type ExportDocument, StatsTap, summaryLines } from './export-model.ts';
import type { ChannelStats } from './stats.ts';

/** PostScript name of the face to use when the font file is a collection (fonts-wqy-microhei's .ttc). */
const COLLECTION_FACE = 'WenQuanYiMicroHei';
const MARGIN = 40;
const ROW_HEIGHT = 14;
const TIME_WIDTH = 120;
const FONT = 'report';

/**
 * The readings as a PDF report: the device and range, each channel's statistics, then the table with a
 * header on every page. Every text is set in one CJK-capable font (embedded as a subset), so device
 * names in Chinese render. The caller caps the rows (PDF_EXPORT_ROW_CAP); they are held in memory.
 */
export function pdfStream(doc: ExportDocument, rows: readonly DeviceDataRow[], fontPath: string): Readable {
  const tap = new StatsTap(doc.columns);
  for (const row of rows) tap.add(row);
  const stats = tap.results();

  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${doc.labels.title} ${doc.deviceName}`, Creator: 'Coldchain Cloud' },
  });
  pdf.registerFont(FONT, fontPath, fontPath.toLowerCase().endsWith('.ttc') ? COLLECTION_FACE : undefined);
  pdf.font(FONT);
  const { labels } = doc;
  const width = pdf.page.width - 2 * MARGIN;

  pdf.fontSize(16).text(labels.title, { align: 'left' });
  pdf.moveDown(0.5).fontSize(10);
  for (const [key, value] of [
    [labels.device, doc.deviceName],
    [labels.guid, doc.deviceGuid],
    [labels.timeZone, doc.clock.zone],
    [labels.range, `${doc.clock.format(doc.from)} – ${doc.clock.format(doc.to)}`],
    [labels.generatedAt, doc.clock.format(doc.generatedAt)],
  ] as const) {
    pdf.text(`${key}: ${value}`);
  }
  pdf.moveDown(0.5);
  summaryTable(pdf, doc, stats, width);
  pdf.fontSize(8).text(labels.mktNote, MARGIN, pdf.y + 4, { width });
  pdf.moveDown(1);

  if (rows.length === 0) {
    pdf.fontSize(10).text(labels.noData);
  } else {
    dataTable(pdf, doc, rows, width);
  }
  pdf.end();
  return pdf;
}

function summaryTable(pdf: PDFKit.PDFDocument, doc: ExportDocument, stats: ChannelStats[], width: number) {
  const { labels } = doc;
  const first = TIME_WIDTH;
  const col = (width - first) / Math.max(1, doc.columns.length);
  pdf.fontSize(9);
  let y = pdf.y;
  const row = (cells: string[], bold = false) => {
    if (y + ROW_HEIGHT > pdf.page.height - MARGIN) {
      pdf.addPage();
      y = MARGIN;
    }
    if (bold)
      pdf
        .rect(MARGIN, y - 2, width, ROW_HEIGHT)
        .fill('#f0f0f0')
        .fillColor('black');
    cells.forEach((text, i) => {
      const x = i === 0 ? MARGIN : MARGIN + first + (i - 1) * col;
      pdf.text(text, x + 2, y, { width: (i === 0 ? first : col) - 4, lineBreak: false, ellipsis: true });
    });
    y += ROW_HEIGHT;
  };
  row([labels.summary, ...doc.columns.map((c) => c.label)], true);
  for (const [label, values] of summaryLines(doc, stats)) row([label, ...values.map(String)]);
  pdf.y = y;
}

function dataTable(
  pdf: PDFKit.PDFDocument,
  doc: ExportDocument,
  rows: readonly DeviceDataRow[],
  width: number,
) {
  const col = (width - TIME_WIDTH) / Math.max(1, doc.columns.length);
  const header = [`${doc.labels.time} (${doc.clock.zone})`, ...doc.columns.map((c) => c.label)];
  const bottom = pdf.page.height - MARGIN - ROW_HEIGHT;
  let page = 1;
  let y = pdf.y;
  pdf.fontSize(8);
  const cells = (texts: string[]) =>
    texts.forEach((text, i) => {
      const x = i === 0 ? MARGIN : MARGIN + TIME_WIDTH + (i - 1) * col;
      pdf.text(text, x + 2, y, { width: (i === 0 ? TIME_WIDTH : col) - 4, lineBreak: false });
    });
  const head = () => {
    pdf
      .rect(MARGIN, y - 2, width, ROW_HEIGHT)
      .fill('#f0f0f0')
      .fillColor('black');
    cells(header);
    y += ROW_HEIGHT;
  };
  const footer = () => {
    // Below the bottom margin pdfkit would start a new page; lift the margin for the page number.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.text(String(page), MARGIN, pdf.page.height - MARGIN + 10, {
      width,
      align: 'center',
      lineBreak: false,
    });
    pdf.page.margins.bottom = margin;
  };
  if (y + 3 * ROW_HEIGHT > bottom) {
    pdf.addPage();
    y = MARGIN;
  }
  head();
  for (const row of rows) {
    if (y > bottom) {
      footer();
      pdf.addPage();
      page += 1;
      y = MARGIN;
      head();
    }
    cells([
      doc.clock.format(row.ts),
      ...displayValues(doc.columns, row.values).map((v) => (v === null ? '' : String(v))),
    ]);
    y += ROW_HEIGHT;
  }
  footer();
}
