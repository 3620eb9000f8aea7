import {
  BILL_FIELDS_BY_TYPE,
  BILL_NAME_PATTERN,
  BILL_PHONE_MAINLAND_PATTERN,
  BILL_PHONE_OVERSEAS_PATTERN,
  type UserBill,
  type UserBillInsert,
} from '@coldchain/shared';
import { fieldError } from '../../errors.ts';
import type { BillRow } from './bills.repo.ts';

/** The bill fields the form may hide, by the invoice type that shows them (001 §2.5). */
const TYPED_FIELDS = ['companyName', 'taxNumber', 'bankDeposit', 'personalName', 'billAddress'] as const;
type TypedField = (typeof TYPED_FIELDS)[number];

export interface BillValues {
  invoiceType: number;
  billMode: number;
  companyName: string | null;
  taxNumber: string | null;
  personalName: string | null;
  bankDeposit: string | null;
  billUserName: string;
  billMail: string;
  billPhone: string;
  billAddress: string | null;
}

/**
 * The rules of 001 §5 a schema alone cannot hold: what the invoice type requires and shows, and the
 * phone pattern of the caller's edition (mainland: an 11-digit Chinese mobile; overseas: any digits).
 * Fields the type hides are cleared, whatever the form sent.
 */
export function checkBill(input: UserBillInsert, overseas: boolean): BillValues {
  const shown = new Set<string>(BILL_FIELDS_BY_TYPE[input.invoiceType]);
  const typed = Object.fromEntries(
    TYPED_FIELDS.map((field) => [field, shown.has(field) ? input[field] : null]),
  ) as Record<TypedField, string | null>;
  if (input.invoiceType === 2) {
    if (!typed.companyName) throw fieldError('companyName', 'rules.required');
    if (!typed.bankDeposit) throw fieldError('bankDeposit', 'rules.required');
  } else {
    if (!typed.personalName) throw fieldError('personalName', 'rules.required');
    if (!BILL_NAME_PATTERN.test(typed.personalName)) throw fieldError('personalName', 'rules.billName');
  }
  const phonePattern = overseas ? BILL_PHONE_OVERSEAS_PATTERN : BILL_PHONE_MAINLAND_PATTERN;
  if (!phonePattern.test(input.billPhone))
    throw fieldError('billPhone', overseas ? 'rules.billPhoneOverseas' : 'rules.billPhoneMainland');
  return {
    invoiceType: input.invoiceType,
    billMode: input.billMode,
    ...typed,
    taxNumber: typed.taxNumber ? typed.taxNumber.toUpperCase() : null,
    billUserName: input.billUserName,
    billMail: input.billMail,
    billPhone: input.billPhone,
  };
}

export function presentBill(row: BillRow): UserBill {
  return {
    billId: row.id,
    billDefaultStatus: row.billDefaultStatus === 1,
    invoiceType: row.invoiceType,
    billMode: row.billMode,
    companyName: row.companyName,
    taxNumber: row.taxNumber,
    personalName: row.personalName,
    bankDeposit: row.bankDeposit,
    billUserName: row.billUserName,
    billMail: row.billMail,
    billPhone: row.billPhone,
    billAddress: row.billAddress,
  };
}

/** The name an invoice is made out to: the company (enterprise) or the person (personal). */
export function billTitle(row: BillRow): string {
  return (row.invoiceType === 2 ? row.companyName : row.personalName) ?? row.billUserName;
}
