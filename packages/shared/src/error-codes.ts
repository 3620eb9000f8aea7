import { ALARM_ERRORS } from './error-codes/alarm.ts';
import { DEVICE_SERVICE_ERRORS } from './error-codes/device-service.ts';
import { FIRMWARE_ERRORS } from './error-codes/firmware.ts';
import { ORDER_ERRORS } from './error-codes/orders.ts';
import { ORG_ERRORS } from './error-codes/org.ts';
import { PAYMENT_ERRORS } from './error-codes/payments.ts';
import { PEOPLE_ERRORS } from './error-codes/people.ts';
import { PLATFORM_SYSTEM_ERRORS } from './error-codes/platform-system.ts';
import { SERVICE_PACKAGE_ERRORS } from './error-codes/service-packages.ts';
import { SIMS_GUIDS_ERRORS } from './error-codes/sims-guids.ts';
import { WAYBILL_ERRORS } from './error-codes/waybill.ts';

/**
 * The error catalogue of 000 §8 and 002 §8. Each entry has the envelope code the console reads,
 * the HTTP status the server answers with and the translation key of its message (server and
 * console share the keys under `errors.`).
 */
export const CORE_ERRORS = {
  ok: { code: 0, http: 200 },
  requestError: { code: 1000, http: 200 },
  validation: { code: 1001, http: 200 },
  badRequest: { code: 1002, http: 400 },
  payloadTooLarge: { code: 1003, http: 413 },
  notFound: { code: 1004, http: 200 },
  rateLimited: { code: 1029, http: 429 },
  notConfigured: { code: 1100, http: 200 },
  fileError: { code: 1101, http: 200 },
  fileTooLarge: { code: 1102, http: 200 },
  fileType: { code: 1103, http: 200 },
  imageUploadFailed: { code: 1104, http: 200 },
  nothingSelected: { code: 1201, http: 200 },
  moreThanOneSelected: { code: 1202, http: 200 },
  loginFailed: { code: 2001, http: 200 },
  loginLocked: { code: 2002, http: 200 },
  accountNotBound: { code: 2003, http: 200 },
  userExists: { code: 2004, http: 200 },
  duplicateContact: { code: 2005, http: 200 },
  passwordsInconsistent: { code: 2006, http: 200 },
  passwordWeak: { code: 2007, http: 200 },
  passwordSameAsOld: { code: 2008, http: 200 },
  registrationClosed: { code: 2009, http: 200 },
  sessionEnded: { code: 2010, http: 200 },
  sessionIdle: { code: 2010, http: 200 },
  verifyCodeInvalid: { code: 2011, http: 200 },
  captchaInvalid: { code: 2012, http: 200 },
  termsNotAgreed: { code: 2013, http: 200 },
  oldPasswordWrong: { code: 2014, http: 200 },
  domainTaken: { code: 2015, http: 200 },
  defaultPlatformLocked: { code: 2016, http: 200 },
  platformInUse: { code: 2018, http: 200 },
  noPermissionScene: { code: 2017, http: 200 },
  codeSendFailed: { code: 2019, http: 200 },
  captchaRequired: { code: 2020, http: 200 },
  loginThrottled: { code: 2021, http: 200 },
  unauthorized: { code: 401, http: 401 },
  forbidden: { code: 403, http: 403 },
  paymentFailed: { code: 3001, http: 200 },
  orderCreationFailed: { code: 3002, http: 200 },
  tooManyProducts: { code: 3003, http: 200 },
  cannotRefund: { code: 3004, http: 200 },
  countryCodeDiffers: { code: 3005, http: 200 },
  insufficientBalance: { code: 3006, http: 200 },
  calibrationItemsEmpty: { code: 3007, http: 200 },
  orderCancelled: { code: 3008, http: 200 },
  deviceNoData: { code: 4001, http: 200 },
  noDevicePermission: { code: 4002, http: 200 },
  alarmTimeOrder: { code: 4003, http: 200 },
  paramOutOfRange: { code: 4004, http: 200 },
  reportNotGenerated: { code: 4005, http: 200 },
  deviceNotFound: { code: 4006, http: 200 },
  assetDeviceLimit: { code: 4007, http: 200 },
  customInfoMismatch: { code: 4008, http: 200 },
  waybillTimeCorrected: { code: 4009, http: 200 },
  fdaSameState: { code: 4010, http: 200 },
  deviceOfflineConfirm: { code: 4011, http: 200 },
  paramsNotMerged: { code: 4012, http: 200 },
  userInSharingList: { code: 4013, http: 200 },
  endorsementNotSelected: { code: 4014, http: 200 },
  differentDeviceTypes: { code: 4101, http: 200 },
  deviceGuidTaken: { code: 4102, http: 200 },
  entityInUse: { code: 4103, http: 200 },
  typeCodeTaken: { code: 4104, http: 200 },
  modelCodeTaken: { code: 4105, http: 200 },
  paramKeyTaken: { code: 4106, http: 200 },
  deviceTypeNotPublished: { code: 4107, http: 200 },
  deviceTypeUnavailable: { code: 4108, http: 200 },
  deviceTypeAppOnly: { code: 4109, http: 200 },
  combineProbesOnly: { code: 4110, http: 200 },
  deviceScrapped: { code: 4111, http: 200 },
  modelDisabled: { code: 4112, http: 200 },
  serverError: { code: 500, http: 500 },
} as const satisfies Record<string, { code: number; http: number }>;

/** Every error; each area keeps its own entries (and code range) in `error-codes/`. */
export const ERRORS = {
  ...CORE_ERRORS,
  ...ALARM_ERRORS,
  ...ORDER_ERRORS,
  ...ORG_ERRORS,
  ...PAYMENT_ERRORS,
  ...PEOPLE_ERRORS,
  ...PLATFORM_SYSTEM_ERRORS,
  ...SIMS_GUIDS_ERRORS,
  ...SERVICE_PACKAGE_ERRORS,
  ...WAYBILL_ERRORS,
  ...DEVICE_SERVICE_ERRORS,
  ...FIRMWARE_ERRORS,
} as const;

export type ErrorKey = keyof typeof ERRORS;

/** Envelope code for a session that ended elsewhere, expired or idled out (000 §8). */
export const SESSION_ENDED_CODE = 2010;

/** Every answer of the API (ARCHITECTURE "The contract with the browser"). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
