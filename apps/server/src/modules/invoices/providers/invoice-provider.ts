import type { Selectable } from 'kysely';
import type { PayInvoiceTable } from '../../../db/tables/invoices.ts';

export type InvoiceRow = Selectable<PayInvoiceTable>;

/** What the back office hands over when it issues an invoice. */
export interface IssueRequest {
  invoice: InvoiceRow;
  /** The invoice number the tax service gave (manual: typed by the operator). */
  invoiceNo: string;
  /** The issued PDF (manual: uploaded by the operator). */
  pdf: Buffer;
}

export interface IssueResult {
  status: 'issued' | 'pending' | 'failed';
  invoiceNo?: string;
  pdf?: Buffer;
}

/**
 * Who issues invoices (issue 12 item 6). No tax service is reachable from this product, so the only
 * provider is `manual`: an operator issues the invoice elsewhere and uploads its PDF; a tax-service
 * provider would issue it itself and give back its number and PDF.
 */
export interface InvoiceProvider {
  readonly name: string;
  issue(request: IssueRequest): Promise<IssueResult>;
}

/** The manual provider: what the operator uploaded is the issued invoice. */
export const manualInvoiceProvider: InvoiceProvider = {
  name: 'manual',
  async issue({ invoiceNo, pdf }) {
    return { status: 'issued', invoiceNo, pdf };
  },
};
