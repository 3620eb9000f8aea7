import type { AccountInfo, AccountLookup } from '@coldchain/shared';
import type { AccountRow, ProfileRow } from './accounts.repo.ts';

const flag = (v: number | undefined): 0 | 1 => (v === 1 ? 1 : 0);

export function presentBaseAccount(a: AccountRow): AccountInfo['baseAccount'] {
  return {
    id: a.id,
    userName: a.userName,
    accountPhoto: a.accountPhoto,
    phone: a.phone,
    email: a.email,
    realName: a.realName,
    companyName: a.companyName,
    accountType: a.accountType,
    roleCode: a.roleCode,
    timeZone: a.timeZone,
    temperatureUnit: a.temperatureUnit === 'F' ? 'F' : 'C',
    countryCode: a.countryCode,
    foreignFlag: flag(a.foreignFlag),
  };
}

export function presentProfile(p: ProfileRow | undefined): AccountInfo['userProfile'] {
  return {
    walletStatus: flag(p?.walletStatus),
    homePage: p?.homePage ?? null,
    identity: p?.identity ?? null,
    industry: p?.industry ?? null,
    enableProtect: flag(p?.enableProtect),
    enableFda: flag(p?.enableFda),
    alarmToneStatus: flag(p?.alarmToneStatus),
  };
}

/** What another user may learn when looking someone up to invite or share with. */
export function presentLookup(a: AccountRow): AccountLookup {
  return { id: a.id, userName: a.userName, realName: a.realName, accountPhoto: a.accountPhoto };
}
