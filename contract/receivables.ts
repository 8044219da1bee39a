/** The rows of 'Scadențe' (GET /api/smartbill/receivables), by invoice or by customer; contract/schemas/receivables.ts. */
import type { Static } from "typebox";
import type { ReceivableCustomerSchema, ReceivableInvoiceSchema, RECEIVABLE_VIEWS } from "./schemas/receivables";

export type ReceivableInvoice = Static<typeof ReceivableInvoiceSchema>;
export type ReceivableCustomer = Static<typeof ReceivableCustomerSchema>;
export type ReceivableView = (typeof RECEIVABLE_VIEWS)[number];
