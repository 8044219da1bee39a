/** The import form's starting values (spec section 9) and the form sent to the server. */
import type { InvoiceForm } from "../../contract/api";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import { romanianToday } from "../common/romanianTime";
import type { InvoiceFormValues } from "./InvoiceFormFields";

export function newInvoiceForm(): InvoiceFormValues {
  return {
    client: null,
    clientId: null,
    warehouseId: null,
    issueDate: romanianToday(),
    mentions: "",
    observations: "",
    ...INVOICE_DEFAULTS,
  };
}

/** The form without the screen-only fields, as the API takes it. */
export function formPayload({ client: _client, ...form }: InvoiceFormValues): InvoiceForm {
  return form;
}
