/** The import form's starting values (spec section 9) and the form sent to the server. */
import type { InvoiceForm } from "../../contract/api";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import type { InvoiceFormValues } from "./InvoiceFormFields";

/** Today as yyyy-mm-dd in Romania, whatever the browser's time zone. */
function todayInRomania(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(now);
}

export function newInvoiceForm(): InvoiceFormValues {
  return {
    client: null,
    clientId: null,
    warehouseId: null,
    issueDate: todayInRomania(),
    mentions: "",
    observations: "",
    ...INVOICE_DEFAULTS,
  };
}

/** The form without the screen-only fields, as the API takes it. */
export function formPayload({ client: _client, ...form }: InvoiceFormValues): InvoiceForm {
  return form;
}
