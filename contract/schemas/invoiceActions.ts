/**
 * Shapes of the actions on a sent invoice (TypeBox): the answer of a change (its sentence and the
 * invoice as it is now) and the e-mail form, asked for and sent. The PDF is a file, not JSON.
 */
import { Type } from "typebox";
import { Nullable } from "./answers";
import { InvoiceSchema } from "./invoices";

/** Long enough for a handful of addresses; SmartBill names no limit. */
export const EMAIL_ADDRESSES_MAX_LENGTH = 1000;
export const EMAIL_SUBJECT_MAX_LENGTH = 255;
export const EMAIL_BODY_MAX_LENGTH = 10_000;

/** POST /{id}/cancel, /{id}/restore, DELETE /{id}/smartbill: what was done, and the invoice with its lines. */
export const InvoiceActionAnswer = Type.Object({
  message: Type.String(),
  invoice: InvoiceSchema,
});

/** GET /{id}/email: the form, prefilled. */
export const InvoiceEmailFormSchema = Type.Object({
  to: Type.String({ description: "the customer's e-mail address, or '' when the customer has none" }),
  cc: Type.String({ description: "setting smartbill.email.cc, or ''" }),
  subject: Type.String({ description: "setting smartbill.email.subject, or the default; the invoice's series and number filled in" }),
  body: Type.String({ description: "setting smartbill.email.body, or the default, with SmartBill's placeholders (#serie numar document#, #total document#)" }),
});

/** POST /{id}/email: addresses separated by commas (or semicolons). */
export const invoiceEmailBody = Type.Object(
  {
    to: Type.String({ maxLength: EMAIL_ADDRESSES_MAX_LENGTH }),
    cc: Type.Optional(Nullable(Type.String({ maxLength: EMAIL_ADDRESSES_MAX_LENGTH }))),
    subject: Type.String({ maxLength: EMAIL_SUBJECT_MAX_LENGTH }),
    body: Type.String({ maxLength: EMAIL_BODY_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
