/** Service items, levels, packages, device-type relations and SMS/voice packages: codes 3100-3199. */
export const SERVICE_PACKAGE_ERRORS = {
  /** A package that does not exist or belongs to another platform (the same answer for both). */
  servicePackageNotFound: { code: 3100, http: 200 },
  /** A level that is not one of the named package's levels. */
  serviceLevelNotFound: { code: 3101, http: 200 },
  /** A year row that is not one of the named level's rows. */
  serviceLevelYearNotFound: { code: 3102, http: 200 },
  serviceItemNotFound: { code: 3103, http: 200 },
  /** An SMS or voice package that does not exist, is of the other kind or of another country code. */
  smsPackageNotFound: { code: 3104, http: 200 },
  /** The package is stopped or not yet enabled: nothing of it can be bought. */
  servicePackageStopped: { code: 3105, http: 200 },
  /** Free levels are shown "on order" and cannot be bought (001 §5). */
  freeLevelNotBuyable: { code: 3106, http: 200 },
  /** The device's type has no package it may buy on this platform. */
  deviceTypeNotAllowed: { code: 3107, http: 200 },
  /** Both the SMS and the voice count are 0: no order (001 §5). */
  countsBothZero: { code: 3108, http: 200 },
  packageCodeTaken: { code: 3109, http: 200 },
  /** At most 5 SMS and 5 voice packages per country code (001 §5). */
  smsPackageLimit: { code: 3110, http: 200 },
  itemCodeTaken: { code: 3111, http: 200 },
  /** The SMS and the voice package of one order are priced in different currencies. */
  currencyMismatch: { code: 3112, http: 200 },
  /** A stopped package is the only one whose levels and rows may be removed; an enabled one sells. */
  servicePackageEnabled: { code: 3113, http: 200 },
  /** The device's type already buys another package on this platform. */
  deviceTypeRelated: { code: 3114, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
