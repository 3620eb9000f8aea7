import { DEFAULT_PASSWORD_POLICY } from '@coldchain/shared';
import type { Insertable } from 'kysely';
import type { PlatformTable } from '../../db/database.ts';

/** A new platform row: domain and title given, every other field at its default. */
export function newPlatformRow(
  fields: Pick<Insertable<PlatformTable>, 'topDomain' | 'title'> & Partial<Insertable<PlatformTable>>,
  now: string,
): Insertable<PlatformTable> {
  return {
    viewDomain: null,
    enableHttps: 1,
    loginHtm: null,
    themeColor: '#FA8C16',
    styleModel: 1,
    enableRegister: 1,
    useLogo: 0,
    browserLogo: null,
    indexLogo: null,
    loginLogo: null,
    backGroundLogo: null,
    recordCompany: null,
    recordNumber: null,
    recordConnection: null,
    policeFiling: null,
    policeConnection: null,
    description: null,
    customMade: 0,
    defaultCamp: 0,
    passwordPolicy: DEFAULT_PASSWORD_POLICY,
    isDefault: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
