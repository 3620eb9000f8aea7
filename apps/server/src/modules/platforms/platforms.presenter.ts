import type { PasswordPolicy, Platform, PublicPlatform } from '@coldchain/shared';
import type { PlatformRow } from './platforms.repo.ts';

const flag = (v: number): 0 | 1 => (v === 1 ? 1 : 0);

export function presentPublicPlatform(row: PlatformRow): PublicPlatform {
  return {
    id: row.id,
    title: row.title,
    themeColor: row.themeColor,
    styleModel: row.styleModel,
    browserLogo: row.browserLogo,
    indexLogo: row.indexLogo,
    loginLogo: row.loginLogo,
    backGroundLogo: row.backGroundLogo,
    useLogo: flag(row.useLogo),
    enableRegister: flag(row.enableRegister),
    defaultCamp: flag(row.defaultCamp),
    recordCompany: row.recordCompany,
    recordNumber: row.recordNumber,
    recordConnection: row.recordConnection,
    policeFiling: row.policeFiling,
    policeConnection: row.policeConnection,
    passwordPolicy: row.passwordPolicy as PasswordPolicy,
  };
}

export function presentPlatform(row: PlatformRow): Platform {
  return {
    ...presentPublicPlatform(row),
    topDomain: row.topDomain,
    viewDomain: row.viewDomain,
    enableHttps: flag(row.enableHttps),
    loginHtm: row.loginHtm,
    description: row.description,
    customMade: flag(row.customMade),
    isDefault: flag(row.isDefault),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
