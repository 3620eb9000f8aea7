import ExcelJS from 'exceljs';
import type { Translate } from '../../i18n/i18n.ts';
import type { DeviceView } from './devices.repo.ts';

const COLUMNS = [
  ['deviceGuid', 24],
  ['deviceName', 28],
  ['typeName', 24],
  ['status', 12],
  ['useState', 14],
  ['lastSeenAt', 22],
  ['battery', 10],
  ['signal', 10],
  ['timeZone', 20],
  ['serviceExpiredDate', 22],
  ['ownerName', 20],
  ['address', 30],
  ['deviceDesc', 40],
] as const;

/** The chosen devices as an XLSX sheet with headers and values in the caller's language. */
export async function devicesWorkbook(devices: readonly DeviceView[], t: Translate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('entities.device'));
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: t(`fields.${key}`), key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const d of devices) {
    sheet.addRow({
      deviceGuid: d.deviceGuid,
      deviceName: d.deviceName,
      typeName: d.typeName,
      status: t(`deviceStatus.${d.status}`),
      useState: t(`deviceUseState.${d.useState}`),
      lastSeenAt: d.lastSeenAt ?? '',
      battery: d.battery ?? '',
      signal: d.signal ?? '',
      timeZone: d.timeZone,
      serviceExpiredDate: d.serviceExpiredDate,
      ownerName: d.ownerName,
      address: d.address ?? '',
      deviceDesc: d.deviceDesc ?? '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
