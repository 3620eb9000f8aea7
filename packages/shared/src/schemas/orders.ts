import { z } from 'zod';
import { pageRequestSchema } from './common.ts';

/** 001 §5: an order description is at most 100 characters. */
export const ORDER_DESCRIPTION_LIMIT = 100;
/** Rows an order or invoice export holds at most (the filters narrow a bigger choice). */
export const ORDER_EXPORT_MAX = 10_000;
/** Months the orders-by-month answer covers, ending with the current month. */
export const ORDERS_BY_MONTH_SPAN = 12;

const orderIdField = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,15}$/, 'rules.invalidFormat');
const dateField = z.iso.datetime({ offset: true });

/** One order as lists show it (001 §3.2 order list); fees in integer cents. */
export const orderRowSchema = z.object({
  orderId: z.string(),
  orderCode: z.string(),
  kind: z.string(),
  payType: z.number().int(),
  payStatus: z.number().int(),
  orderFee: z.number().int(),
  payFee: z.number().int(),
  refundedFee: z.number().int(),
  currency: z.string(),
  levelName: z.string().nullable(),
  months: z.number().int(),
  presentationMonth: z.number().int(),
  smsCount: z.number().int(),
  voiceCount: z.number().int(),
  deviceCount: z.number().int(),
  applyFlag: z.number().int(),
  billId: z.number().int().nullable(),
  invoiceStatus: z.number().int(),
  orderDescription: z.string(),
  gmtCreate: z.string(),
  payTime: z.string().nullable(),
  refundTime: z.string().nullable(),
  /** Back office only: the account that placed it. */
  accountName: z.string().optional(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  unitFee: z.number().int(),
});
export const refundRowSchema = z.object({
  refundNo: z.string(),
  amount: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

/** An order with its devices and refunds; what may still be refunded, and whether manual handling applies. */
export const orderDetailSchema = orderRowSchema.extend({
  devices: z.array(orderDeviceSchema),
  refunds: z.array(refundRowSchema),
  refundableFee: z.number().int(),
  provider: z.string(),
  transactionId: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const myOrderPageSchema = pageRequestSchema.extend({
  orderCode: z.string().trim().max(32).optional(),
  payStatus: z.coerce.number().int().min(1).max(5).optional(),
  invoiceStatus: z.coerce.number().int().min(0).max(2).optional(),
});
export type MyOrderPageRequest = z.infer<typeof myOrderPageSchema>;

/** The back office's filters (order code, account, payStatus, payType, date range, invoiceStatus). */
export const orderFiltersSchema = z.object({
  orderCode: z.string().trim().max(32).optional(),
  account: z.string().trim().max(254).optional(),
  payStatus: z.coerce.number().int().min(1).max(5).optional(),
  payType: z.coerce.number().int().min(1).max(99).optional(),
  invoiceStatus: z.coerce.number().int().min(0).max(2).optional(),
  startTime: dateField.optional(),
  endTime: dateField.optional(),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;
export const orderPageSchema = pageRequestSchema.extend(orderFiltersSchema.shape);
export type OrderPageRequest = z.infer<typeof orderPageSchema>;

export const orderIdBodySchema = z.object({ orderId: orderIdField }).strict();
export const orderIdParamSchema = z.object({ orderId: orderIdField });
export const orderUpdateSchema = z
  .object({ orderId: orderIdField, orderDescription: z.string().trim().max(ORDER_DESCRIPTION_LIMIT) })
  .strict();
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;
export const refundOrderSchema = z
  .object({
    orderId: orderIdField,
    /** cents; at most what is left to refund */
    refundAmount: z.number().int().min(1),
    reason: z.string().trim().max(100).optional(),
  })
  .strict();
export type RefundOrder = z.infer<typeof refundOrderSchema>;
export const refundResultSchema = z.object({
  refundNo: z.string(),
  status: z.string(),
  payStatus: z.number().int(),
  refundedFee: z.number().int(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const ordersByMonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'rules.invalidFormat')
    .optional(),
});
/** Per month and currency: how many orders were paid and what they came to, in cents. */
export const orderMonthSchema = z.object({
  month: z.string(),
  currency: z.string(),
  orderCount: z.number().int(),
  payFee: z.number().int(),
  refundedFee: z.number().int(),
});
export type OrderMonth = z.infer<typeof orderMonthSchema>;
export const ordersByMonthSchema = z.object({
  months: z.array(orderMonthSchema),
  orders: z.array(orderRowSchema),
});
export type OrdersByMonth = z.infer<typeof ordersByMonthSchema>;
