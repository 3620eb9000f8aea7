/** What of the owner's a probe names. */
export type PaymentTarget = 'device' | 'order' | 'bill';

/** The intruder's own things a probe may need besides the owner's id. */
export interface ProbeContext {
  /** Values of a valid body apart from the id under test (the intruder's own package and device). */
  levelId: number;
  levelYearId: number;
  servicePackageId: number;
  smsPackageId: number;
  ownDevice: number;
  /** The intruder's own order's payer token (a token is only good for its own order). */
  ownToken: string;
}

export interface PaymentProbe {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  target: PaymentTarget;
  body?: (id: number, c: ProbeContext) => unknown;
  query?: (id: number, c: ProbeContext) => Record<string, string>;
}

const DEPOSIT = '/api/payment/PayDeviceDepositRecord';
const ORDER = '/api/payment/PayOrder';
const PAYMENT = '/api/payment/payment';

const service = (c: ProbeContext) => ({
  levelId: c.levelId,
  levelYearId: c.levelYearId,
  servicePackageId: c.servicePackageId,
  payType: 1,
  totalFee: 12_000,
  applyFlag: 0,
});
const counts = (c: ProbeContext) => ({
  smsPackageId: c.smsPackageId,
  smsCount: 100,
  smsFee: 1_000,
  countryCode: '86',
  payType: 1,
  applyFlag: 0,
});

/** Every purchase call that names a device, an order or a bill by id. */
export const PAYMENT_PROBES: PaymentProbe[] = [
  {
    name: 'createDeviceDeposit',
    method: 'POST',
    url: `${DEPOSIT}/createDeviceDeposit`,
    target: 'device',
    body: (id, c) => ({ deviceId: id, ...service(c) }),
  },
  {
    name: 'createDeviceDeposit with a bill',
    method: 'POST',
    url: `${DEPOSIT}/createDeviceDeposit`,
    target: 'bill',
    body: (id, c) => ({ deviceId: c.ownDevice, ...service(c), applyFlag: 1, billId: id }),
  },
  {
    name: 'createDeviceListDeposit',
    method: 'POST',
    url: `${DEPOSIT}/createDeviceListDeposit`,
    target: 'device',
    body: (id, c) => ({ deviceIdList: [c.ownDevice, id], ...service(c), totalFee: 24_000 }),
  },
  {
    name: 'createSmsDeposit',
    method: 'POST',
    url: `${DEPOSIT}/createSmsDeposit`,
    target: 'device',
    body: (id, c) => ({ deviceId: id, ...counts(c) }),
  },
  {
    name: 'createSmsListDeposit',
    method: 'POST',
    url: `${DEPOSIT}/createSmsListDeposit`,
    target: 'device',
    body: (id, c) => ({ deviceIdList: [id], ...counts(c) }),
  },
  {
    name: 'createAccountSmsDeposit',
    method: 'POST',
    url: `${DEPOSIT}/createAccountSmsDeposit`,
    target: 'bill',
    body: (id, c) => ({ ...counts(c), applyFlag: 1, billId: id }),
  },
  {
    name: 'selectDepositList',
    method: 'POST',
    url: `${DEPOSIT}/selectDepositList`,
    target: 'device',
    body: (id, c) => ({
      deviceIdList: [id],
      levelId: c.levelId,
      levelYearId: c.levelYearId,
      servicePackageId: c.servicePackageId,
    }),
  },
  {
    name: 'selectDeviceList',
    method: 'POST',
    url: `${DEPOSIT}/selectDeviceList`,
    target: 'device',
    body: (id) => ({ deviceIdList: [id] }),
  },
  {
    name: 'unAgreement',
    method: 'GET',
    url: `${DEPOSIT}/unAgreement`,
    target: 'device',
    query: (id) => ({ deviceId: String(id) }),
  },
  { name: 'get', method: 'GET', url: `${ORDER}/get`, target: 'order', query: (id) => ({ pk: String(id) }) },
  {
    name: 'confirmPay',
    method: 'GET',
    url: `${ORDER}/confirmPay`,
    target: 'order',
    query: (id) => ({ orderId: String(id), payType: '30', paymentPlatformId: 'wallet-1', payFee: '12000' }),
  },
  {
    name: 'wechatPay',
    method: 'GET',
    url: `${PAYMENT}/wechatPay`,
    target: 'order',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'aliPay',
    method: 'GET',
    url: `${PAYMENT}/aliPay`,
    target: 'order',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'aliAppPay',
    method: 'GET',
    url: `${PAYMENT}/aliAppPay`,
    target: 'order',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'internationalPay',
    method: 'POST',
    url: `${PAYMENT}/internationalPay`,
    target: 'order',
    body: (id) => ({ orderId: id, payType: 20 }),
  },
  {
    name: 'successPaypal',
    method: 'GET',
    url: '/api/payment/app/PayService/successPaypal',
    target: 'order',
    query: (id, c) => ({ orderId: String(id), token: c.ownToken }),
  },
  {
    name: 'sandbox order',
    method: 'GET',
    url: '/api/payment/sandbox/order',
    target: 'order',
    query: (id, c) => ({ orderId: String(id), token: c.ownToken }),
  },
  {
    name: 'sandbox pay',
    method: 'POST',
    url: '/api/payment/sandbox/pay',
    target: 'order',
    body: (id, c) => ({ orderId: id, token: c.ownToken, outcome: 'pay' }),
  },
];
