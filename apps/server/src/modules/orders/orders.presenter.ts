import type { OrderDetail, OrderRow, RefundRow } from '@coldchain/shared';
import type { OrderDeviceRow, OrderListRow, RefundDbRow } from './orders.repo.ts';

/** An order as lists show it; the account name only for the back office. */
export function presentOrder(row: OrderListRow, withAccount = false): OrderRow {
  return {
    orderId: String(row.id),
    orderCode: row.orderCode,
    kind: row.kind,
    payType: row.payType,
    payStatus: row.payStatus,
    orderFee: row.orderFee,
    payFee: row.payFee,
    refundedFee: row.refundedFee,
    currency: row.currency,
    levelName: row.levelName,
    months: row.months,
    presentationMonth: row.presentationMonth,
    smsCount: row.smsCount,
    voiceCount: row.voiceCount,
    deviceCount: row.deviceCount,
    applyFlag: row.applyFlag,
    billId: row.billId,
    invoiceStatus: row.invoiceStatus,
    orderDescription: row.orderDescription,
    gmtCreate: row.createdAt,
    payTime: row.paidAt,
    refundTime: row.refundedAt,
    ...(withAccount ? { accountName: row.accountName } : {}),
  };
}

export function presentRefund(row: RefundDbRow): RefundRow {
  return {
    refundNo: row.refundNo,
    amount: row.amount,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
  };
}

export function presentDetail(
  row: OrderListRow,
  devices: OrderDeviceRow[],
  refunds: RefundDbRow[],
  withAccount: boolean,
): OrderDetail {
  return {
    ...presentOrder(row, withAccount),
    devices: devices.map((d) => ({
      deviceId: d.deviceId,
      deviceName: d.deviceName,
      deviceGuid: d.deviceGuid,
      unitFee: d.unitFee,
    })),
    refunds: refunds.map(presentRefund),
    refundableFee: refundable(row),
    provider: row.provider,
    transactionId: withAccount ? row.transactionId : null,
  };
}

/** What may still be refunded, in cents: only of a paid or partly refunded order. */
export function refundable(row: { payStatus: number; payFee: number; refundedFee: number }): number {
  return row.payStatus === 2 || row.payStatus === 4 ? Math.max(0, row.payFee - row.refundedFee) : 0;
}
