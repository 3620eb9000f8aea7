import type { UserBill, UserBillInsert, UserBillUpdate } from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

const BILL = '/payment/PayUserBill';

export const billKeys = { list: ['invoices', 'bills'] as const };

/** The account's invoice info (001 §7.7). */
export const billsApi = {
  list: (signal?: AbortSignal) => http.post<UserBill[]>(`${BILL}/list`, undefined, { signal }),
  insert: (body: UserBillInsert) => http.post<UserBill>(`${BILL}/insert`, body),
  update: (body: UserBillUpdate) => http.put<UserBill>(`${BILL}/update`, body),
  remove: (billId: number) => http.delete<null>(`${BILL}/delete`, { params: { billId } }),
};

/** The account's bills, default first (the apply dialogs and the purchase drawer choose from them). */
export function useBills(enabled = true) {
  return useQuery({ queryKey: billKeys.list, queryFn: ({ signal }) => billsApi.list(signal), enabled });
}
