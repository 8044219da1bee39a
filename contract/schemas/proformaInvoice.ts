/**
 * POST /api/smartbill/proforma/{id}/invoice ('Transformă în factură'): the invoice SmartBill
 * issues from a sent proforma, exactly once.
 */
import { type Static, Type } from "typebox";
import { SERIES_NAME_MAX_LENGTH } from "../seriesName";
import { InvoiceSchema, SmartBillImportResultSchema } from "./invoices";

/** The invoice's series; missing: the series of the tenant's last invoice issued, else INVOICE_DEFAULTS.seriesName. */
export const proformaInvoiceBody = Type.Object(
  {
    seriesName: Type.Optional(Type.String({ maxLength: SERIES_NAME_MAX_LENGTH, description: "the invoice series; default: the series of the tenant's last invoice issued, else SBL" })),
  },
  { additionalProperties: false },
);
export type ProformaInvoiceRequest = Static<typeof proformaInvoiceBody>;

/** The proforma now (invoiceId, invoicedAs), the invoice issued from it (proformaId), and SmartBill's answer. */
export const ProformaInvoiceAnswer = Type.Object({
  proforma: InvoiceSchema,
  invoice: InvoiceSchema,
  importResult: SmartBillImportResultSchema,
});
export type ProformaInvoiceResult = Static<typeof ProformaInvoiceAnswer>;
