import { type SmsPackageInsert, smsPackageInsertSchema } from '@coldchain/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseCsv } from '../../files/csv.ts';

/** The columns of an SMS/voice package import file, by their header (case and spaces ignored). */
export const SMS_IMPORT_COLUMNS = [
  'kind',
  'countryCode',
  'currency',
  'packageName',
  'count',
  'packageFee',
  'initialFee',
] as const;
type Column = (typeof SMS_IMPORT_COLUMNS)[number];
const NUMERIC = new Set<Column>(['count', 'packageFee', 'initialFee']);
/** 5 SMS and 5 voice packages for each of a few dozen country codes. */
export const SMS_IMPORT_MAX_ROWS = 500;

const squash = (text: string) => text.replace(/[\s_-]/g, '').toLowerCase();
const HEADERS = new Map(SMS_IMPORT_COLUMNS.map((c) => [squash(c), c]));

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('fileError');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) cells.push(cellText(row.getCell(c).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** The rule a zod issue broke, as a translation key with its parameters. */
function ruleOf(issue: z.core.$ZodIssue): { rule: string; params: Record<string, string | number> } {
  if (issue.message.startsWith('rules.')) return { rule: issue.message, params: {} };
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? { rule: 'rules.tooLongString', params: { maximum: Number(issue.maximum) } }
        : { rule: 'rules.tooBig', params: { maximum: Number(issue.maximum) } };
    case 'too_small':
      return issue.origin === 'string'
        ? { rule: 'rules.required', params: {} }
        : { rule: 'rules.tooSmall', params: { minimum: Number(issue.minimum) } };
    case 'invalid_value':
      return { rule: 'rules.invalidValue', params: { values: issue.values.map(String).join(', ') } };
    case 'invalid_type':
      return { rule: issue.input === undefined ? 'rules.required' : 'rules.notInteger', params: {} };
    default:
      return { rule: 'rules.invalidFormat', params: {} };
  }
}

/**
 * Reads an SMS/voice package file (CSV or XLSX). The first row names the columns of
 * SMS_IMPORT_COLUMNS (fees in cents); the first bad cell refuses the whole file, naming its row.
 */
export async function readSmsImport(fileName: string, bytes: Buffer): Promise<SmsPackageInsert[]> {
  const lower = fileName.toLowerCase();
  let rows: string[][];
  if (lower.endsWith('.csv')) rows = parseCsv(bytes.toString('utf8'));
  else if (lower.endsWith('.xlsx')) rows = await xlsxRows(bytes);
  else throw new AppError('fileType', { types: 'CSV, XLSX' });
  const [header = [], ...data] = rows;
  const columns = header.map((name) => HEADERS.get(squash(name)));
  const missing = SMS_IMPORT_COLUMNS.find((c) => !columns.includes(c));
  if (missing)
    throw new AppError(
      'validation',
      { field: missing, rule: 'rules.importColumnMissing' },
      { fields: [{ field: missing }] },
    );
  const result: SmsPackageInsert[] = [];
  for (const [index, cells] of data.entries()) {
    if (cells.every((c) => c.trim() === '')) continue;
    const raw: Record<string, string | number> = {};
    columns.forEach((column, c) => {
      if (!column) return;
      const text = (cells[c] ?? '').trim();
      raw[column] = NUMERIC.has(column) && text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
    });
    if (typeof raw.kind === 'string') raw.kind = raw.kind.toLowerCase();
    if (typeof raw.currency === 'string') raw.currency = raw.currency.toUpperCase();
    if (typeof raw.countryCode === 'string') raw.countryCode = raw.countryCode.replace(/^\+/, '');
    const parsed = smsPackageInsertSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0] as z.core.$ZodIssue;
      const field = String(issue.path[0] ?? 'file');
      const { rule } = ruleOf(issue);
      throw new AppError(
        'validation',
        { field, rule: 'rules.importRow', row: index + 2 },
        { fields: [{ field, row: index + 2, rule }] },
      );
    }
    result.push(parsed.data);
  }
  if (result.length === 0)
    throw new AppError(
      'validation',
      { field: 'file', rule: 'rules.importEmpty' },
      { fields: [{ field: 'file' }] },
    );
  if (result.length > SMS_IMPORT_MAX_ROWS)
    throw new AppError(
      'validation',
      { field: 'file', rule: 'rules.tooManyItems', maximum: SMS_IMPORT_MAX_ROWS },
      { fields: [{ field: 'file' }] },
    );
  return result;
}
