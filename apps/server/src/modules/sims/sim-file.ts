import {
  LOCALES,
  SIM_FILE_COLUMNS,
  SIM_IMPORT_MAX_ROWS,
  SIM_RECHARGE_STATES,
  SIM_USE_STATES,
  type SimFileColumn,
  type SimInsert,
  simInsertSchema,
} from '@coldchain/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseCsv } from '../../files/csv.ts';
import { type Translate, translate } from '../../i18n/i18n.ts';
import { fieldLabel } from '../../plugins/errors.ts';
import type { SimView } from './sims.repo.ts';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** One data line of an import file: its line number and the text of each known column. */
export interface SimFileLine {
  line: number;
  cells: Partial<Record<SimFileColumn, string>>;
}

export interface ParsedLine {
  line: number;
  iccId: string | null;
  card?: SimInsert;
  problem?: { field: string; message: string };
}

const squash = (text: string) => text.toLowerCase().replace(/[\s*_()（）:：-]/g, '');

/**
 * Header names a column answers to: its key, and its label in every locale, so a template saved in
 * one language imports for an operator using another.
 */
const HEADER_NAMES: Map<string, SimFileColumn> = new Map(
  SIM_FILE_COLUMNS.flatMap((column) => [
    [squash(column), column] as const,
    ...LOCALES.map((locale) => [squash(translate(locale, `fields.${column}`)), column] as const),
  ]),
);

/** State names an operator may write: the value itself or its label in any locale. */
function stateNames(kind: 'simUseState' | 'simRechargeState', values: readonly string[]) {
  return new Map(
    values.flatMap((value) => [
      [squash(value), value] as const,
      ...LOCALES.map((locale) => [squash(translate(locale, `${kind}.${value}`)), value] as const),
    ]),
  );
}
const USE_STATES = stateNames('simUseState', SIM_USE_STATES);
const RECHARGE_STATES = stateNames('simRechargeState', SIM_RECHARGE_STATES);

/** A cell's text: numbers as written (whole ones without exponent), dates as YYYY-MM-DD. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? BigInt(value).toString() : String(value);
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

/**
 * Reads an import file (CSV or XLSX) into lines keyed by column. The first row names the columns;
 * unknown columns are ignored; a file without an ICCID column or without data rows is refused whole.
 */
export async function readSimFile(fileName: string, bytes: Buffer): Promise<SimFileLine[]> {
  const lower = fileName.toLowerCase();
  let rows: string[][];
  if (lower.endsWith('.csv')) rows = parseCsv(bytes.toString('utf8'));
  else if (lower.endsWith('.xlsx')) rows = await xlsxRows(bytes);
  else throw new AppError('fileType', { types: 'CSV, XLSX' });
  const [header = [], ...data] = rows;
  const columns = header.map((name) => HEADER_NAMES.get(squash(name)));
  if (!columns.includes('iccId')) throw new AppError('simImportEmpty');
  const lines: SimFileLine[] = [];
  data.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const line: SimFileLine = { line: index + 2, cells: {} };
    columns.forEach((column, c) => {
      if (column) line.cells[column] = (cells[c] ?? '').trim();
    });
    lines.push(line);
  });
  if (lines.length === 0) throw new AppError('simImportEmpty');
  if (lines.length > SIM_IMPORT_MAX_ROWS)
    throw new AppError('simImportTooManyRows', { max: SIM_IMPORT_MAX_ROWS });
  return lines;
}

/** A rule key and its parameters for one zod issue, as request validation words it. */
function ruleOfIssue(issue: z.core.$ZodIssue): { key: string; params: Record<string, string | number> } {
  if (issue.message.startsWith('rules.')) return { key: issue.message, params: {} };
  switch (issue.code) {
    case 'invalid_type':
      return { key: issue.input === undefined ? 'rules.required' : 'rules.invalidType', params: {} };
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'rules.required', params: {} }
        : { key: 'rules.tooSmall', params: { minimum: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'rules.tooLongString', params: { maximum: Number(issue.maximum) } }
        : { key: 'rules.tooBig', params: { maximum: Number(issue.maximum) } };
    case 'invalid_value':
      return { key: 'rules.invalidValue', params: { values: issue.values.map(String).join(', ') } };
    default:
      return { key: 'rules.invalidFormat', params: {} };
  }
}

