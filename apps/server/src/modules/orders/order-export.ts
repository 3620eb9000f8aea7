import ExcelJS from 'exceljs';
import { wallClock } from '../../history/time-format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { InvoiceListRow } from '../invoices/invoices.repo.ts';
import type { OrderListRow } from './orders.repo.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export { XLSX };

/**
 * Money cells hold the exact amount in currency units as a number with two decimals (cents / 100 is
 * exact to two places); a sum of the column equals the sum of the cents.
 */
const money = (cents: number) => Number((cents / 100).toFixed(2));
const MONEY_FORMAT = '0.00';

function when(clock: ReturnType<typeof wallClock>, iso: string | null): string {
  return iso ? clock.format(Date.parse(iso)) : '';
}

/** The chosen orders as an XLSX sheet, in the caller's language and time zone. */
export async function ordersWorkbook(
  rows: readonly OrderListRow[],
  t: Translate,
  timeZone: string,
): Promise<Buffer> {
  const clock = wallClock(timeZone);
  const zone = t('orderExport.inZone', { zone: clock.zone });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('orderExport.sheet'));
  const h = (key: string) => t(`orderExport.${key}`);
  sheet.columns = [
    { header: h('orderCode'), key: 'orderCode', width: 26 },
    { header: h('account'), key: 'account', width: 20 },
    { header: h('kind'), key: 'kind', width: 16 },
    { header: h('levelName'), key: 'levelName', width: 16 },
    { header: h('devices'), key: 'devices', width: 10 },
    { header: h('orderFee'), key: 'orderFee', width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: h('payFee'), key: 'payFee', width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: h('refundedFee'), key: 'refundedFee', width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: h('currency'), key: 'currency', width: 10 },
    { header: h('payType'), key: 'payType', width: 14 },
    { header: h('payStatus'), key: 'payStatus', width: 14 },
    { header: h('invoiceStatus'), key: 'invoiceStatus', width: 14 },
    { header: `${h('createdAt')} (${zone})`, key: 'createdAt', width: 30 },
    { header: `${h('paidAt')} (${zone})`, key: 'paidAt', width: 30 },
    { header: `${h('refundedAt')} (${zone})`, key: 'refundedAt', width: 30 },
    { header: h('orderDescription'), key: 'orderDescription', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const o of rows)
    sheet.addRow({
      orderCode: o.orderCode,
      account: o.accountName,
      kind: t(`orderKind.${o.kind}`),
      levelName: o.levelName ?? '',
      devices: o.deviceCount,
      orderFee: money(o.orderFee),
      payFee: money(o.payFee),
      refundedFee: money(o.refundedFee),
      currency: o.currency,
      payType: t(`payType.${o.payType}`),
      payStatus: t(`payStatus.${o.payStatus}`),
      invoiceStatus: t(`invoiceStatus.${o.invoiceStatus}`),
      createdAt: when(clock, o.createdAt),
      paidAt: when(clock, o.paidAt),
      refundedAt: when(clock, o.refundedAt),
      orderDescription: o.orderDescription,
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The chosen invoices as an XLSX sheet (exportInvoice). */
export async function invoicesWorkbook(
  rows: readonly InvoiceListRow[],
  t: Translate,
  timeZone: string,
): Promise<Buffer> {
  const clock = wallClock(timeZone);
  const zone = t('orderExport.inZone', { zone: clock.zone });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('orderExport.invoiceSheet'));
  const f = (key: string) => t(`fields.${key}`);
  const h = (key: string) => t(`orderExport.${key}`);
  sheet.columns = [
    { header: h('orderCode'), key: 'orderCode', width: 26 },
    { header: h('account'), key: 'account', width: 20 },
    { header: h('invoiceStatus'), key: 'invoiceStatus', width: 14 },
    { header: f('invoiceType'), key: 'invoiceType', width: 14 },
    { header: h('title'), key: 'title', width: 30 },
    { header: f('taxNumber'), key: 'taxNumber', width: 22 },
    { header: f('bankDeposit'), key: 'bankDeposit', width: 26 },
    { header: h('amount'), key: 'amount', width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: h('currency'), key: 'currency', width: 10 },
    { header: f('billUserName'), key: 'billUserName', width: 16 },
    { header: f('billMail'), key: 'billMail', width: 28 },
    { header: f('billPhone'), key: 'billPhone', width: 16 },
    { header: f('billAddress'), key: 'billAddress', width: 30 },
    { header: f('invoiceNo'), key: 'invoiceNo', width: 20 },
    { header: `${h('appliedAt')} (${zone})`, key: 'appliedAt', width: 30 },
    { header: `${h('issuedAt')} (${zone})`, key: 'issuedAt', width: 30 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const i of rows)
    sheet.addRow({
      orderCode: i.orderCode,
      account: i.accountName,
      invoiceStatus: t(`invoiceStatus.${i.invoiceStatus}`),
      invoiceType: i.invoiceType === 2 ? t('orderExport.enterprise') : t('orderExport.personal'),
      title: i.title,
      taxNumber: i.taxNumber ?? '',
      bankDeposit: i.bankDeposit ?? '',
      amount: money(i.amount),
      currency: i.currency,
      billUserName: i.billUserName,
      billMail: i.billMail,
      billPhone: i.billPhone,
      billAddress: i.billAddress ?? '',
      invoiceNo: i.invoiceNo ?? '',
      appliedAt: when(clock, i.appliedAt),
      issuedAt: when(clock, i.issuedAt),
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
