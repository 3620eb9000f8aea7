import ExcelJS from 'exceljs';
import type { Translate } from '../../i18n/i18n.ts';
import { roleNameFor } from '../roles/role-names.ts';
import type { UserView } from './users.repo.ts';

const COLUMNS = [
  ['userName', 24],
  ['realName', 20],
  ['companyName', 30],
  ['phone', 18],
  ['email', 30],
  ['accountType', 12],
  ['roleName', 20],
  ['timeZone', 20],
  ['temperatureUnit', 10],
  ['createdAt', 24],
] as const;

/** Users as an XLSX sheet, headers and values in the caller's language. */
export async function usersWorkbook(users: readonly UserView[], t: Translate): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('userExport.sheet'));
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: t(`userExport.columns.${key}`), key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const u of users) {
    sheet.addRow({
      userName: u.userName,
      realName: u.realName ?? '',
      companyName: u.companyName ?? '',
      phone: u.phone ?? '',
      email: u.email ?? '',
      accountType: t(`userExport.accountType.${u.accountType === 2 ? 'enterprise' : 'personal'}`),
      roleName: u.roleName === null ? u.roleCode : roleNameFor(t, u.roleCode, u.roleName),
      timeZone: u.timeZone,
      temperatureUnit: u.temperatureUnit === 'F' ? '°F' : '°C',
      createdAt: u.createdAt,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
