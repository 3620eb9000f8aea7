import { Readable } from 'node:stream';
import type { DeviceDataRow } from '@coldchain/shared';
import { displayValues, type ExportDocument } from './export-model.ts';

const CHUNK_CHARS = 64 * 1024;

/** Quotes a field when it holds a separator, a quote or a line break (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The readings as CSV, streamed: a UTF-8 byte-order mark (so spreadsheet programs read CJK names
 * right), one header line, then one line per instant with local wall time and a column per channel.
 * The table only, so the file stays machine-readable; XLSX and PDF add the statistics.
 */
export function csvStream(doc: ExportDocument, rows: AsyncIterable<DeviceDataRow>): Readable {
  async function* lines(): AsyncGenerator<string> {
    const header = [`${doc.labels.time} (${doc.clock.zone})`, ...doc.columns.map((c) => c.label)];
    let chunk = `\uFEFF${header.map(csvField).join(',')}\r\n`;
    for await (const row of rows) {
      chunk += doc.clock.format(row.ts);
      for (const value of displayValues(doc.columns, row.values)) chunk += value === null ? ',' : `,${value}`;
      chunk += '\r\n';
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}
