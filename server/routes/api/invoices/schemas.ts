/** The /api/smartbill/invoice routes' path parameters; their bodies and answers are contract/schemas/invoices.ts. */
import { idParams } from "../params";

export const invoiceIdParams = idParams("id");
export const lineInvoiceParams = idParams("invoiceId");
export const lineIdParams = idParams("id");
