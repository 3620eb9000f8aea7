import { CHANNEL_KINDS } from '@coldchain/shared/device-protocol';
import ExcelJS from 'exceljs';
import { wallClock } from '../../history/time-format.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { DeviceView } from './devices.repo.ts';

type Column = [key: keyof DeviceView, width: number, header: (t: Translate) => string];

const named =
  (key: string) =>
  (t: Translate): string =>
    t(`fields.${key}`);
/** A time column: its values are in each device's own zone, which the "Time zone" column names. */
const inDeviceZone =
  (key: string) =>
  (t: Translate): string =>
    `${t(`fields.${key}`)} (${t('export.inDeviceZone')})`;
const withUnit =
  (key: 'battery' | 'signal') =>
  (t: Translate): string =>
    `${t(`export.kinds.${key}`)} (${CHANNEL_KINDS[key].unit})`;

const COLUMNS: Column[] = [
  ['deviceGuid', 24, named('deviceGuid')],
  ['deviceName', 28, named('deviceName')],
  ['typeName', 24, named('typeName')],
  ['status', 12, named('status')],
  ['useState', 14, named('useState')],
  ['lastSeenAt', 30, inDeviceZone('lastSeenAt')],
  ['battery', 12, withUnit('battery')],
  ['signal', 12, withUnit('signal')],
  ['timeZone', 20, named('timeZone')],
  ['serviceExpiredDate', 30, inDeviceZone('serviceExpiredDate')],
  ['ownerName', 20, named('ownerName')],
  ['address', 30, named('address')],
  ['deviceDesc', 40, named('deviceDesc')],
];

/**
 * The chosen devices as an XLSX sheet with headers and values in the caller's language. Its headers
 * name channels as the device list does, with units; times are each device's wall clock.
 */
export async function devicesWorkbook(devices: readonly DeviceView[], t: Translate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('entities.device'));
  sheet.columns = COLUMNS.map(([key, width, header]) => ({ header: header(t), key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const d of devices) {
    const clock = wallClock(d.timeZone);
    const when = (iso: string | null) => (iso ? clock.format(Date.parse(iso)) : '');
    sheet.addRow({
      deviceGuid: d.deviceGuid,
      deviceName: d.deviceName,
      typeName: d.typeName,
      status: t(`deviceStatus.${d.status}`),
      useState: t(`deviceUseState.${d.useState}`),
      lastSeenAt: when(d.lastSeenAt),
      battery: d.battery ?? '',
      signal: d.signal ?? '',
      timeZone: clock.zone,
      serviceExpiredDate: when(d.serviceExpiredDate).slice(0, 10),
      ownerName: d.ownerName,
      address: d.address ?? '',
      deviceDesc: d.deviceDesc ?? '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
