/**
 * The e-mail of a sent invoice: the form as the dialog opens it, and the form as sent, checked.
 *
 * The prefill: `to` is the customer's address; cc, subject and body are the tenant's settings
 * (INVOICE_EMAIL_SETTINGS, kept in 'Configurare parametrii' like any setting; none is a secret)
 * or the defaults of messages.ts. SmartBill fills its placeholders in the body; the subject gets
 * the invoice's series and number here, since SmartBill documents its placeholders for the body only.
 */
import type { Kysely } from "kysely";
import { isEmailAddress } from "../../../../contract/emailAddress";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { invoiceActionMessages as words, invoiceEmailDefaults } from "../../../messages";
import { readTenantProperties } from "../properties/properties.repository";
import type { IssuedInvoice } from "./afterSend";
import { invoiceName } from "./actionAnswer";

/** The tenant's settings that the form starts from. */
export const INVOICE_EMAIL_SETTINGS = {
  cc: "smartbill.email.cc",
  subject: "smartbill.email.subject",
  body: "smartbill.email.body",
} as const;

/** SmartBill's placeholder for the document's series and number. */
const DOCUMENT_PLACEHOLDER = "#serie numar document#";
/** More recipients than this is not an invoice's e-mail. */
export const MAX_ADDRESSES = 10;

export interface InvoiceEmailForm {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

export async function prefilledEmail(db: Kysely<Database>, invoice: IssuedInvoice): Promise<InvoiceEmailForm> {
  const settings = await readTenantProperties(db, invoice.tenantId, "smartbill.email.");
  const setting = (name: keyof typeof INVOICE_EMAIL_SETTINGS) => settings[INVOICE_EMAIL_SETTINGS[name]]?.trim() || invoiceEmailDefaults[name];
  const customer =
    invoice.clientId === null
      ? undefined
      : await db.selectFrom("customers").select("email").where("tenantId", "=", invoice.tenantId).where("id", "=", invoice.clientId).executeTakeFirst();
  return {
    to: customer?.email?.trim() ?? "",
    cc: setting("cc"),
    subject: setting("subject").replaceAll(DOCUMENT_PLACEHOLDER, invoiceName(invoice)),
    body: setting("body"),
  };
}

/** The form as sent: addresses as a comma-separated list, trimmed texts; 400 naming every bad field. */
export function checkEmailForm(body: { to: string; cc?: string | null; subject: string; body: string }): InvoiceEmailForm {
  const errors: Record<string, string> = {};
  const to = addressList(body.to, "to", errors, true);
  const cc = addressList(body.cc ?? "", "cc", errors, false);
  const subject = body.subject.trim();
  const subjectProblem = subject ? lineProblem(subject) : words.subjectRequired;
  if (subjectProblem) errors.subject = subjectProblem;
  const text = body.body.trim();
  if (!text) errors.body = words.bodyRequired;
  if (Object.keys(errors).length > 0) throw new HttpError(400, `${words.emailInvalid} ${Object.values(errors).join(" ")}`, errors);
  return { to, cc, subject, body: text };
}

/**
 * What is wrong with a setting that becomes part of the e-mail's header (its subject, its cc),
 * by the same rules as the form; undefined for any other setting or a good value.
 */
export function emailSettingProblem(name: string, value: string): string | undefined {
  if (name === INVOICE_EMAIL_SETTINGS.subject) return lineProblem(value);
  if (name === INVOICE_EMAIL_SETTINGS.cc) {
    const errors: Record<string, string> = {};
    addressList(value, "cc", errors, false);
    return errors.cc;
  }
  return undefined;
}

/**
 * A subject is one header line: a line break in it would end the header and start another
 * (`Factura\r\nBcc: …`), on SmartBill's side or any mail server's. U+2028/2029 too: some
 * readers break lines there.
 */
function lineProblem(text: string): string | undefined {
  return /[\r\n\u2028\u2029]/.test(text) ? words.subjectOneLine : undefined;
}

/** Addresses apart by `,` or `;`, each a plain local@domain (contract/emailAddress.ts). */
function addressList(text: string, field: string, errors: Record<string, string>, required: boolean): string {
  const addresses = text
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);
  const bad = addresses.find((address) => !isEmailAddress(address));
  if (bad !== undefined) errors[field] = words.addressInvalid(bad);
  else if (addresses.length > MAX_ADDRESSES) errors[field] = words.tooManyAddresses(MAX_ADDRESSES);
  else if (required && addresses.length === 0) errors[field] = words.recipientRequired;
  return addresses.join(",");
}
