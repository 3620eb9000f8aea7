import type {
  Invoice,
  MyOrderPageRequest,
  OrderDetail,
  OrderFilters,
  OrderPageRequest,
  OrderRow,
  OrderUpdate,
  PageResponse,
  RefundOrder,
  RefundResult,
} from '@coldchain/shared';
import { type DownloadedFile, fetchFile, http, upload } from './http.ts';

const ORDER = '/payment/PayOrder';
const INVOICE = '/payment/PayInvoice';

export const orderKeys = {
  mine: ['orders', 'mine'] as const,
  admin: ['orders', 'admin'] as const,
  detail: (scope: 'mine' | 'admin', orderId: string) => ['orders', scope, 'detail', orderId] as const,
  invoice: (scope: 'mine' | 'admin', orderId: string) => ['orders', scope, 'invoice', orderId] as const,
};

/** The caller's own orders and their invoices (001 §7.3). */
export const myOrdersApi = {
  page: (request: MyOrderPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<OrderRow>>(`${ORDER}/selectMyOrderList`, request, { signal }),
  detail: (orderId: string, signal?: AbortSignal) =>
    http.post<OrderDetail>(`${ORDER}/selectOrderDetail`, { orderId }, { signal }),
  invoice: (orderId: string, signal?: AbortSignal) =>
    http.get<Invoice | null>(`${ORDER}/selectOrderInvoice`, { params: { orderId }, signal }),
  applyInvoice: (orderId: string, billId: number) =>
    http.post<Invoice>(`${ORDER}/updateInvoice`, { orderId, billId }),
  applyBatch: (orderIds: string[], billId: number) =>
    http.post<Invoice[]>(`${INVOICE}/applyBatchInvoice`, { orderIds, billId }),
  downloadInvoice: (orderId: string): Promise<DownloadedFile> =>
    fetchFile('GET', `${INVOICE}/download`, { params: { orderId } }),
};

/** The back office's recharge order list (order.rechargeList:*). */
export const adminOrdersApi = {
  page: (request: OrderPageRequest, signal: AbortSignal) =>
    http.post<PageResponse<OrderRow>>(`${ORDER}/selectOrderList`, request, { signal }),
  detail: (orderId: string, signal?: AbortSignal) =>
    http.get<OrderDetail>(`${ORDER}/selectBackOrderDetail`, { params: { orderId }, signal }),
  invoice: (orderId: string, signal?: AbortSignal) =>
    http.get<Invoice | null>(`${INVOICE}/selectBackInvoice`, { params: { orderId }, signal }),
  update: (body: OrderUpdate) => http.put<OrderRow>(`${ORDER}/update`, body),
  handle: (orderId: string) => http.post<OrderRow>(`${ORDER}/handlingOrder`, { orderId }),
  refund: (body: RefundOrder) => http.post<RefundResult>('/payment/PayRefund/refundOrder', body),
  exportOrders: (filters: OrderFilters) => fetchFile('POST', `${ORDER}/exportOrder`, { body: filters }),
  exportInvoices: (filters: Pick<OrderFilters, 'invoiceStatus' | 'startTime' | 'endTime'>) =>
    fetchFile('POST', `${ORDER}/exportInvoice`, { body: filters }),
  downloadInvoice: (orderId: string) => fetchFile('GET', `${INVOICE}/downloadBack`, { params: { orderId } }),
  issueInvoice: (orderId: string, invoiceNo: string, file: File) => {
    const form = new FormData();
    form.append('orderId', orderId);
    form.append('invoiceNo', invoiceNo);
    form.append('file', file);
    return upload<Invoice>(`${INVOICE}/issueInvoice`, form);
  },
};