/** Money as written (12, 12.5, -3.40) in cents, or undefined when it is not an amount. */
function cents(text: string): number | undefined {
  const match = /^(-?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s/g, ''));
  if (!match) return undefined;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/**
 * Turns one line into a card, or names the first field it breaks in the caller's language. Empty
 * optional cells stay empty; states are read from their value or their label in any locale.
 */
export function parseLine(line: SimFileLine, t: Translate): ParsedLine {
  const c = line.cells;
  const iccId = c.iccId ? c.iccId : null;
  const fail = (field: string, rule: string, params: Record<string, string | number> = {}): ParsedLine => ({
    line: line.line,
    iccId,
    problem: {
      field,
      message: t('errors.validation', { field: fieldLabel(t, field), rule: t(rule, params) }),
    },
  });
  const input: Record<string, unknown> = { iccId: c.iccId ?? '' };
  for (const key of [
    'cardNum',
    'operator',
    'source',
    'openTime',
    'activeTime',
    'expiredTime',
    'plan',
    'description',
  ] as const)
    if (c[key]) input[key] = c[key];
  if (c.useState) {
    const state = USE_STATES.get(squash(c.useState));
    if (!state)
      return fail('useState', 'rules.invalidValue', {
        values: SIM_USE_STATES.map((s) => t(`simUseState.${s}`)).join(', '),
      });
    input.useState = state;
  }
  if (c.rechargeState) {
    const state = RECHARGE_STATES.get(squash(c.rechargeState));
    if (!state)
      return fail('rechargeState', 'rules.invalidValue', {
        values: SIM_RECHARGE_STATES.map((s) => t(`simRechargeState.${s}`)).join(', '),
      });
    input.rechargeState = state;
  }
  if (c.balance) {
    const value = cents(c.balance);
    if (value === undefined) return fail('balance', 'rules.money');
    input.balance = value;
  }
  if (c.freeMonth) {
    if (!/^\d{1,4}$/.test(c.freeMonth)) return fail('freeMonth', 'rules.notInteger');
    input.freeMonth = Number(c.freeMonth);
  }
  const parsed = simInsertSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const rule = ruleOfIssue(issue);
    return fail(issue.path.join('.') || 'iccId', rule.key, rule.params);
  }
  return { line: line.line, iccId, card: parsed.data };
}

type SheetColumn = [key: SimFileColumn, width: number];
const WIDTHS: SheetColumn[] = [
  ['iccId', 26],
  ['cardNum', 18],
  ['operator', 16],
  ['source', 18],
  ['openTime', 14],
  ['activeTime', 14],
  ['expiredTime', 14],
  ['useState', 14],
  ['rechargeState', 16],
  ['balance', 12],
  ['plan', 18],
  ['freeMonth', 12],
  ['description', 40],
];

/** Money in cents as the file writes it: 1250 -> "12.50". */
export const money = (value: number | null): string =>
  value === null
    ? ''
    : `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/**
 * The cards as an XLSX sheet whose header row is the import template's, so an export imports again;
 * ICCIDs and numbers are text cells, never numbers that lose digits. With no cards: the template.
 */
export async function simsWorkbook(cards: readonly SimView[], t: Translate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('entities.simCard'));
  sheet.columns = [
    ...WIDTHS.map(([key, width]) => ({ header: t(`fields.${key}`), key, width, style: { numFmt: '@' } })),
    { header: t('fields.deviceGuid'), key: 'deviceGuid', width: 24, style: { numFmt: '@' } },
    { header: t('fields.lastOnline'), key: 'lastOnline', width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const card of cards)
    sheet.addRow({
      iccId: card.iccId,
      cardNum: card.cardNum ?? '',
      operator: card.operator ?? '',
      source: card.source ?? '',
      openTime: card.openTime ?? '',
      activeTime: card.activeTime ?? '',
      expiredTime: card.expiredTime ?? '',
      useState: t(`simUseState.${card.useState}`),
      rechargeState: t(`simRechargeState.${card.rechargeState}`),
      balance: money(card.balance),
      plan: card.plan ?? '',
      freeMonth: card.freeMonth ?? '',
      description: card.description ?? '',
      deviceGuid: card.deviceGuid ?? '',
      lastOnline: (card.deviceLastSeenAt ?? card.lastOnline ?? '').replace('T', ' ').slice(0, 19),
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
