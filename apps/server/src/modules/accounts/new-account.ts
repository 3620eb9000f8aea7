import type { Insertable } from 'kysely';
import type { AccountTable, UserProfileTable } from '../../db/database.ts';

type AccountIdentity = Pick<
  Insertable<AccountTable>,
  'platformId' | 'userName' | 'passwordHash' | 'accountType' | 'roleCode'
>;

/** A new live account row: the caller names who it is; everything else starts at its default. */
export function newAccountRow(
  identity: AccountIdentity & Partial<Insertable<AccountTable>>,
  now: string,
): Insertable<AccountTable> {
  return {
    phone: null,
    email: null,
    countryCode: '86',
    realName: null,
    companyName: null,
    foreignFlag: 0,
    accountPhoto: null,
    timeZone: 'Asia/Shanghai',
    temperatureUnit: 'C',
    contractorCompany: null,
    contractorContact: null,
    premiumExpiresAt: null,
    deletedFlag: 0,
    createdAt: now,
    updatedAt: now,
    ...identity,
  };
}

/** The profile every new account gets: tone on, no identity or industry yet, FDA off. */
export function newProfileRow(
  now: string,
  overrides: Partial<Omit<Insertable<UserProfileTable>, 'accountId'>> = {},
): Omit<Insertable<UserProfileTable>, 'accountId'> {
  return {
    identity: null,
    industry: null,
    alarmToneStatus: 1,
    homePage: null,
    walletStatus: 0,
    enableProtect: 0,
    enableFda: 0,
    updatedAt: now,
    ...overrides,
  };
}
