/** What of the owner's a probe names: an order or a bill (invoice info). */
export type OrderTarget = 'order' | 'bill';

/** The intruder's own things a probe needs besides the owner's id. */
export interface OrderProbeContext {
  ownOrder: string;
  ownBill: number;
}

export interface OrderProbe {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  target: OrderTarget;
  /** user: another account of the same platform; office: an operator of another platform. */
  intruder: 'user' | 'office';
  body?: (id: number, c: OrderProbeContext) => unknown;
  query?: (id: number, c: OrderProbeContext) => Record<string, string>;
}

const ORDER = '/api/payment/PayOrder';
const INVOICE = '/api/payment/PayInvoice';
const BILL = '/api/payment/PayUserBill';
const billBody = {
  invoiceType: 1,
  personalName: 'Intruder',
  billUserName: 'Intruder',
  billMail: 'intruder@example.com',
  billPhone: '13800000001',
};

/** Every call of orders, refunds, bills and invoices that names an order or a bill by id. */
export const ORDER_PROBES: OrderProbe[] = [
  {
    name: 'bill update',
    method: 'PUT',
    url: `${BILL}/update`,
    target: 'bill',
    intruder: 'user',
    body: (id) => ({ ...billBody, billId: id }),
  },
  {
    name: 'bill delete',
    method: 'DELETE',
    url: `${BILL}/delete`,
    target: 'bill',
    intruder: 'user',
    query: (id) => ({ billId: String(id) }),
  },
  {
    name: 'order detail',
    method: 'POST',
    url: `${ORDER}/selectOrderDetail`,
    target: 'order',
    intruder: 'user',
    body: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'order invoice',
    method: 'GET',
    url: `${ORDER}/selectOrderInvoice`,
    target: 'order',
    intruder: 'user',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'invoice download',
    method: 'GET',
    url: `${INVOICE}/download`,
    target: 'order',
    intruder: 'user',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'apply invoice on another’s order',
    method: 'POST',
    url: `${ORDER}/updateInvoice`,
    target: 'order',
    intruder: 'user',
    body: (id, c) => ({ orderId: String(id), billId: c.ownBill }),
  },
  {
    name: 'apply invoice with another’s bill',
    method: 'POST',
    url: `${ORDER}/updateInvoice`,
    target: 'bill',
    intruder: 'user',
    body: (id, c) => ({ orderId: c.ownOrder, billId: id }),
  },
  {
    name: 'batch invoice with another’s order',
    method: 'POST',
    url: `${INVOICE}/applyBatchInvoice`,
    target: 'order',
    intruder: 'user',
    body: (id, c) => ({ orderIds: [c.ownOrder, String(id)], billId: c.ownBill }),
  },
  {
    name: 'batch invoice with another’s bill',
    method: 'POST',
    url: `${INVOICE}/applyBatchInvoice`,
    target: 'bill',
    intruder: 'user',
    body: (id, c) => ({ orderIds: [c.ownOrder], billId: id }),
  },
  {
    name: 'back-office detail',
    method: 'GET',
    url: `${ORDER}/selectBackOrderDetail`,
    target: 'order',
    intruder: 'office',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'back-office invoice',
    method: 'GET',
    url: `${INVOICE}/selectBackInvoice`,
    target: 'order',
    intruder: 'office',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'back-office download',
    method: 'GET',
    url: `${INVOICE}/downloadBack`,
    target: 'order',
    intruder: 'office',
    query: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'description',
    method: 'PUT',
    url: `${ORDER}/update`,
    target: 'order',
    intruder: 'office',
    body: (id) => ({ orderId: String(id), orderDescription: 'taken' }),
  },
  {
    name: 'manual handling',
    method: 'POST',
    url: `${ORDER}/handlingOrder`,
    target: 'order',
    intruder: 'office',
    body: (id) => ({ orderId: String(id) }),
  },
  {
    name: 'refund',
    method: 'POST',
    url: '/api/payment/PayRefund/refundOrder',
    target: 'order',
    intruder: 'office',
    body: (id) => ({ orderId: String(id), refundAmount: 1 }),
  },
];
